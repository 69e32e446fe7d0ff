import type { AppState, PersistedState } from './app-state.ts';
import { sanitizeCarried } from './carry-slice.ts';
import { sanitizeChats } from './chat-persist.ts';
import { SHIPPED_COURSE, type CourseWork } from './course-slice.ts';
import { sanitizeDraftStamps, withUnstampedDrafts } from './draft-stamps.ts';
import { sanitizeLiveSettings } from './live-slice.ts';
import {
  DEFAULT_PANE_SIZES,
  DEFAULT_RESULTS_LAYOUT,
  PANE_LIMITS,
  RESULTS_HEIGHT_LIMITS,
  closestFontSize,
  type PaneSizes,
  type ResultsLayout,
} from './preferences-slice.ts';
import { SUMMARY_CHARS, type LastVerdict, type LessonProgress } from './progress-slice.ts';

/** Bump when the persisted shape changes, and teach `migrate` the old shape. */
export const PERSIST_VERSION = 6;
export const STORAGE_KEY = 'theinference:state';

/** The allowlist of what is saved. */
export function partialize(state: AppState): PersistedState {
  const { drafts, draftStamps, progress, watch, theme, lastLessonId, experimentSnapshots } = state;
  const { passedCode, carried, hintsShown, paneSizes, fontSize, liveSettings, chats } = state;
  const { resultsLayout, wordWrap, courseKey, courseWork } = state;
  return {
    drafts,
    draftStamps,
    progress,
    watch,
    theme,
    lastLessonId,
    experimentSnapshots,
    passedCode,
    carried,
    hintsShown,
    paneSizes,
    fontSize,
    resultsLayout,
    wordWrap,
    chats,
    liveSettings,
    courseKey,
    courseWork,
  };
}

export interface Sanitized {
  state: Partial<PersistedState>;
  /** True when something in the saved value had to be dropped. */
  lossy: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Keeps what is well-formed in a saved value and reports whether anything was dropped.
 * Saved data is input like any other: a hand-edited or half-written value must not crash the app.
 */
export function sanitizePersisted(value: unknown): Sanitized {
  if (!isRecord(value)) return { state: {}, lossy: value !== undefined && value !== null };
  let lossy = false;
  const drop = () => void (lossy = true);
  const state: Partial<PersistedState> = sanitizeCourseWork(value, drop);

  if (isCourseKey(value.courseKey)) state.courseKey = value.courseKey;
  else if (value.courseKey !== undefined) drop();
  if (isRecord(value.courseWork)) {
    state.courseWork = {};
    for (const [key, work] of Object.entries(value.courseWork)) {
      // The open course's work is the fields above: a copy here could only be a stale one.
      if (isCourseKey(key) && key !== (state.courseKey ?? SHIPPED_COURSE) && isRecord(work)) {
        state.courseWork[key] = sanitizeCourseWork(work, drop);
      } else drop();
    }
  } else if (value.courseWork !== undefined) drop();

  if (typeof value.watch === 'boolean') state.watch = value.watch;
  else if (value.watch !== undefined) drop();
  if (value.theme === 'system' || value.theme === 'light' || value.theme === 'dark') {
    state.theme = value.theme;
  } else if (value.theme !== undefined) drop();
  const paneSizes = paneSizesOf(value.paneSizes);
  if (paneSizes) state.paneSizes = paneSizes;
  else if (value.paneSizes !== undefined) drop();
  if (typeof value.fontSize === 'number' && closestFontSize(value.fontSize) === value.fontSize) {
    state.fontSize = value.fontSize;
  } else if (value.fontSize !== undefined) drop();
  const resultsLayout = resultsLayoutOf(value.resultsLayout);
  if (resultsLayout) state.resultsLayout = resultsLayout;
  else if (value.resultsLayout !== undefined) drop();
  if (typeof value.wordWrap === 'boolean') state.wordWrap = value.wordWrap;
  else if (value.wordWrap !== undefined) drop();
  const liveSettings = sanitizeLiveSettings(value.liveSettings);
  if (liveSettings) state.liveSettings = liveSettings;
  else if (value.liveSettings !== undefined) drop();
  return { state, lossy };
}

/** One course's work (COURSE_FIELDS), keeping what is well-formed; `drop` hears the rest. */
function sanitizeCourseWork(value: Record<string, unknown>, drop: () => void): CourseWork {
  const state: CourseWork = {};
  const files = fileMaps(value.drafts, drop);
  if (files) state.drafts = files;
  const stamps = sanitizeDraftStamps(value.draftStamps, drop);
  if (stamps) state.draftStamps = stamps;
  const passed = fileMaps(value.passedCode, drop);
  if (passed) state.passedCode = passed;
  const carried = sanitizeCarried(value.carried, drop);
  if (carried) state.carried = carried;

  if (isRecord(value.progress)) {
    state.progress = {};
    for (const [lesson, p] of Object.entries(value.progress)) {
      if (isRecord(p) && typeof p.passed === 'boolean' && Number.isInteger(p.attempts)) {
        const kept: LessonProgress = { passed: p.passed, attempts: p.attempts as number };
        if (p.solutionSeen === true) kept.solutionSeen = true;
        else if (p.solutionSeen !== undefined) drop();
        const last = lastVerdict(p.last);
        if (last) kept.last = last;
        else if (p.last !== undefined) drop();
        state.progress[lesson] = kept;
      } else drop();
    }
  } else if (value.progress !== undefined) drop();

  if (isRecord(value.experimentSnapshots)) {
    state.experimentSnapshots = {};
    for (const [lesson, s] of Object.entries(value.experimentSnapshots)) {
      const files = isRecord(s) && isRecord(s.files) ? Object.entries(s.files) : undefined;
      const wellFormed = files?.every(([, t]) => typeof t === 'string');
      if (isRecord(s) && typeof s.experimentId === 'string' && files && wellFormed) {
        state.experimentSnapshots[lesson] = {
          experimentId: s.experimentId,
          files: Object.fromEntries(files) as Record<string, string>,
        };
      } else drop();
    }
  } else if (value.experimentSnapshots !== undefined) drop();

  if (isRecord(value.hintsShown)) {
    state.hintsShown = {};
    for (const [lesson, n] of Object.entries(value.hintsShown)) {
      if (Number.isInteger(n) && (n as number) >= 0) state.hintsShown[lesson] = n as number;
      else drop();
    }
  } else if (value.hintsShown !== undefined) drop();

  const chats = sanitizeChats(value.chats, drop);
  if (chats) state.chats = chats;
  if (typeof value.lastLessonId === 'string') state.lastLessonId = value.lastLessonId;
  else if (value.lastLessonId !== undefined) drop();
  return state;
}

/** A key of `courseKey` and `courseWork`: the shipped course's (''), or a pack's id. */
const isCourseKey = (v: unknown): v is string =>
  v === SHIPPED_COURSE || (typeof v === 'string' && /^[a-z0-9-]+$/.test(v));

/** lessonId -> path -> text, keeping the well-formed files; undefined when absent. */
function fileMaps(
  value: unknown,
  drop: () => void,
): Record<string, Record<string, string>> | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    drop();
    return undefined;
  }
  const out: Record<string, Record<string, string>> = {};
  for (const [lesson, files] of Object.entries(value)) {
    if (!isRecord(files)) drop();
    else {
      const kept = Object.entries(files).filter(([, t]) => typeof t === 'string');
      if (kept.length !== Object.keys(files).length) drop();
      out[lesson] = Object.fromEntries(kept) as Record<string, string>;
    }
  }
  return out;
}

function lastVerdict(value: unknown): LastVerdict | undefined {
  if (!isRecord(value)) return;
  const { status, passed, total, summary, at } = value;
  if (status !== 'pass' && status !== 'fail') return;
  if (!isCount(passed) || !isCount(total) || passed > total || !isCount(at)) return;
  if (typeof summary !== 'string' || summary.length > SUMMARY_CHARS) return;
  return { status, passed, total, summary, at };
}

function paneSizesOf(value: unknown): PaneSizes | undefined {
  if (!isRecord(value)) return;
  const inRange = (v: unknown): v is number =>
    typeof v === 'number' && v >= PANE_LIMITS.min && v <= PANE_LIMITS.max;
  const { lesson, results } = value;
  return inRange(lesson) && inRange(results) ? { lesson, results } : undefined;
}

function resultsLayoutOf(value: unknown): ResultsLayout | undefined {
  if (!isRecord(value)) return;
  const { dock, collapsed, height } = value;
  if (dock !== 'below' && dock !== 'right') return;
  if (typeof collapsed !== 'boolean' || typeof height !== 'number') return;
  if (!(height >= RESULTS_HEIGHT_LIMITS.min && height <= RESULTS_HEIGHT_LIMITS.max)) return;
  return { dock, collapsed, height };
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/**
 * The saved state comes from a newer version of the app (another tab, or a tab that reloaded
 * into an update): this version cannot read it and must not overwrite it.
 */
export class NewerSaveError extends Error {
  constructor(readonly version: number) {
    super(`saved by a newer version of the app (v${version})`);
    this.name = 'NewerSaveError';
  }
}

/**
 * Brings a value saved by an older version up to date, one version at a time. Version 1 is
 * the first; version 2 adds the tutor conversations (`chats`), none yet in a version 1 save;
 * version 3 the code each lesson carried from the one before (`carried`), none yet either;
 * version 4 where the results sit (`resultsLayout`): below the editor, the new default, unless
 * the learner had resized the results column, a layout they chose and keep; version 5 keeps
 * work per course (`courseKey`, `courseWork`): a version 4 save is the shipped course's work,
 * kept as it is, and says nothing of other courses (no `courseWork`, see `theirsForCourse`);
 * version 6 stamps each draft with when it last changed (`draftStamps`, see `DraftStamp`): a
 * version 5 draft gets UNSTAMPED, the oldest, in every course, so no draft is lost and none
 * conflicts with one changed since.
 * A value from a newer version throws `NewerSaveError`.
 */
export function migrate(persisted: unknown, version: number): unknown {
  if (version > PERSIST_VERSION) throw new NewerSaveError(version);
  let value = persisted;
  if (version < 2 && isRecord(value) && value.chats === undefined) value = { ...value, chats: {} };
  if (version < 3 && isRecord(value) && value.carried === undefined) {
    value = { ...value, carried: {} };
  }
  if (version < 4 && isRecord(value) && value.resultsLayout === undefined) {
    const sizes = isRecord(value.paneSizes) ? value.paneSizes : undefined;
    const resized = sizes !== undefined && sizes.results !== DEFAULT_PANE_SIZES.results;
    const dock = resized ? 'right' : DEFAULT_RESULTS_LAYOUT.dock;
    value = { ...value, resultsLayout: { ...DEFAULT_RESULTS_LAYOUT, dock } };
  }
  if (version < 5 && isRecord(value)) value = { ...value, courseKey: SHIPPED_COURSE };
  if (version < 6 && isRecord(value)) value = withUnstampedCourses(value);
  return value;
}

/** A version 5 save with every course's drafts stamped UNSTAMPED (see `withUnstampedDrafts`). */
function withUnstampedCourses(value: Record<string, unknown>): Record<string, unknown> {
  const out = withUnstampedDrafts(value);
  if (!isRecord(value.courseWork)) return out;
  const courseWork = Object.fromEntries(
    Object.entries(value.courseWork).map(([key, work]) => [
      key,
      isRecord(work) ? withUnstampedDrafts(work) : work,
    ]),
  );
  return { ...out, courseWork };
}

/**
 * Reads a save as another tab wrote it (`{ state, version }` as JSON): an older version's is
 * migrated, a newer one's is reported as `'newer'` (this tab cannot read it), a malformed one
 * is undefined.
 */
export function readSavedValue(raw: string): Partial<PersistedState> | 'newer' | undefined {
  let value: { state?: unknown; version?: unknown };
  try {
    value = JSON.parse(raw) as typeof value;
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || !Number.isInteger(value.version)) return;
  const version = value.version as number;
  if (version > PERSIST_VERSION) return 'newer';
  try {
    return sanitizePersisted(migrate(value.state, version)).state;
  } catch {
    return undefined;
  }
}

export type { LessonProgress };
