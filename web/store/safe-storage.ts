import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type { PersistedState } from './app-state.ts';

/**
 * Told when saved state could not be used or saving failed (`keptAt` names the copy of an
 * unreadable value), and when saving works again after a failure.
 */
export type StorageProblem =
  | { kind: 'unreadable'; reason: string; keptAt: string | undefined }
  | { kind: 'unavailable' }
  | { kind: 'write-failed'; reason: string }
  | { kind: 'write-recovered' };

/**
 * localStorage behind zustand's persist, made safe: a value that is not JSON, or not shaped
 * like `{ state, version }`, is copied aside (nothing is destroyed) and the app starts clean.
 */
export function createSafeStorage(
  getStorage: () => Storage,
  onProblem: (problem: StorageProblem) => void,
): PersistStorage<PersistedState> {
  let storage: Storage | undefined;
  try {
    storage = getStorage();
  } catch {
    onProblem({ kind: 'unavailable' });
  }
  let writeFailed = false;
  return {
    getItem(name) {
      if (!storage) return null;
      let raw: string | null;
      try {
        raw = storage.getItem(name);
      } catch {
        onProblem({ kind: 'unavailable' });
        return null;
      }
      if (raw === null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        onProblem({ kind: 'unreadable', reason: 'not valid JSON', keptAt: keepAside(name, raw) });
        return null;
      }
      const value = parsed as Partial<StorageValue<PersistedState>> | null;
      if (!value || typeof value !== 'object' || typeof value.version !== 'number') {
        onProblem({
          kind: 'unreadable',
          reason: 'not a saved state',
          keptAt: keepAside(name, raw),
        });
        return null;
      }
      return value as StorageValue<PersistedState>;
    },
    setItem(name, value) {
      if (!storage) return;
      // The flag changes before the report: reporting sets state, which saves again.
      try {
        storage.setItem(name, JSON.stringify(value));
        if (!writeFailed) return;
        writeFailed = false;
        onProblem({ kind: 'write-recovered' });
      } catch (error) {
        if (writeFailed) return;
        writeFailed = true;
        onProblem({ kind: 'write-failed', reason: whyWriteFailed(error) });
      }
    },
    removeItem(name) {
      try {
        storage?.removeItem(name);
      } catch {
        /* nothing to remove from storage that cannot be reached */
      }
    },
  };

  function keepAside(name: string, raw: string): string | undefined {
    return storage ? keepValueAside(storage, name, raw) : undefined;
  }
}

/** Why a write failed, in the learner's words. */
function whyWriteFailed(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'QuotaExceededError') return "this browser's storage for the site is full";
  if (name === 'SecurityError') return 'this browser does not let the site save (private mode?)';
  return error instanceof Error ? error.message : String(error);
}

/** Copies any raw saved value aside under a fresh key (used when a migrate or merge fails). */
export function keepRawAside(storage: Storage, name: string): string | undefined {
  try {
    const raw = storage.getItem(name);
    return raw === null ? undefined : keepValueAside(storage, name, raw);
  } catch {
    return undefined;
  }
}

/**
 * Copies a value that could not be used to a fresh key named after `name` (nothing is
 * destroyed); returns that key, or undefined if even that failed (storage full, say).
 */
export function keepValueAside(storage: Storage, name: string, raw: string): string | undefined {
  const key = `${name}:unreadable:${new Date().toISOString()}`;
  try {
    storage.setItem(key, raw);
    return key;
  } catch {
    return undefined;
  }
}
