import type { z } from 'zod';
import {
  caseMetaSchema,
  cassetteSchema,
  courseSchema,
  lessonMetaSchema,
  type Cassette,
  type CaseMeta,
} from './schema.ts';
import { starterFrom } from './starter-from.ts';
import { tutorSchema } from './tutor-schema.ts';
import type { Course, FileMap, Lesson, LessonCase, LessonProblem, RunFact } from './types.ts';

export type LoadCourseResult =
  { ok: true; course: Course } | { ok: false; problems: LessonProblem[] };

/**
 * Builds a course from the files of `fixtures/`, keyed by their path inside it
 * (`course.json`, `one-turn/lesson.json`, ...). Hosts read the files their own way
 * (Vite's glob import, `fs`) and hand them over, so this stays free of I/O.
 * With `only`, the course holds just those lessons (each keeps its place in the course).
 */
export function loadCourse(
  files: FileMap,
  options: { only?: readonly string[] } = {},
): LoadCourseResult {
  const problems: LessonProblem[] = [];
  const meta = parseJsonFile(files, 'course.json', courseSchema, problems);
  if (!meta) return { ok: false, problems };
  const parts = meta.parts ?? [{ title: meta.title, lessons: meta.lessons ?? [] }];
  const ids = parts.flatMap((part) => part.lessons);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  for (const id of new Set(twice)) {
    problems.push({ file: 'course.json', field: 'parts', message: `${id} is listed twice` });
  }
  const lessons: Lesson[] = [];
  ids.forEach((id, index) => {
    // `only`: a host that needs a few lessons (the CLI grading one stage) loads just those.
    if (options.only && !options.only.includes(id)) return;
    const lesson = loadLesson(files, id, index, ids, problems);
    if (lesson) lessons.push(lesson);
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, course: { id: meta.id, title: meta.title, parts, lessons } };
}

/** Lesson `id`, at `index` of `order` (the course's ids), or undefined with its problems. */
function loadLesson(
  files: FileMap,
  id: string,
  index: number,
  order: readonly string[],
  problems: LessonProblem[],
): Lesson | undefined {
  const before = problems.length;
  const meta = parseJsonFile(files, `${id}/lesson.json`, lessonMetaSchema, problems);
  const prose = requireFile(files, `${id}/prose.md`, problems);
  const task = requireFile(files, `${id}/task.md`, problems);
  const harness = requireFile(files, `${id}/program.ts`, problems);
  // The starter's own files, and those it names from earlier lessons' references.
  const named = starterFrom(files, id, meta?.starterFrom ?? {}, order, problems);
  const own = subtree(files, `${id}/starter/`);
  const starter = Object.keys(named).length > 0 ? sortedByPath({ ...own, ...named }) : own;
  const referenceOnly = subtree(files, `${id}/reference/`);
  if (Object.keys(starter).length === 0) {
    problems.push({ file: `${id}/starter/`, field: '(folder)', message: 'no starter files' });
  }
  if (Object.keys(referenceOnly).length === 0) {
    problems.push({ file: `${id}/reference/`, field: '(folder)', message: 'no reference files' });
  }
  if (meta) {
    for (const path of [meta.entry, ...meta.readOnly]) {
      if (!(path in starter)) {
        problems.push({
          file: `${id}/lesson.json`,
          field: path === meta.entry ? 'entry' : 'readOnly',
          message: `${path} is not among the starter files`,
        });
      }
    }
  }
  for (const path of Object.keys(referenceOnly)) {
    if (meta?.readOnly.includes(path)) {
      problems.push({
        file: `${id}/reference/${path}`,
        field: '(file)',
        message: 'read-only files come from the starter; the reference may not replace them',
      });
    }
  }
  const cases = loadCases(files, id, problems);
  const tutor =
    `${id}/tutor.json` in files
      ? parseJsonFile(files, `${id}/tutor.json`, tutorSchema, problems)
      : undefined;
  if (problems.length > before || !meta || prose === undefined || task === undefined) return;
  if (harness === undefined) return;
  return {
    id,
    index,
    title: meta.title,
    minutes: meta.minutes,
    summary: meta.summary,
    prose,
    task,
    entry: meta.entry,
    readOnly: meta.readOnly,
    timeoutMs: meta.timeoutMs,
    starter,
    reference: { ...starter, ...referenceOnly },
    harness,
    cases: meta.runChecked ? cases.map((c) => withRunChecks(c, meta.runChecked!)) : cases,
    ...(tutor ? { tutor } : {}),
  };
}

/**
 * A case with the lesson's run checks: a host grades cases, not lessons. The checked fields are
 * the run's to decide, so an expected output that has them (a case recorded live, as the harness
 * printed it) leaves them to the run.
 */
function withRunChecks(testCase: LessonCase, runChecked: Record<string, RunFact>): LessonCase {
  const { expected } = testCase;
  if (expected === null || typeof expected !== 'object' || Array.isArray(expected)) {
    return { ...testCase, runChecked };
  }
  const rest = Object.fromEntries(Object.entries(expected).filter(([key]) => !(key in runChecked)));
  return { ...testCase, expected: rest, runChecked };
}

function loadCases(files: FileMap, lessonId: string, problems: LessonProblem[]): LessonCase[] {
  const prefix = `${lessonId}/cases/`;
  const names = new Set<string>();
  for (const path of Object.keys(files)) {
    if (!path.startsWith(prefix)) continue;
    const name = path.slice(prefix.length).split('/')[0];
    if (name) names.add(name);
  }
  const cases: LessonCase[] = [];
  for (const name of [...names].sort()) {
    const dir = `${prefix}${name}`;
    const meta: CaseMeta | undefined = parseJsonFile(
      files,
      `${dir}/case.json`,
      caseMetaSchema,
      problems,
    );
    const cassette: Cassette | undefined = parseJsonFile(
      files,
      `${dir}/cassette.json`,
      cassetteSchema,
      problems,
    );
    const expectedText = requireFile(files, `${dir}/expected.json`, problems);
    const expected = expectedText === undefined ? undefined : parseJson(expectedText);
    if (expected instanceof SyntaxError) {
      problems.push({ file: `${dir}/expected.json`, field: '(file)', message: expected.message });
      continue;
    }
    if (meta && cassette && expectedText !== undefined) {
      cases.push({ name, ...meta, cassette, expected });
    }
  }
  cases.sort((a, b) => Number(b.visible) - Number(a.visible) || a.name.localeCompare(b.name));
  if (cases.length < 2) {
    problems.push({
      file: prefix,
      field: '(folder)',
      message: `a lesson needs at least two cases; found ${cases.length}`,
    });
  }
  if (!cases.some((c) => !c.visible)) {
    problems.push({
      file: prefix,
      field: '(folder)',
      message: 'a lesson needs at least one hidden case ("visible": false)',
    });
  }
  if (!cases.some((c) => c.visible)) {
    problems.push({
      file: prefix,
      field: '(folder)',
      message: 'a lesson needs at least one visible case ("visible": true)',
    });
  }
  return cases;
}

/** The files in path order, as a folder of them lists them, wherever each came from. */
function sortedByPath(files: FileMap): FileMap {
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function subtree(files: FileMap, prefix: string): FileMap {
  const out: FileMap = {};
  for (const [path, text] of Object.entries(files)) {
    if (path.startsWith(prefix)) out[path.slice(prefix.length)] = text;
  }
  return out;
}

function requireFile(files: FileMap, path: string, problems: LessonProblem[]): string | undefined {
  const text = files[path];
  if (text === undefined) problems.push({ file: path, field: '(file)', message: 'missing' });
  return text;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return error instanceof SyntaxError ? error : new SyntaxError(String(error));
  }
}

function parseJsonFile<T extends z.ZodType>(
  files: FileMap,
  path: string,
  schema: T,
  problems: LessonProblem[],
): z.infer<T> | undefined {
  const text = requireFile(files, path, problems);
  if (text === undefined) return;
  const value = parseJson(text);
  if (value instanceof SyntaxError) {
    problems.push({ file: path, field: '(file)', message: `invalid JSON: ${value.message}` });
    return;
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data as z.infer<T>;
  for (const issue of result.error.issues) {
    problems.push({ file: path, field: formatIssuePath(issue.path), message: issue.message });
  }
  return;
}

function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}
