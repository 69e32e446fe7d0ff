import { harnessImports } from './harness-imports.ts';
import {
  defaultChoice,
  planDeclarations,
  renderDeclarations,
  type CarryChoice,
  type DeclarationClash,
  type DeclarationPlan,
} from './merge-declarations.ts';
import type { FileMap, Lesson } from './types.ts';

export type { CarryChoice } from './merge-declarations.ts';

/**
 * Lessons are stages over one codebase: each starter is an earlier lesson's reference plus a
 * new stub. So the learner's own code can start the next lesson: per file, a merge per
 * top-level declaration of base = the reference of the latest earlier lesson that had the file,
 * ours = the learner's code for that lesson, theirs = the next starter (`merge-declarations.ts`).
 * A file may skip lessons: part one's `src/loop.ts` sits out the SDK lessons and comes back in
 * part two. Both hosts carry code this way; each says what the learner's code is for a lesson.
 */

/**
 * The learner's code for a lesson, as a host keeps it (the page: what passed there; the CLI:
 * the file on disk, for the stage the directory was at or before), or undefined.
 */
export type LearnerCode = (lesson: Lesson) => FileMap | undefined;

/** Where one file of a lesson carries from. */
export interface CarrySource {
  path: string;
  /** The latest earlier lesson with the file for which there is learner code: its reference is the base. */
  from: Lesson;
  /** The learner's version of the file there. */
  mine: string;
}

/**
 * The latest lesson before `next` whose editable files include `path` and for which `accept`
 * holds; none once a lesson has it read-only (what the learner had there is the course's).
 */
export function latestWith(
  lessons: readonly Lesson[],
  next: Lesson,
  path: string,
  accept: (lesson: Lesson) => boolean = () => true,
): Lesson | undefined {
  const earlier = lessons.filter((l) => l.index < next.index).sort((a, b) => b.index - a.index);
  for (const lesson of earlier) {
    if (lesson.starter[path] === undefined) continue;
    if (lesson.readOnly.includes(path)) return undefined;
    if (accept(lesson)) return lesson;
  }
}

/** Per editable file of `next`, where it carries from: see `latestWith` and `LearnerCode`. */
export function carrySources(
  lessons: readonly Lesson[],
  next: Lesson,
  codeOf: LearnerCode,
): CarrySource[] {
  const sources: CarrySource[] = [];
  for (const path of Object.keys(next.starter)) {
    if (next.readOnly.includes(path)) continue;
    const from = latestWith(lessons, next, path, (l) => codeOf(l)?.[path] !== undefined);
    const mine = from && codeOf(from)?.[path];
    if (from && mine !== undefined) sources.push({ path, from, mine });
  }
  return sources;
}

/** Something the learner settles before their code and the next lesson's starter are one file. */
export interface CarryClash {
  /** What its choice is recorded under: `src/loop.ts#runLoop`, or the path for a whole file. */
  id: string;
  path: string;
  /** The id of the lesson the learner's version comes from. */
  from: string;
  /** The declaration's name; '' when the file is the choice as a whole. */
  name: string;
  /** A declaration clash's reason, or `whole-file`: the learner's file could not be read as declarations. */
  reason: DeclarationClash['reason'] | { kind: 'whole-file'; problem: string };
  /** The learner's version. */
  mine: string;
  /** The next lesson's version. */
  course: string;
  /** The previous lesson's version, which both changed (when there was one). */
  base?: string;
  /** Both changes merged line by line, when that merged cleanly. */
  merged?: string;
}

/** One editable file of the next lesson that the learner's code carries into. */
export interface CarriedFile {
  path: string;
  /** The id of the lesson the learner's version comes from (see `CarrySource`). */
  from: string;
  /** The learner's version. */
  mine: string;
  /** The next lesson's starter. */
  course: string;
  /** The merge per declaration; undefined when the learner's file is taken or left as a whole. */
  plan: DeclarationPlan | undefined;
}

export type CarryForward =
  /** Nothing to carry: no file in common, or the learner's code is the reference's. */
  | { kind: 'none' }
  /** The learner's code goes on: `carriedFiles` writes it, given the choices for `clashes`. */
  | { kind: 'carried'; clashes: CarryClash[]; files: CarriedFile[] };

/** The next lesson's editable files from the learner's code, and whose each declaration is. */
export interface CarriedFiles {
  files: FileMap;
  /** The learner's own declarations in them. */
  kept: string[];
  /** The next lesson's declarations they take (new ones, changed ones, helpers the learner's code needs). */
  taken: string[];
}

/** How a clash the learner has not settled is carried. */
export function clashDefault(clash: CarryClash): CarryChoice {
  if (clash.reason.kind === 'whole-file') return 'course';
  return defaultChoice({ ...clash, reason: clash.reason });
}

/**
 * The learner's code carried into `next` (one of `lessons`, the course in order), each file
 * from where `carrySources` finds it.
 */
export function carryForward(
  lessons: readonly Lesson[],
  next: Lesson,
  codeOf: LearnerCode,
): CarryForward {
  const files: CarriedFile[] = [];
  const clashes: CarryClash[] = [];
  const required = harnessImports(next);
  for (const { path, from, mine } of carrySources(lessons, next, codeOf)) {
    const base = from.reference[path];
    const starter = next.starter[path] as string;
    if (base === undefined || normalise(mine) === normalise(base)) continue;
    const plan = planDeclarations(base, mine, starter, required[path]);
    if (typeof plan === 'string') {
      const reason = { kind: 'whole-file', problem: plan } as const;
      clashes.push({ id: path, path, from: from.id, name: '', reason, mine, course: starter });
      files.push({ path, from: from.id, mine, course: starter, plan: undefined });
      continue;
    }
    for (const clash of plan.clashes) {
      clashes.push({ ...clash, id: `${path}#${clash.name}`, path, from: from.id });
    }
    files.push({ path, from: from.id, mine, course: starter, plan });
  }
  if (files.length === 0) return { kind: 'none' };
  const carry = { kind: 'carried', clashes, files } as const;
  const { files: out } = carriedFiles(next, carry);
  const same = files.every((f) => normalise(out[f.path] ?? '') === normalise(f.course));
  return same && clashes.length === 0 ? { kind: 'none' } : carry;
}

/**
 * The next lesson's editable files as the learner's code carries into them, with `choices`
 * (by clash id) settling the clashes; an unsettled one takes `clashDefault`.
 */
export function carriedFiles(
  next: Lesson,
  carry: Extract<CarryForward, { kind: 'carried' }>,
  choices: Readonly<Record<string, CarryChoice>> = {},
): CarriedFiles {
  const files: FileMap = {};
  const kept: string[] = [];
  const taken: string[] = [];
  for (const [path, text] of Object.entries(next.starter)) {
    if (!next.readOnly.includes(path)) files[path] = text;
  }
  for (const file of carry.files) {
    if (!file.plan) {
      const clash = carry.clashes.find((c) => c.id === file.path);
      const choice = choices[file.path] ?? (clash ? clashDefault(clash) : 'course');
      files[file.path] = choice === 'mine' ? file.mine : file.course;
      continue;
    }
    const prefix = `${file.path}#`;
    const own: Record<string, CarryChoice> = {};
    for (const [id, choice] of Object.entries(choices)) {
      if (id.startsWith(prefix)) own[id.slice(prefix.length)] = choice;
    }
    const rendered = renderDeclarations(file.plan, own);
    files[file.path] = rendered.text;
    kept.push(...rendered.kept);
    taken.push(...rendered.taken);
  }
  return { files, kept, taken };
}

/**
 * Moves a draft from one carried version to another, when the learner chooses a clash anew:
 * each file they have not touched since becomes the new version; in one they edited, the
 * declarations they edited stay theirs, unless the new version changes that very one.
 */
export function rebaseCarried(now: FileMap, before: FileMap, after: FileMap): FileMap {
  const out: FileMap = { ...now };
  for (const [path, text] of Object.entries(after)) {
    const current = now[path];
    const was = before[path];
    if (current === undefined || was === undefined || normalise(current) === normalise(was)) {
      out[path] = text;
      continue;
    }
    const plan = planDeclarations(was, current, text);
    if (typeof plan === 'string') {
      out[path] = text;
      continue;
    }
    const theirs = Object.fromEntries(plan.clashes.map((c) => [c.name, 'course' as const]));
    out[path] = renderDeclarations(plan, theirs).text;
  }
  return out;
}

function normalise(text: string): string {
  return text.replace(/\r\n/g, '\n');
}
