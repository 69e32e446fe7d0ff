import { mergeImports } from './merge-imports.ts';
import { mergeLines } from './merge-lines.ts';
import { splitTopLevel, type TopLevelFile, type TopLevelItem } from './top-level.ts';

/**
 * A three-way merge of one file, per top-level declaration: base = the code a lesson ended
 * with (its reference), ours = the learner's version of it, theirs = the next lesson's starter.
 * The learner's declarations are kept, the starter's new and changed ones are taken, and a
 * declaration that both changed is a clash, which the learner settles (`CarryChoice`). What
 * the kept code needs (a helper the learner never wrote, an import) comes from the starter.
 */

/** What the learner chose for a clash: their version, the course's, or both in the file. */
export type CarryChoice = 'mine' | 'course' | 'both';

/** A declaration the learner's code and the next lesson's starter cannot both have as it is. */
export interface DeclarationClash {
  /** The declaration's name. */
  name: string;
  /**
   * `both-changed`: the learner changed it, and so does the new starter. `stands-in`: the
   * starter changes `for` (from `was` to `now`), which the learner's code does not have; in
   * the course's code this declaration calls it, and the learner's does that work itself.
   */
  reason: { kind: 'both-changed' } | { kind: 'stands-in'; for: string; was: string; now: string };
  /** The learner's version. */
  mine: string;
  /** The next lesson's version. */
  course: string;
  /** The version the lesson before ended with (a `both-changed` clash's, when it had one). */
  base?: string;
  /** Both changes merged line by line, when they merge cleanly: what `both` gives then. */
  merged?: string;
}

/** Where a declaration of the carried file comes from. */
type Source = 'mine' | 'course' | 'clash' | 'if-needed';

interface Slot {
  key: string;
  mine?: TopLevelItem;
  course?: TopLevelItem;
  source: Source;
  clash?: DeclarationClash;
  /** The merged version's own scan, for the names it uses. */
  mergedItem?: TopLevelItem;
}

/** A file's merge, before the learner's choices: what `renderDeclarations` turns into text. */
export interface DeclarationPlan {
  clashes: DeclarationClash[];
  slots: Slot[];
  ours: TopLevelFile;
  theirs: TopLevelFile;
  required: readonly string[];
}

/** The text of a carried file, and which declarations are the learner's and which the course's. */
export interface RenderedFile {
  text: string;
  /** The learner's declarations, kept as they wrote them (or combined, by their choice). */
  kept: string[];
  /** Declarations taken from the next lesson's starter. */
  taken: string[];
}

/** The default for a clash the learner has not settled: both, when they merge cleanly; else theirs. */
export function defaultChoice(clash: DeclarationClash): CarryChoice {
  return clash.merged ? 'both' : 'mine';
}

const declarations = (file: TopLevelFile) =>
  new Map(file.items.filter((i) => i.kind !== 'import').map((i) => [i.key, i]));

/**
 * Plans the merge; `required` are names the lesson's harness imports from the file, which the
 * result must declare. A string says which version could not be read as declarations.
 */
export function planDeclarations(
  base: string,
  ours: string,
  theirs: string,
  required: readonly string[] = [],
): DeclarationPlan | string {
  const files = {
    base: splitTopLevel(base),
    ours: splitTopLevel(ours),
    theirs: splitTopLevel(theirs),
  };
  for (const [which, file] of Object.entries(files)) {
    if (typeof file === 'string') return `${which}: ${file}`;
  }
  const [b, o, t] = [files.base, files.ours, files.theirs] as TopLevelFile[];
  const [B, O, T] = [
    declarations(b as TopLevelFile),
    declarations(o as TopLevelFile),
    declarations(t as TopLevelFile),
  ];
  const slots: Slot[] = [];
  for (const [key, mine] of O) {
    const was = B.get(key);
    const course = T.get(key);
    let source: Source;
    if (course) {
      if (mine.text === course.text || (was && course.text === was.text)) source = 'mine';
      else if (was && mine.text === was.text) source = 'course';
      else source = 'clash';
    } else source = was && mine.text === was.text ? 'if-needed' : 'mine';
    slots.push({ key, mine, ...(course ? { course } : {}), source });
  }
  for (const [key, course] of T) {
    if (!O.has(key)) slots.push({ key, course, source: B.has(key) ? 'if-needed' : 'course' });
  }
  // A declaration the starter changes, which the learner's code lacks: whatever of theirs the
  // course's code would have called it from does that work now, and the lesson changes it.
  for (const [gone, course] of T) {
    const was = B.get(gone);
    if (O.has(gone) || !was || was.text === course.text) continue;
    for (const slot of slots) {
      const [mine, before, now] = [slot.mine, B.get(slot.key), slot.course];
      if (slot.source !== 'mine' || !mine || !before || !now) continue;
      if (before.refs.has(gone) && now.refs.has(gone) && !mine.refs.has(gone)) {
        slot.source = 'clash';
        slot.clash = {
          name: slot.key,
          reason: { kind: 'stands-in', for: gone, was: was.text, now: course.text },
          mine: mine.text,
          course: now.text,
        };
      }
    }
  }
  for (const slot of slots) {
    if (slot.source !== 'clash' || slot.clash) continue;
    const [mine, course] = [slot.mine as TopLevelItem, slot.course as TopLevelItem];
    slot.clash = {
      name: slot.key,
      reason: { kind: 'both-changed' },
      mine: mine.text,
      course: course.text,
    };
    const was = B.get(slot.key);
    if (was) slot.clash.base = was.text;
    const merged = was && mergeLines(was.text, mine.text, course.text);
    const item = merged?.ok ? splitTopLevel(merged.text) : undefined;
    const only = typeof item === 'object' && item.items.length === 1 ? item.items[0] : undefined;
    if (only && only.key === slot.key && merged?.ok) {
      slot.clash.merged = only.text;
      slot.mergedItem = only;
    }
  }
  const clashes = slots.flatMap((s) => (s.clash ? [s.clash] : []));
  return { clashes, slots, ours: o as TopLevelFile, theirs: t as TopLevelFile, required };
}

/** A clash's "both": merged when that went cleanly, else the course's as a comment above theirs. */
function bothText(clash: DeclarationClash): string {
  if (clash.merged) return clash.merged;
  const commented = clash.course
    .split('\n')
    .map((line) => (line ? `// ${line}` : '//'))
    .join('\n');
  return `// This lesson's version of ${clash.name}, to combine with yours below (then delete it):\n${commented}\n${clash.mine}`;
}

interface Placed {
  slot: Slot;
  item: TopLevelItem;
  text: string;
  refs: Set<string>;
  names: string[];
  gapLines: number;
  mine: boolean;
}

/** The carried file, given the learner's choice for each clash (unsettled: `defaultChoice`). */
export function renderDeclarations(
  plan: DeclarationPlan,
  choices: Readonly<Record<string, CarryChoice>> = {},
): RenderedFile {
  const placed = new Map<Slot, Placed>();
  const place = (
    slot: Slot,
    item: TopLevelItem,
    mine: boolean,
    text = item.text,
    refs = item.refs,
  ) =>
    placed.set(slot, { slot, item, text, refs, names: item.names, gapLines: item.gapLines, mine });
  const deferred: Slot[] = [];
  for (const slot of plan.slots) {
    const { mine, course, clash } = slot;
    if (slot.source === 'mine' && mine) place(slot, mine, true);
    else if (slot.source === 'course' && course) place(slot, course, false);
    else if (slot.source === 'if-needed') deferred.push(slot);
    else if (clash && mine && course) {
      const choice = choices[clash.name] ?? defaultChoice(clash);
      if (choice === 'mine') place(slot, mine, true);
      else if (choice === 'course') place(slot, course, false);
      else {
        const refs = slot.mergedItem?.refs ?? new Set([...mine.refs, ...course.refs]);
        place(slot, mine, true, bothText(clash), refs);
      }
    }
  }
  const imports = plan.ours.items.filter((i) => i.kind === 'import');
  const bound = () =>
    new Set([...[...placed.values()].flatMap((p) => p.names), ...imports.flatMap((i) => i.names)]);
  const needed = () =>
    new Set([...[...placed.values()].flatMap((p) => [...p.refs]), ...plan.required]);
  // What the kept code uses and does not declare: the starter's, the learner's if the starter dropped it.
  for (let grew = true; grew;) {
    grew = false;
    const [has, uses] = [bound(), needed()];
    for (const slot of deferred) {
      const item = slot.course ?? slot.mine;
      if (!item || placed.has(slot) || item.names.some((n) => has.has(n))) continue;
      if (item.names.some((n) => uses.has(n))) {
        place(slot, item, !slot.course);
        grew = true;
        break;
      }
    }
  }
  const order = ordered(plan, placed);
  const importLines = mergeImports(
    imports,
    plan.theirs.items.filter((i) => i.kind === 'import'),
    needed(),
    bound(),
  );
  const pieces: string[] = [];
  importLines.forEach((text, i) =>
    pieces.push(`${i === 0 ? '' : '\n'.repeat(1 + (imports[i]?.gapLines ?? 0))}${text}`),
  );
  const before = new Map<TopLevelItem, TopLevelItem | undefined>();
  for (const f of [plan.ours, plan.theirs]) {
    f.items.forEach((item, i) => before.set(item, f.items[i - 1]));
  }
  order.forEach((p, i) => {
    const previous = order[i - 1];
    // Lines written together in one version stay together; elsewhere, a blank line between.
    const together = previous && before.get(p.item) === previous.item;
    const gap = together ? p.gapLines : Math.max(1, p.gapLines);
    pieces.push(`${pieces.length === 0 ? '' : '\n'.repeat(1 + gap)}${p.text}`);
  });
  if (plan.ours.trailing) pieces.push(`${pieces.length === 0 ? '' : '\n\n'}${plan.ours.trailing}`);
  const kept = order.filter((p) => p.mine).map((p) => p.slot.key);
  const taken = order.filter((p) => !p.mine).map((p) => p.slot.key);
  return { text: `${pieces.join('')}\n`, kept, taken };
}

/** The learner's declarations in their order, each of the starter's after the one it follows there. */
function ordered(plan: DeclarationPlan, placed: Map<Slot, Placed>): Placed[] {
  const theirOrder = plan.theirs.items.filter((i) => i.kind !== 'import').map((i) => i.key);
  const out = plan.slots.filter((s) => s.mine && placed.has(s)).map((s) => placed.get(s) as Placed);
  for (const key of theirOrder) {
    const slot = plan.slots.find((s) => s.key === key && !s.mine);
    const p = slot && placed.get(slot);
    if (!p) continue;
    let at = -1;
    for (let j = theirOrder.indexOf(key) - 1; j >= 0 && at < 0; j--) {
      at = out.findIndex((q) => q.slot.key === theirOrder[j]);
    }
    out.splice(at + 1, 0, p);
  }
  return out;
}
