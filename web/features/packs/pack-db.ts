import type { FileMap } from '../../../core/index.ts';

/** Where an opened pack came from, as the course list says it. */
export type PackSource = { kind: 'file'; name: string } | { kind: 'url'; url: string };

/** What the course list shows of an opened pack, without its files. */
export interface PackEntry {
  /** The pack's course id (course.json's `id`): its key here, in the store and in routes. */
  id: string;
  title: string;
  lessons: number;
  source: PackSource;
  /** When it was opened (ms since the epoch). */
  openedAt: number;
}

/**
 * The packs the learner opened, kept in IndexedDB: a pack is megabytes of cassettes (the
 * shipped course is 3 MB of them), past what localStorage holds beside the drafts (about 5 MB
 * an origin, and a failed write there is a lost draft), and read synchronously it would hold
 * up the page's start. IndexedDB keeps large values, is read without blocking, and is there
 * offline. What is kept is the files as they were read: each start loads them again with the
 * core's loader, so a pack is checked, and sealed, by the version of the app that shows it.
 * The entries and the files are apart, so listing the packs reads no files.
 */
export interface PackDb {
  list(): Promise<PackEntry[]>;
  files(id: string): Promise<FileMap | undefined>;
  /** Keeps the pack, replacing one of the same id. */
  put(entry: PackEntry, files: FileMap): Promise<void>;
  remove(id: string): Promise<void>;
}

const DB = 'theinference-packs';
const ENTRIES = 'entries';
const FILES = 'files';

/** The packs' database, opened on first use (a failure to open is each call's rejection). */
export function createPackDb(factory: () => IDBFactory = () => indexedDB): PackDb {
  let opened: Promise<IDBDatabase> | undefined;
  const db = () => {
    opened ??= openDb(factory()).catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    return opened;
  };
  const run = async <T>(
    stores: string[],
    mode: IDBTransactionMode,
    work: (tx: IDBTransaction) => IDBRequest<T> | undefined,
  ): Promise<T | undefined> => {
    const tx = (await db()).transaction(stores, mode);
    const request = work(tx);
    await done(tx);
    return request?.result;
  };
  return {
    list: async () => {
      const all = await run([ENTRIES], 'readonly', (tx) => tx.objectStore(ENTRIES).getAll());
      return ((all ?? []) as PackEntry[]).sort((a, b) => a.openedAt - b.openedAt);
    },
    files: async (id) =>
      (await run([FILES], 'readonly', (tx) => tx.objectStore(FILES).get(id))) as
        FileMap | undefined,
    put: async (entry, files) => {
      await run([ENTRIES, FILES], 'readwrite', (tx) => {
        tx.objectStore(ENTRIES).put(entry, entry.id);
        tx.objectStore(FILES).put(files, entry.id);
        return undefined;
      });
    },
    remove: async (id) => {
      await run([ENTRIES, FILES], 'readwrite', (tx) => {
        tx.objectStore(ENTRIES).delete(id);
        tx.objectStore(FILES).delete(id);
        return undefined;
      });
    },
  };
}

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(ENTRIES);
      request.result.createObjectStore(FILES);
    };
    request.onsuccess = () => {
      // A later version of the app, in another tab, may need to upgrade it: let it.
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}
