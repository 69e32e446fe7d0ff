import type { Cassette } from './schema.ts';
import type { PathSegment } from '../wire/format-path.ts';
import type { Tutor } from './tutor-schema.ts';

/** A map from a path (`src/loop.ts`) to its text. */
export type FileMap = Record<string, string>;

/**
 * What the grader counts itself from a case's run: `calls`, the model calls it answered;
 * `history`, the messages of the conversation once the last reply is appended to it.
 */
export type RunFact = 'calls' | 'history';

/** One case of a lesson: a cassette, the input for the harness, and the output it must print. */
export interface LessonCase {
  name: string;
  visible: boolean;
  description: string;
  input: unknown;
  cassette: Cassette;
  /** What the harness prints for a correct solution (`expected.json`); absent once sealed. */
  expected?: unknown;
  /**
   * A hidden case as it ships to learners (`sealCourse`): its expected output only as digests,
   * which grade a printed output to the same verdict as the values would. Graded by first.
   */
  sealed?: SealedOutput;
  /**
   * Printed fields checked against the run rather than the expected output, and what each must
   * equal (the lesson's `runChecked`): `{ "turns": "calls" }`.
   */
  runChecked?: Record<string, RunFact>;
}

/** A lesson, fully loaded and validated. */
export interface Lesson {
  id: string;
  /** 0-based position in the course. */
  index: number;
  title: string;
  minutes: number;
  summary: string;
  /** Markdown: why it matters and the API facts it rests on. */
  prose: string;
  /** Markdown: what the learner must build. */
  task: string;
  entry: string;
  readOnly: string[];
  timeoutMs: number;
  /** The learner's files as they start. */
  starter: FileMap;
  /** The reference solution: the starter with the reference files laid over it. */
  reference: FileMap;
  /** The harness source (`program.ts`), which imports what it grades from the learner's files. */
  harness: string;
  cases: LessonCase[];
  /** The scripted tutor, when the lesson has one. */
  tutor?: Tutor;
}

export interface Course {
  id: string;
  title: string;
  /** The course's parts in order, each with its lessons' ids (one part when course.json has no `parts`). */
  parts: CoursePart[];
  /** Every lesson, in course order: the parts' lessons one after another. */
  lessons: Lesson[];
}

/** A part of the course: part one builds the agent loop, part two a coding agent. */
export interface CoursePart {
  title: string;
  /** Its lessons' ids, in order. */
  lessons: string[];
}

/** A problem in lesson data: which file, which field, what is wrong. */
export interface LessonProblem {
  file: string;
  field: string;
  message: string;
}

/**
 * A hidden case's expected output as it ships to learners: one salted SHA-256 of the whole
 * output, and one of each long free text in it (`FREE_TEXT_WORDS`), at its path. A digest can be
 * checked, not read; but anyone holding it can check guesses offline, so no value from a small
 * domain (a number, a boolean, a stop reason, a tool name, any string the case's own cassette
 * holds) has a digest of its own: each would come back after a few thousand guesses. What is
 * left to guess is the whole output at once.
 */
export interface SealedOutput {
  /** Mixed into every digest, so that digests differ between cases and from any table. */
  salt: string;
  /** The digest of the whole output (its canonical JSON): the case passes exactly on it. */
  output: string;
  /** The long free texts, each by itself: the grader names the one a printed output gets wrong. */
  fields: SealedField[];
}

/** One free-text value of a sealed output. */
export interface SealedField {
  /** Where it is in the output. */
  path: PathSegment[];
  /** Its digest, with its path and the output's salt. */
  digest: string;
}
