import { scanCode, type Scan, type Word } from './scan-code.ts';

/**
 * A TypeScript file as its top-level statements: each import, declaration and other
 * statement with the comment lines right above it, what it declares and what names it uses.
 * This is what carrying a learner's code into the next lesson merges, one declaration at a time.
 */

/** One top-level statement, with its leading comments. */
export interface TopLevelItem {
  /** An `import`; a `declaration` (function, class, type, const...); an `export { }` list; else `statement`. */
  kind: 'import' | 'declaration' | 'export' | 'statement';
  /** What identifies it between two versions of a file: its name, for a declaration. */
  key: string;
  /** The top-level names it declares, or (an import) binds. */
  names: string[];
  /** The names it exports. */
  exports: string[];
  /** Its text, from its first comment line to the end of its code. */
  text: string;
  /** Where in `text` its code starts, after the leading comments. */
  codeAt: number;
  /** Blank lines between it and what is above it. */
  gapLines: number;
  /** Identifiers its code uses, property names after a `.` aside (keywords included). */
  refs: Set<string>;
}

export interface TopLevelFile {
  items: TopLevelItem[];
  /** Comment lines after the last statement, if any. */
  trailing: string;
}

/** The words that can only continue a statement from the line before, not start one. */
const CONTINUES_FIRST = new Set([...'.,)]}?:|&+-*/=><%^']);
/** A line after one of these tokens continues the statement above it. */
const CONTINUES_AFTER = new Set([
  ...'=,([{+-*/%&|^!~?:<>.',
  '...',
  ...'extends implements return new typeof keyof as satisfies in of instanceof await yield export default async declare'.split(
    ' ',
  ),
]);
const MODIFIERS = new Set(['export', 'default', 'declare', 'abstract', 'async']);
const DECLARES = new Set([
  'function',
  'class',
  'interface',
  'type',
  'enum',
  'const',
  'let',
  'var',
  'namespace',
  'module',
]);

/** Splits a file into its top-level statements; a string says why it could not be scanned. */
export function splitTopLevel(source: string): TopLevelFile | string {
  const text = source.replace(/\r\n?/g, '\n');
  const scan = scanCode(text);
  if (typeof scan === 'string') return scan;
  const { lines } = scan;
  const lineEnd = (l: number) =>
    l + 1 < lines.length ? (lines[l + 1]?.at as number) - 1 : text.length;
  const ranges: { first: number; code: number; end: number }[] = [];
  /** The first line of the blank and comment lines since the last line of code, if any. */
  let pending = -1;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l] as (typeof lines)[number];
    if (!line.code || line.depth > 0) continue;
    const body = text.slice(line.at, lineEnd(l)).trimStart();
    if (body === '' || body.startsWith('//') || body.startsWith('/*')) {
      if (pending < 0) pending = l;
      continue;
    }
    const continues = CONTINUES_FIRST.has(body[0] as string) || CONTINUES_AFTER.has(line.last);
    if (!continues || ranges.length === 0) {
      const previous = ranges.at(-1);
      if (previous) previous.end = pending >= 0 ? pending : l;
      ranges.push({ first: pending >= 0 ? pending : l, code: l, end: lines.length });
    }
    pending = -1;
  }
  const items: TopLevelItem[] = [];
  const lastRange = ranges.at(-1);
  if (lastRange && pending >= 0) lastRange.end = pending;
  for (const range of ranges) {
    let first = range.first;
    while (first < range.code && text.slice(lines[first]?.at, lineEnd(first)).trim() === '')
      first++;
    const start = lines[first]?.at as number;
    const codeStart = lines[range.code]?.at as number;
    const end = start + text.slice(start, lineEnd(range.end - 1)).trimEnd().length;
    const item = describe(text, scan, start, codeStart, end);
    item.gapLines = first - range.first;
    const previous = items.at(-1);
    // Overloads, and a type beside its value of the same name: one declaration.
    if (
      previous &&
      previous.kind === 'declaration' &&
      previous.key === item.key &&
      item.gapLines === 0
    ) {
      previous.text = `${previous.text}\n${item.text}`;
      for (const ref of item.refs) previous.refs.add(ref);
      previous.exports = [...new Set([...previous.exports, ...item.exports])];
      continue;
    }
    const same = items.filter(
      (other) => other.key === item.key || other.key.startsWith(`${item.key}#`),
    );
    if (same.length > 0) item.key = `${item.key}#${same.length + 1}`;
    items.push(item);
  }
  const tailFrom = pending >= 0 ? (lines[pending]?.at as number) : text.length;
  const trailing = ranges.length === 0 ? text.trim() : text.slice(tailFrom).trim();
  return { items, trailing };
}

function describe(
  text: string,
  scan: Scan,
  start: number,
  codeStart: number,
  end: number,
): TopLevelItem {
  const words = scan.words.filter((w) => w.at >= codeStart && w.at < end);
  const depth = words[0]?.depth ?? 0;
  const top = words.filter((w) => w.depth === depth);
  const code = text.slice(codeStart, end);
  const item: TopLevelItem = {
    kind: 'statement',
    key: `statement:${code.replace(/\s+/g, ' ')}`,
    names: [],
    exports: [],
    text: text.slice(start, end),
    codeAt: codeStart - start,
    gapLines: 0,
    refs: new Set(words.filter((w) => !w.member).map((w) => w.text)),
  };
  const charAfter = (w: Word | undefined) =>
    w ? text.slice(w.at + w.text.length).trimStart()[0] : '';
  const head = top[0];
  if (head?.text === 'import' && !/^[(.]/.test(charAfter(head) ?? '')) {
    item.kind = 'import';
    item.key = `import:${code.replace(/\s+/g, ' ')}`;
    item.names = importedNames(code);
    return item;
  }
  if (head?.text === 'export' && /^(type\s*)?[{*]/.test(text.slice(head.at + 6).trimStart())) {
    item.kind = 'export';
    item.key = `export:${code.replace(/\s+/g, ' ')}`;
    item.exports = exportedNames(code);
    return item;
  }
  let k = 0;
  const modifiers = new Set<string>();
  while (top[k] && MODIFIERS.has(top[k]?.text as string)) modifiers.add(top[k++]?.text as string);
  const keyword = top[k];
  if (modifiers.has('default')) {
    item.kind = 'declaration';
    item.key = 'default';
    item.exports = ['default'];
    const named = keyword && DECLARES.has(keyword.text) ? top[k + 1] : undefined;
    if (named && /^[\p{ID_Start}$_]/u.test(named.text)) item.names = [named.text];
    return item;
  }
  if (!keyword || !DECLARES.has(keyword.text)) return item;
  let nameAt = k + 1;
  if (keyword.text === 'const' && top[nameAt]?.text === 'enum') nameAt++;
  const name = top[nameAt];
  // A destructuring `const { a, b } = ...` stays a statement, keyed by its code.
  const between = text.slice(keyword.at + keyword.text.length, name?.at).replace(/^\s*\*/, '');
  if (!name || between.trim() !== '') return item;
  item.kind = 'declaration';
  item.key = name.text;
  item.names = [name.text];
  if (modifiers.has('export')) item.exports = [name.text];
  return item;
}

/** The local names an import statement binds. */
function importedNames(code: string): string[] {
  const clause = /^import\s+([\s\S]*?)\s+from\s*['"]/.exec(code)?.[1];
  if (!clause) return [];
  const names: string[] = [];
  const withoutType = clause.replace(/^type\s+(?=[\w${*])/, '');
  const braces = /\{([\s\S]*)\}/.exec(withoutType);
  for (const spec of braces?.[1]?.split(',') ?? []) {
    const local = spec
      .trim()
      .split(/\s+as\s+/)
      .at(-1)
      ?.replace(/^type\s+/, '')
      .trim();
    if (local) names.push(local);
  }
  const rest = withoutType.replace(/\{[\s\S]*\}/, '');
  const ns = /\*\s*as\s+([\p{ID_Start}$_][\p{ID_Continue}$]*)/u.exec(rest);
  if (ns?.[1]) names.push(ns[1]);
  const def = /^([\p{ID_Start}$_][\p{ID_Continue}$]*)/u.exec(rest.trim());
  if (def?.[1]) names.push(def[1]);
  return names;
}

/** The names an `export { a, b as c }` statement exports (`*` for `export * from`). */
function exportedNames(code: string): string[] {
  const braces = /\{([\s\S]*?)\}/.exec(code);
  if (!braces) return ['*'];
  return (braces[1] ?? '')
    .split(',')
    .map(
      (spec) =>
        spec
          .trim()
          .split(/\s+as\s+/)
          .at(-1)
          ?.replace(/^type\s+/, '')
          .trim() ?? '',
    )
    .filter(Boolean);
}
