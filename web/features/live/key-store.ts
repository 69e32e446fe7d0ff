/**
 * Where the learner's API key is kept: in this module's memory for the tab's life, and in
 * localStorage only when they opted in ("remember on this device"). Nowhere else: not in the
 * app's store (persisted, shared between tabs), not in a share link, not in the console, and
 * never in the sandbox, which only ever gets the API's replies.
 */

/** What the page may show about the key: never the key itself. */
export type KeyState = 'none' | 'memory' | 'remembered';

export interface KeyStore {
  get(): string | undefined;
  state(): KeyState;
  /** Keeps `key` for the tab, and on the device too when `remember`. */
  set(key: string, remember: boolean): void;
  /** Forgets the key, in memory and on the device. */
  forget(): void;
  subscribe(listener: () => void): () => void;
}

/** Where a remembered key is stored (its own item: the app's saved state never holds it). */
export const KEY_STORAGE_ITEM = 'theinference:anthropic-api-key';

export function createKeyStore(storage: () => Storage | undefined): KeyStore {
  let memory: string | undefined;
  const listeners = new Set<() => void>();
  const stored = (): string | undefined => {
    try {
      return storage()?.getItem(KEY_STORAGE_ITEM) ?? undefined;
    } catch {
      return undefined;
    }
  };
  const write = (key: string | undefined) => {
    try {
      if (key === undefined) storage()?.removeItem(KEY_STORAGE_ITEM);
      else storage()?.setItem(KEY_STORAGE_ITEM, key);
    } catch {
      // Storage unavailable: the key is still kept in memory for this tab.
    }
  };
  const changed = () => listeners.forEach((listener) => listener());
  return {
    get: () => memory ?? stored(),
    state: () => (stored() !== undefined ? 'remembered' : memory !== undefined ? 'memory' : 'none'),
    set(key, remember) {
      memory = key;
      write(remember ? key : undefined);
      changed();
    },
    forget() {
      memory = undefined;
      write(undefined);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one key store. */
export const keyStore = createKeyStore(() =>
  typeof window === 'undefined' ? undefined : window.localStorage,
);

/** The shape a key has (`sk-ant-...`), checked before it is kept: a typo is caught at once. */
export function keyProblem(key: string): string | undefined {
  if (key.trim() === '') return 'Enter your API key.';
  if (/\s/.test(key.trim())) return 'A key has no spaces in it.';
  if (!key.trim().startsWith('sk-ant-')) return 'Anthropic API keys start with sk-ant-.';
  return undefined;
}
