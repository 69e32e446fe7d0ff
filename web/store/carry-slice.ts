import type { StateCreator } from 'zustand';
import type { CarryChoice, FileMap } from '../../core/index.ts';
import type { AppState } from './app-state.ts';
import { bump } from './drafts-slice.ts';

/**
 * How a lesson took up the learner's passing code from the lesson before it. Saved, so their
 * code stays one click away whatever becomes of the draft, and their choices stand.
 */
export interface CarryRecord {
  /** The lesson whose passing code this lesson started from. */
  from: string;
  /** That code, as it was carried: the learner's own, kept as it was. */
  files: FileMap;
  /** The learner's choice per clash (`src/loop.ts#runLoop`); a clash not here is unsettled. */
  choices: Record<string, CarryChoice>;
}

export interface CarrySlice {
  /** lessonId -> how it took up the learner's code. Persisted: it is theirs. */
  carried: Record<string, CarryRecord>;
  /** Starts a lesson from the learner's carried code: `files` becomes its draft. */
  startCarried(lessonId: string, record: CarryRecord, files: FileMap): void;
  /** Records the learner's choices for clashes, with the draft they make. */
  chooseCarried(lessonId: string, choices: Record<string, CarryChoice>, files: FileMap): void;
}

export const createCarrySlice: StateCreator<AppState, [], [], CarrySlice> = (set) => ({
  carried: {},
  startCarried: (lessonId, record, files) =>
    set((state) => ({
      carried: { ...state.carried, [lessonId]: record },
      drafts: { ...state.drafts, [lessonId]: { ...files } },
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
        drafts: { ...state.drafts, [lessonId]: { ...files } },
        reloads: bump(state.reloads, lessonId),
      };
    }),
});

const CHOICES: readonly string[] = ['mine', 'course', 'both'] satisfies CarryChoice[];
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The well-formed records of a saved `carried`; a malformed record is dropped whole (its code is
 * still the previous lesson's passing code), a malformed choice alone.
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
    if (
      !isRecord(record) ||
      typeof record.from !== 'string' ||
      !isRecord(record.files) ||
      !files.every(([, text]) => typeof text === 'string')
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
      choices,
    };
  }
  return out;
}
