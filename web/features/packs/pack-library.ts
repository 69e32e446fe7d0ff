import {
  readPackBytes,
  type Course,
  type FileMap,
  type LessonProblem,
  type LoadCourseResult,
} from '../../../core/index.ts';
import type { PackDb, PackEntry, PackSource } from './pack-db.ts';

/** A course pack ready to show: its entry, its course (sealed) and its rendered markdown. */
export interface LoadedPack {
  entry: PackEntry;
  course: Course;
  markdownHtml: Readonly<Record<string, string>>;
}

/** Where a pack stands in this tab. */
export type PackState =
  | { state: 'loading' }
  | { state: 'ready'; pack: LoadedPack }
  /** Not opened in this browser (or removed). */
  | { state: 'missing' }
  /** Kept, but it no longer loads (this version of the app checks it more strictly). */
  | { state: 'broken'; entry: PackEntry; problems: LessonProblem[] }
  /** The browser's storage could not be read. */
  | { state: 'unavailable'; reason: string };

/** A pack that could not be opened: the file (or address) and each problem. */
export interface OpenFailure {
  name: string;
  problems: LessonProblem[];
}

export type OpenResult =
  { ok: true; pack: LoadedPack; replaced: boolean } | { ok: false; failure: OpenFailure };

/** A course loaded by the core and sealed, its markdown rendered (prepare-course.ts). */
export interface Prepared {
  courseResult: LoadCourseResult;
  markdownHtml: Record<string, string>;
}

export interface PackLibraryDeps {
  db: PackDb;
  /** Loads, checks, seals and renders a pack's files as the build does the shipped course's. */
  prepare(files: FileMap): Promise<Prepared>;
  now?: () => number;
}

/**
 * The course packs the learner opened in this browser: opening one (its bytes, from a file or
 * an address), reading them back (each start loads, checks and seals the kept files again),
 * and removing one. A React view subscribes; `pack(id)` starts loading a pack when first asked.
 * A pack that does not load changes nothing: the last failure waits in `failure()` to be shown.
 */
export interface PackLibrary {
  subscribe(listener: () => void): () => void;
  /** The opened packs, oldest first; undefined until read (`refresh` reads them again). */
  entries(): readonly PackEntry[] | undefined;
  refresh(): void;
  pack(id: string): PackState;
  open(bytes: Uint8Array, name: string, source: PackSource): Promise<OpenResult>;
  /** Says why a pack could not be opened (an address refused, a fetch failed). */
  fail(failure: OpenFailure): void;
  remove(id: string): Promise<void>;
  failure(): OpenFailure | undefined;
  dismissFailure(): void;
}

export function createPackLibrary({ db, prepare, now = Date.now }: PackLibraryDeps): PackLibrary {
  const listeners = new Set<() => void>();
  const packs = new Map<string, PackState>();
  let entries: readonly PackEntry[] | undefined;
  let failure: OpenFailure | undefined;
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const set = (id: string, state: PackState) => {
    packs.set(id, state);
    changed();
  };

  const refresh = () => {
    db.list().then(
      (list) => {
        entries = list;
        changed();
      },
      () => {
        entries ??= [];
        changed();
      },
    );
  };

  const load = async (id: string): Promise<PackState> => {
    const [list, files] = await Promise.all([db.list(), db.files(id)]);
    const entry = list.find((e) => e.id === id);
    if (!entry || !files) return { state: 'missing' };
    const prepared = await prepare(files);
    if (!prepared.courseResult.ok) {
      return { state: 'broken', entry, problems: prepared.courseResult.problems };
    }
    const { course } = prepared.courseResult;
    return { state: 'ready', pack: { entry, course, markdownHtml: prepared.markdownHtml } };
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    entries: () => entries,
    refresh,
    pack(id) {
      const known = packs.get(id);
      if (known) return known;
      const loading: PackState = { state: 'loading' };
      packs.set(id, loading);
      load(id).then(
        (state) => packs.get(id) === loading && set(id, state),
        (error: unknown) =>
          packs.get(id) === loading && set(id, { state: 'unavailable', reason: describe(error) }),
      );
      return loading;
    },
    async open(bytes, name, source) {
      const read = readPackBytes(bytes, name);
      if (!read.ok) return failed({ name, problems: read.problems });
      const prepared = await prepare(read.files);
      if (!prepared.courseResult.ok) {
        return failed({ name, problems: prepared.courseResult.problems });
      }
      const { course } = prepared.courseResult;
      const entry: PackEntry = {
        id: course.id,
        title: course.title,
        lessons: course.lessons.length,
        source,
        openedAt: now(),
      };
      const replaced = (entries ?? (await db.list().catch(() => []))).some(
        (e) => e.id === entry.id,
      );
      try {
        await db.put(entry, read.files);
      } catch (error) {
        const message = `could not be kept in this browser’s storage (${describe(error)}), so it was not opened`;
        return failed({ name, problems: [{ file: name, field: '(storage)', message }] });
      }
      const pack: LoadedPack = { entry, course, markdownHtml: prepared.markdownHtml };
      entries = [...(entries ?? []).filter((e) => e.id !== entry.id), entry];
      failure = undefined;
      set(entry.id, { state: 'ready', pack });
      return { ok: true, pack, replaced };
    },
    fail: (why) => void failed(why),
    async remove(id) {
      await db.remove(id);
      entries = entries?.filter((e) => e.id !== id);
      set(id, { state: 'missing' });
    },
    failure: () => failure,
    dismissFailure() {
      failure = undefined;
      changed();
    },
  };

  function failed(why: OpenFailure): OpenResult {
    failure = why;
    changed();
    return { ok: false, failure: why };
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
