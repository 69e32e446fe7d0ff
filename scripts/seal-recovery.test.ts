import { describe, expect, it } from 'vitest';
import {
  gradeCase,
  type CaseReport,
  type Course,
  type Lesson,
  type LessonCase,
} from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';

/**
 * The review's attack on the sealed course, as anyone can run it offline with the grader the
 * package ships: for each hidden case, feed the grader guessed outputs built from what a learner
 * has (the case's own cassette and input strings, the numbers they hold and every integer up
 * to 4,096, true, false, null, and the words of the lesson's prose, task and harness), and keep
 * each value the grader stops naming as a difference. Only the shape of the grader's answers
 * is used, never the seal's format, so the attack holds against any seal. Fields the lesson
 * checks against the run (`runChecked`) are not sealed, and are left out.
 */
const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
// As the package ships it: through JSON.
const course = JSON.parse(JSON.stringify(loaded.course)) as Course;

type Segment = string | number;
const noFrames = { frames: () => [], text: (text: string) => text };
/** A value not yet guessed: no output holds it. */
const UNKNOWN = '\u0000unknown';

function grade(testCase: LessonCase, guess: unknown): CaseReport {
  return gradeCase(
    testCase,
    {
      outcome: { kind: 'completed' },
      events: [],
      outputs: [JSON.stringify(guess)],
      consoleTruncated: false,
      modelCalls: testCase.cassette.calls.length,
      durationMs: 0,
    },
    noFrames,
  );
}

/** `trajectory[0].input["a b"]` back into its segments. */
function parsePath(path: string): Segment[] {
  const segments: Segment[] = [];
  for (const [, first, key, index, quoted] of path.matchAll(
    /^([A-Za-z_$][\w$]*)|\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g,
  )) {
    segments.push(
      index !== undefined ? Number(index) : (first ?? key ?? (JSON.parse(quoted!) as string)),
    );
  }
  return segments;
}

function get(root: unknown, path: Segment[]): unknown {
  return path.reduce<unknown>((at, s) => (at as Record<Segment, unknown> | undefined)?.[s], root);
}

/**
 * Sets (or, with `remove`, deletes) the value at `path`, making the objects and arrays on the
 * way; the root itself, changed, is returned.
 */
function set(root: unknown, path: Segment[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const top = (
    typeof root === 'object' && root !== null ? root : typeof path[0] === 'number' ? [] : {}
  ) as Record<Segment, unknown>;
  let parent = top;
  for (const [i, segment] of path.slice(0, -1).entries()) {
    const next = parent[segment];
    if (typeof next !== 'object' || next === null) {
      parent[segment] = typeof path[i + 1] === 'number' ? [] : {};
    }
    parent = parent[segment] as Record<Segment, unknown>;
  }
  const last = path.at(-1)!;
  if (remove) {
    if (Array.isArray(parent)) parent.length = Math.min(parent.length, Number(last));
    else delete parent[last];
  } else parent[last] = value;
  return top;
}

/** What the learner has of a case: its strings and numbers, every small number, the lesson's words. */
function candidates(lesson: Lesson, testCase: LessonCase): unknown[] {
  const found = new Set<unknown>();
  const walk = (value: unknown) => {
    if (typeof value === 'string' || typeof value === 'number') found.add(value);
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  walk([testCase.cassette, testCase.input]);
  for (let n = 0; n <= 4096; n++) found.add(n);
  const text = [lesson.prose, lesson.task, lesson.harness, testCase.description].join('\n');
  for (const [word] of text.matchAll(/[A-Za-z_][\w-]*/g)) found.add(word);
  return [...found, true, false, null];
}

/** Learns the output's shape from the grader's diff, then guesses every value it names. */
function attack(lesson: Lesson, testCase: LessonCase) {
  let guess: unknown = {};
  for (let round = 0; round < 16; round++) {
    let changed = false;
    for (const entry of grade(testCase, guess).diff ?? []) {
      const path = parsePath(entry.path);
      const now = get(guess, path);
      if (entry.kind === 'extra') guess = set(guess, path, undefined, true);
      else if (entry.kind === 'missing') guess = set(guess, path, {});
      else if (now !== UNKNOWN) {
        guess = set(
          guess,
          path,
          Array.isArray(now) ? UNKNOWN : typeof now === 'object' ? [] : UNKNOWN,
        );
      } else continue;
      changed = true;
    }
    if (!changed) break;
  }
  const open = new Set<string>();
  const findUnknown = (value: unknown, path: Segment[]) => {
    if (value === UNKNOWN) open.add(JSON.stringify(path));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        findUnknown(item, [...path, Array.isArray(value) ? Number(key) : key]);
      }
    }
  };
  findUnknown(guess, []);
  // A run-checked field is compared with the run, not with the seal (`turns` with the calls the
  // case's cassette holds), so it is no sealed value to recover.
  for (const key of Object.keys(testCase.runChecked ?? {})) open.delete(JSON.stringify([key]));
  let values = 0;
  for (const candidate of candidates(lesson, testCase)) {
    if (open.size === 0) break;
    let trial = structuredClone(guess);
    for (const path of open) trial = set(trial, JSON.parse(path) as Segment[], candidate);
    const named = new Set(
      (grade(testCase, trial).diff ?? []).map((e) => JSON.stringify(parsePath(e.path))),
    );
    for (const path of [...open]) {
      if (named.has(path)) continue;
      guess = set(guess, JSON.parse(path) as Segment[], candidate);
      open.delete(path);
      values++;
    }
  }
  return { values, output: grade(testCase, guess).status === 'pass' };
}

describe('the sealed course', () => {
  it("gives back none of its hidden cases' values or outputs to guesses from the lessons", () => {
    const recovered = { values: 0, outputs: 0 };
    for (const lesson of course.lessons) {
      for (const testCase of lesson.cases.filter((c) => !c.visible)) {
        const { values, output } = attack(lesson, testCase);
        recovered.values += values;
        recovered.outputs += output ? 1 : 0;
      }
    }
    expect(recovered).toEqual({ values: 0, outputs: 0 });
  }, 120_000);
});
