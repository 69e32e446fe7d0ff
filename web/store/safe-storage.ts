import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type { PersistedState } from './app-state.ts';

/** Told when saved state could not be used or saving failed; `keptAt` names the copy. */
export type StorageProblem =
  | { kind: 'unreadable'; reason: string; keptAt: string | undefined }
  | { kind: 'unavailable' }
  | { kind: 'write-failed'; reason: string };

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
      try {
        storage?.setItem(name, JSON.stringify(value));
        writeFailed = false;
      } catch (error) {
        if (!writeFailed) onProblem({ kind: 'write-failed', reason: String(error) });
        writeFailed = true;
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

  /** Copies the raw value to a fresh key; returns that key, or undefined if even that failed. */
  function keepAside(name: string, raw: string): string | undefined {
    const key = `${name}:unreadable:${new Date().toISOString()}`;
    try {
      storage?.setItem(key, raw);
      return key;
    } catch {
      return undefined;
    }
  }
}

/** Copies any raw saved value aside under a fresh key (used when a migrate or merge fails). */
export function keepRawAside(storage: Storage, name: string): string | undefined {
  try {
    const raw = storage.getItem(name);
    if (raw === null) return undefined;
    const key = `${name}:unreadable:${new Date().toISOString()}`;
    storage.setItem(key, raw);
    return key;
  } catch {
    return undefined;
  }
}
