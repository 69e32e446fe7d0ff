import type { StateCreator } from 'zustand';
import type { CarryChoice, CarryForward, FileMap, LearnerCode, Lesson } from '../../core/index.ts';
import { bump, putDraft, type ConflictField, type DraftsSlice } from './drafts-slice.ts';

/**
 * How a lesson took up the learner's passing code from earlier lessons (each file from the last
 * lesson before it that had the file: the one before, or, for part one's `src/loop.ts` in part
 * two, further back). Saved, so their code stays one click away whatever becomes of the draft,
 * and their choices stand.
 */
export interface CarryRecord {
  /** The lesson whose passing code this lesson started from (the latest, if several). */
  from: string;
  /** That code, as it was carried: the learner's own, kept as it was. */
  files: FileMap;
  /**
   * Path -> the lesson a file came from, for each file not from `from`. Absent when every
   * file is (as in every record saved before part two carried files across lessons).
   */
  sources?: Record<string, string>;
  /** The learner's choice per clash (`src/loop.ts#runLoop`); a clash not here is unsettled. */
  choices: Record<string, CarryChoice>;
}

/** The record of `carry` (what `carryForward` found in `lessons`), with `choices`. */
export function carryRecord(
  lessons: readonly Lesson[],
  carry: Extract<CarryForward, { kind: 'carried' }>,
  choices: Record<string, CarryChoice>,
): CarryRecord {
  const index = (id: string) => lessons.find((l) => l.id === id)?.index ?? -1;
  const from = carry.files.reduce(
    (latest, f) => (index(f.from) > index(latest) ? f.from : latest),
    carry.files[0]?.from ?? '',
  );
  const files = Object.fromEntries(carry.files.map((f) => [f.path, f.mine]));
  const others = carry.files.filter((f) => f.from !== from).map((f) => [f.path, f.from]);
  return others.length > 0
    ? { from, files, sources: Object.fromEntries(others), choices }
    : { from, files, choices };
}

/** The learner's code a record holds, per lesson, as `carryForward` reads it. */
export function recordedCode(record: CarryRecord): LearnerCode {
  return (lesson) => {
    const files = Object.entries(record.files).filter(
      ([path]) => (record.sources?.[path] ?? record.from) === lesson.id,
    );
    return files.length > 0 ? Object.fromEntries(files) : undefined;
  };
}

export interface CarrySlice {
  /** lessonId -> how it took up the learner's code. Persisted: it is theirs. */
  carried: Record<string, CarryRecord>;
  /** Starts a lesson from the learner's carried code: `files` becomes its draft. */
  startCarried(lessonId: string, record: CarryRecord, files: FileMap): void;
  /** Records the learner's choices for clashes, with the draft they make. */
  chooseCarried(lessonId: string, choices: Record<string, CarryChoice>, files: FileMap): void;
}

/**
 * What this slice reads and writes: its own fields, and the drafts (carried code becomes one,
 * stamped past a conflict over it).
 */
type Fields = CarrySlice & DraftsSlice & ConflictField;

export const createCarrySlice: StateCreator<Fields, [], [], CarrySlice> = (set) => ({
  carried: {},
  startCarried: (lessonId, record, files) =>
    set((state) => ({
      carried: { ...state.carried, [lessonId]: record },
      ...putDraft(state, lessonId, { ...files }),
      reloads: bump(state.reloads, lessonId),
    })),
  chooseCarried: (lessonId, choices, files) =>
    set((state) => {
      const record = state.carried[lessonId];
      if (!record) return state;
      return {
        carried: {
          ...state.carried,
          [lessonId]: { ...record, choices: { ...record.choices, ...choices } },
        },
        ...putDraft(state, lessonId, { ...files }),
        reloads: bump(state.reloads, lessonId),
      };
    }),
});

const CHOICES: readonly string[] = ['mine', 'course', 'both'] satisfies CarryChoice[];
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The well-formed records of a saved `carried`; a malformed record is dropped whole (its code is
 * still the earlier lessons' passing code), a malformed choice alone.
 */
export function sanitizeCarried(
  value: unknown,
  drop: () => void,
): Record<string, CarryRecord> | undefined {
  if (value === undefined) return;
  if (!isRecord(value)) {
    drop();
    return;
  }
  const out: Record<string, CarryRecord> = {};
  for (const [lessonId, record] of Object.entries(value)) {
    const files = isRecord(record) && isRecord(record.files) ? Object.entries(record.files) : [];
    const sources = isRecord(record) ? record.sources : undefined;
    if (
      !isRecord(record) ||
      typeof record.from !== 'string' ||
      !isRecord(record.files) ||
      !files.every(([, text]) => typeof text === 'string') ||
      (sources !== undefined && !isSources(sources, record.files))
    ) {
      drop();
      continue;
    }
    const choices: Record<string, CarryChoice> = {};
    for (const [id, choice] of Object.entries(isRecord(record.choices) ? record.choices : {})) {
      if (CHOICES.includes(choice as string)) choices[id] = choice as CarryChoice;
      else drop();
    }
    if (!isRecord(record.choices)) drop();
    out[lessonId] = {
      from: record.from,
      files: Object.fromEntries(files) as FileMap,
      ...(sources !== undefined ? { sources: sources as Record<string, string> } : {}),
      choices,
    };
  }
  return out;
}

/** A record's `sources`: a lesson id for some of its files. */
function isSources(value: unknown, files: Record<string, unknown>): boolean {
  return (
    isRecord(value) &&
    Object.entries(value).every(
      ([path, from]) => typeof from === 'string' && Object.hasOwn(files, path),
    )
  );
}
