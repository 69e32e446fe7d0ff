import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Course, Lesson } from '../../core/index.ts';
import { writeCourseFile } from '../course-files.ts';
import { style } from '../style.ts';
import { terminalLine } from '../terminal-text.ts';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * A new lesson's files, made from the course's first lesson and its first visible case, so
 * that `check` accepts them as they are: the harness, starter and reference run, the case is a
 * real recording. Every file an author writes holds a TODO; cassette.json and expected.json
 * are a recording (`theinference run --record` makes new ones), and the starter's read-only
 * files stay the course's own.
 */
function lessonFiles(first: Lesson): Record<string, string> | undefined {
  const example = first.cases.find((c) => c.visible && c.expected !== undefined);
  if (!example) return;
  const hidden = `${example.name}-hidden`;
  const caseFiles = (name: string, visible: boolean) => ({
    [`cases/${name}/case.json`]: json({
      visible,
      description: 'TODO: what this case checks.',
      input: example.input,
    }),
    [`cases/${name}/cassette.json`]: json(example.cassette),
    [`cases/${name}/expected.json`]: json(example.expected),
  });
  const todo = (text: string) => `// TODO: ${text}\n`;
  const withTodo = (path: string, text: string, what: string) =>
    path === first.entry ? `${todo(what)}${text}` : text;
  const starter = Object.fromEntries(
    Object.entries(first.starter).map(([path, text]) => [
      `starter/${path}`,
      withTodo(path, text, 'what the learner starts from.'),
    ]),
  );
  const reference = Object.fromEntries(
    Object.entries(first.reference)
      .filter(([path, text]) => first.starter[path] !== text)
      .map(([path, text]) => [
        `reference/${path}`,
        withTodo(path, text, 'the reference solution.'),
      ]),
  );
  return {
    'lesson.json': json({
      title: 'TODO: the lesson title',
      minutes: first.minutes,
      summary: 'TODO: one sentence on what the learner builds.',
      entry: first.entry,
      readOnly: first.readOnly,
      timeoutMs: first.timeoutMs,
      ...(example.runChecked ? { runChecked: example.runChecked } : {}),
    }),
    'prose.md': '# TODO: why it matters\n\nTODO: the API facts the lesson rests on.\n',
    'task.md': `# Your task\n\nTODO: exactly what to build, with a short example.\n`,
    'program.ts': `${todo('the harness: drive the learner code and print one result.')}${first.harness}`,
    ...starter,
    ...reference,
    // A lesson needs a hidden case too: to start with, the same recording, hidden.
    ...caseFiles(example.name, true),
    ...caseFiles(hidden, false),
    'rules.json': json({
      rules: [
        { rule: 'TODO: quote a rule of task.md.', cases: [example.name, hidden], mistakes: [] },
      ],
      noRule: [],
    }),
  };
}

/**
 * `theinference new-lesson <id>`: scaffolds `<dir>/<id>/` in a course pack and lists it in the
 * pack's course.json (made if missing). Never writes over a file.
 */
export function newLesson(course: Course, id: string, dir: string): number {
  if (!/^[a-z0-9-]+$/.test(id)) {
    process.stderr.write(`A lesson id is a-z, 0-9 and -: "${terminalLine(id)}" is not one.\n`);
    return 2;
  }
  const root = resolve(dir);
  if (existsSync(join(root, id))) {
    process.stderr.write(`${terminalLine(join(root, id))} is there already: nothing written.\n`);
    return 1;
  }
  const first = course.lessons[0];
  const files = first && lessonFiles(first);
  if (!files) {
    process.stderr.write('The course has no visible case to start a lesson from.\n');
    return 1;
  }
  const coursePath = join(root, 'course.json');
  let pack: {
    id: string;
    title: string;
    lessons?: string[];
    parts?: { title: string; lessons: string[] }[];
  } = {
    id: 'my-course',
    title: 'TODO: the course title',
    lessons: [],
  };
  if (existsSync(coursePath)) {
    try {
      pack = JSON.parse(readFileSync(coursePath, 'utf8')) as typeof pack;
      const last = pack.parts?.at(-1);
      if (!Array.isArray(pack.lessons) && !Array.isArray(last?.lessons)) {
        throw new Error('no lessons');
      }
    } catch {
      process.stderr.write(`${terminalLine(coursePath)} is not a course.json: nothing written.\n`);
      return 1;
    }
  }
  const problems: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    const problem = writeCourseFile(root, `${id}/${path}`, text);
    if (problem) problems.push(`${id}/${path}: ${problem}`);
  }
  // A course in parts gets the lesson at the end of its last part.
  const listed = pack.parts
    ? {
        ...pack,
        parts: pack.parts.map((part, i, all) =>
          i === all.length - 1 ? { ...part, lessons: [...part.lessons, id] } : part,
        ),
      }
    : { ...pack, lessons: [...(pack.lessons ?? []), id] };
  const problem =
    problems.length === 0 ? writeCourseFile(root, 'course.json', json(listed)) : undefined;
  if (problem) problems.push(`course.json: ${problem}`);
  for (const p of problems)
    process.stderr.write(`${style.red('not written')} ${terminalLine(p)}\n`);
  if (problems.length > 0) return 1;
  process.stdout.write(
    `Lesson ${id} is in ${terminalLine(join(root, id))}, listed in course.json. Fill in each TODO, record cases with ${style.bold('theinference run --record')}, then ${style.bold(`theinference check ${terminalLine(dir)}`)}.\n`,
  );
  return 0;
}
