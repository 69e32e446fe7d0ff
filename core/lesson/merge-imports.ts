import type { TopLevelItem } from './top-level.ts';

/**
 * The imports of a file carried into the next lesson: the learner's own import statements,
 * with the names the carried code now uses (from the next lesson's imports) added to them.
 */

/** One `{ name }` of an import statement. */
interface Named {
  name: string;
  local: string;
  typeOnly: boolean;
}

/** A statement of the form `import [type] { a, type b as c } from 'module';`. */
interface NamedImport {
  module: string;
  quote: string;
  typeOnly: boolean;
  named: Named[];
}

const NAMED_IMPORT = /^import\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\3\s*;?$/;

function parseNamed(code: string): NamedImport | undefined {
  const match = NAMED_IMPORT.exec(code.trim());
  if (!match) return;
  const named: Named[] = [];
  for (const spec of (match[2] ?? '').split(',')) {
    const parts = /^(type\s+)?([\p{ID_Start}$_][\p{ID_Continue}$]*)(?:\s+as\s+(\S+))?$/u.exec(
      spec.trim(),
    );
    if (!parts) {
      if (spec.trim() === '') continue;
      return;
    }
    named.push({
      name: parts[2] as string,
      local: parts[3] ?? (parts[2] as string),
      typeOnly: !!parts[1],
    });
  }
  return { module: match[4] as string, quote: match[3] as string, typeOnly: !!match[1], named };
}

/** The widest line the course's files are formatted to (Prettier's printWidth). */
const PRINT_WIDTH = 100;

function print(clause: NamedImport): string {
  const specs = clause.named.map(
    (n) =>
      `${n.typeOnly && !clause.typeOnly ? 'type ' : ''}${n.name}${n.local === n.name ? '' : ` as ${n.local}`}`,
  );
  const head = `import ${clause.typeOnly ? 'type ' : ''}`;
  const tail = ` from ${clause.quote}${clause.module}${clause.quote};`;
  const oneLine = `${head}{ ${specs.join(', ')} }${tail}`;
  if (oneLine.length <= PRINT_WIDTH) return oneLine;
  return `${head}{\n${specs.map((s) => `  ${s},\n`).join('')}}${tail}`;
}

const sorted = (names: readonly string[]) =>
  names.every((name, i) => i === 0 || (names[i - 1] as string) <= name);

/**
 * The learner's import statements with every name `theirs` imports that the carried code
 * uses (`used`) and does not declare itself (`declared`) added: to the learner's statement
 * from the same module, or in a statement of its own after theirs.
 */
export function mergeImports(
  ours: readonly TopLevelItem[],
  theirs: readonly TopLevelItem[],
  used: ReadonlySet<string>,
  declared: ReadonlySet<string>,
): string[] {
  const mine = ours.map((item) => parseNamed(item.text.slice(item.codeAt)));
  const grown = new Set<number>();
  const bound = new Set([...declared, ...ours.flatMap((item) => item.names)]);
  const added: string[] = [];
  for (const item of theirs) {
    const code = item.text.slice(item.codeAt);
    const clause = parseNamed(code);
    if (!clause) {
      // `import Anthropic from '...'`, a namespace: taken whole when it binds a name needed.
      if (item.names.some((n) => used.has(n) && !bound.has(n))) {
        added.push(code);
        for (const n of item.names) bound.add(n);
      }
      continue;
    }
    const wanted = clause.named
      .filter((n) => used.has(n.local) && !bound.has(n.local))
      .map((n) => ({ ...n, typeOnly: n.typeOnly || clause.typeOnly }));
    if (wanted.length === 0) continue;
    for (const n of wanted) bound.add(n.local);
    // Into the learner's statement from that module, unless it is `import type` and a value is wanted.
    const at = mine.findIndex(
      (m) => m?.module === clause.module && (!m.typeOnly || wanted.every((n) => n.typeOnly)),
    );
    const target = mine[at];
    if (!target) {
      added.push(print({ ...clause, named: wanted }));
      continue;
    }
    const inOrder = sorted(target.named.map((n) => n.name));
    target.named.push(...wanted);
    if (inOrder) target.named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    grown.add(at);
  }
  const out = ours.map((item, i) => {
    const clause = mine[i];
    return grown.has(i) && clause ? item.text.slice(0, item.codeAt) + print(clause) : item.text;
  });
  return [...out, ...added];
}
