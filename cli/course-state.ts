import { readCourseFile, writeCourseFile } from './course-files.ts';

/** The file in a course directory that remembers where the learner is. */
export const STATE_FILE = 'theinference.json';

/** What a course directory remembers. */
export interface CourseState {
  /** The stage the learner is on: what `test` grades (with every earlier one). */
  stage: string;
  /** Stages whose last `test` passed, in course order. */
  passed: string[];
}

export type StateRead =
  { ok: true; state: CourseState } | { ok: false; missing: boolean; problem: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the course directory's state, checked against the course's stage ids when given (a
 * command that loaded one lesson alone checks the state's shape only).
 */
export function readCourseState(dir: string, ids?: readonly string[]): StateRead {
  const file = readCourseFile(dir, STATE_FILE);
  const fix = 'Run `theinference stage <id>` to say which stage you are on.';
  if (file.kind === 'missing') {
    return { ok: false, missing: true, problem: `No ${STATE_FILE} in this folder. ${fix}` };
  }
  if (file.kind === 'other') {
    return { ok: false, missing: false, problem: `${STATE_FILE} is ${file.reason}. ${fix}` };
  }
  let data: unknown;
  try {
    data = JSON.parse(file.text);
  } catch {
    return { ok: false, missing: false, problem: `${STATE_FILE} is not valid JSON. ${fix}` };
  }
  const known = (id: unknown): id is string =>
    typeof id === 'string' && (ids ? ids.includes(id) : /^[a-z0-9-]+$/.test(id));
  if (!isRecord(data) || !known(data.stage)) {
    const problem = `${STATE_FILE} names no stage of this course. ${fix}`;
    return { ok: false, missing: false, problem };
  }
  const passed = Array.isArray(data.passed) ? data.passed.filter(known) : [];
  const order = ids ?? passed;
  return {
    ok: true,
    state: { stage: data.stage, passed: order.filter((id) => passed.includes(id)) },
  };
}

/** Writes the state; returns why not, if it could not. */
export function writeCourseState(dir: string, state: CourseState): string | undefined {
  return writeCourseFile(dir, STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);
}
