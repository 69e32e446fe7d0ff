import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  PACK_LIMITS,
  loadCourse,
  readPackBytes,
  sealCourse,
  startGrading,
  type FileMap,
  type Lesson,
} from '../../core/index.ts';
import { readTree, type NodeHost } from '../node-host.ts';
import { style } from '../style.ts';
import { terminalLine } from '../terminal-text.ts';

/** What `check` reads of a lesson's rules.json (fixtures/README.md, "A lesson's checklist"). */
interface Rules {
  rules: { rule?: unknown; cases?: unknown }[];
  starterPasses?: Record<string, unknown>;
}

function readRules(files: FileMap, lesson: Lesson, problems: string[]): Rules | undefined {
  const text = files[`${lesson.id}/rules.json`];
  if (text === undefined) {
    problems.push(`${lesson.id}/rules.json is missing: every rule of task.md needs a case.`);
    return;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    problems.push(`${lesson.id}/rules.json is not valid JSON.`);
    return;
  }
  const rules = (data as Rules | null)?.rules;
  if (!Array.isArray(rules)) {
    problems.push(`${lesson.id}/rules.json has no "rules" list.`);
    return;
  }
  const names = new Set(lesson.cases.map((c) => c.name));
  rules.forEach((rule, i) => {
    const cases = Array.isArray(rule.cases) ? rule.cases : [];
    if (cases.length === 0) problems.push(`${lesson.id}/rules.json rule ${i + 1} has no case.`);
    for (const name of cases) {
      if (!names.has(String(name)))
        problems.push(
          `${lesson.id}/rules.json rule ${i + 1} names no case of the lesson: ${String(name)}.`,
        );
    }
  });
  return data as Rules;
}

/**
 * A course pack's files: a folder laid out as fixtures/ is, or the same in one file (a JSON
 * `{ "files": { "course.json": "...", "<lesson>/lesson.json": "...", ... } }`, or a zip of the
 * folder), read by the core as the playground reads it. Or what is wrong, a line a problem.
 */
function readCoursePack(path: string): FileMap | string {
  const what = `a course pack is a folder with course.json and a folder per lesson, one JSON file { "files": { path: text } }, or a zip of the folder (fixtures/README.md)`;
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return `${terminalLine(path)} is not there: ${what}.`;
  }
  if (stat.isDirectory()) {
    return existsSync(join(path, 'course.json'))
      ? readTree(path)
      : `No course.json in ${terminalLine(path)}: ${what}.`;
  }
  if (stat.size > PACK_LIMITS.bytes) return `${terminalLine(path)} is too large for a course pack.`;
  const read = readPackBytes(readFileSync(path), basename(path));
  if (read.ok) return read.files;
  return read.problems.map((p) => terminalLine(`${p.file} ${p.field}: ${p.message}`)).join('\n');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

async function grade(host: NodeHost, lesson: Lesson, files: FileMap) {
  host.prepare(lesson.cases.length);
  return startGrading(host, lesson, files).result;
}

/** Every problem with one lesson: its reference, its starter, its rules, its seals. */
async function checkLesson(host: NodeHost, files: FileMap, lesson: Lesson, sealed: Lesson) {
  const problems: string[] = [];
  const reference = await grade(host, lesson, lesson.reference);
  for (const c of reference.cases.filter((r) => r.status !== 'pass'))
    problems.push(`${lesson.id}: the reference fails ${c.name}: ${c.message}`);
  const rules = readRules(files, lesson, problems);
  const keeps = rules?.starterPasses ?? {};
  const starter = await grade(host, lesson, lesson.starter);
  for (const c of starter.cases) {
    if (c.name in keeps) {
      if (c.status !== 'pass')
        problems.push(
          `${lesson.id}: the starter fails ${c.name}, which rules.json says it passes.`,
        );
    } else if (c.status === 'pass') {
      problems.push(`${lesson.id}: the starter passes ${c.name}: a starter must fail every case.`);
    } else if (c.message.trim() === '') {
      problems.push(`${lesson.id}: the starter fails ${c.name} without a diagnostic.`);
    }
  }
  // Sealed as learners get it: no expected output of a hidden case, and the reference still
  // passes by the digests alone.
  for (const c of sealed.cases.filter((t) => !t.visible && (t.expected !== undefined || !t.sealed)))
    problems.push(`${lesson.id}: hidden case ${c.name} is not sealed.`);
  if (sealed.cases.some((c) => !c.visible)) {
    const once = await grade(host, sealed, sealed.reference);
    for (const c of once.cases.filter((r) => r.status !== 'pass'))
      problems.push(
        `${lesson.id}: sealed, the reference fails hidden case ${c.name}: ${c.message}`,
      );
  }
  return problems;
}

/**
 * `theinference check <folder>`: a course pack (the layout of fixtures/) loads by the schemas,
 * every reference passes and every starter fails each case, every rule names a case, and each
 * hidden case seals. Exit 0, or 1 naming each problem.
 */
export async function checkCoursePack(host: NodeHost, folder: string): Promise<number> {
  const root = resolve(folder);
  const files = readCoursePack(root);
  if (typeof files === 'string') {
    host.close();
    process.stderr.write(`${files}\n`);
    return 1;
  }
  const loaded = loadCourse(files);
  const problems: string[] = [];
  if (!loaded.ok) {
    for (const p of loaded.problems) problems.push(`${p.file} ${p.field}: ${p.message}`);
  } else {
    const sealed = sealCourse(loaded.course);
    for (const [i, lesson] of loaded.course.lessons.entries())
      problems.push(...(await checkLesson(host, files, lesson, sealed.lessons[i] ?? lesson)));
  }
  host.close();
  for (const problem of problems)
    process.stdout.write(`${style.red('✗')} ${terminalLine(problem)}\n`);
  if (problems.length > 0) {
    process.stdout.write(`${plural(problems.length, 'problem')} in ${terminalLine(root)}\n`);
    return 1;
  }
  const course = loaded.ok ? loaded.course : undefined;
  const cases = course?.lessons.reduce((n, l) => n + l.cases.length, 0) ?? 0;
  process.stdout.write(
    `${style.green('✓')} ${terminalLine(root)}: ${plural(course?.lessons.length ?? 0, 'lesson')}, ${plural(cases, 'case')}. Schemas, references, starters, rules and seals hold.\n`,
  );
  return 0;
}
