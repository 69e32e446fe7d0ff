import { describe, expect, it } from 'vitest';
import { createKeyStore, KEY_STORAGE_ITEM, keyProblem } from './key-store.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

describe('the key store', () => {
  it('keeps a key in memory only, by default', () => {
    const storage = memoryStorage();
    const keys = createKeyStore(() => storage);
    keys.set('sk-ant-abc', false);
    expect(keys.get()).toBe('sk-ant-abc');
    expect(keys.state()).toBe('memory');
    expect(storage.length).toBe(0);
  });

  it('remembers a key on the device when asked, and forgets it there too', () => {
    const storage = memoryStorage();
    const keys = createKeyStore(() => storage);
    keys.set('sk-ant-abc', true);
    expect(storage.getItem(KEY_STORAGE_ITEM)).toBe('sk-ant-abc');
    expect(createKeyStore(() => storage).state()).toBe('remembered');
    keys.forget();
    expect(storage.length).toBe(0);
    expect(keys.get()).toBeUndefined();
    expect(keys.state()).toBe('none');
  });

  it('stops remembering a key saved again without the opt-in', () => {
    const storage = memoryStorage();
    const keys = createKeyStore(() => storage);
    keys.set('sk-ant-abc', true);
    keys.set('sk-ant-def', false);
    expect(storage.length).toBe(0);
    expect(keys.get()).toBe('sk-ant-def');
  });

  it('keeps the key for the tab when storage throws', () => {
    const keys = createKeyStore(() => {
      throw new Error('denied');
    });
    keys.set('sk-ant-abc', true);
    expect(keys.get()).toBe('sk-ant-abc');
  });

  it('tells its listeners of each change', () => {
    const keys = createKeyStore(() => undefined);
    let heard = 0;
    const stop = keys.subscribe(() => heard++);
    keys.set('sk-ant-abc', false);
    keys.forget();
    stop();
    keys.set('sk-ant-abc', false);
    expect(heard).toBe(2);
  });
});

describe('keyProblem', () => {
  it.each([
    ['', 'Enter your API key.'],
    ['sk-ant- abc', 'A key has no spaces in it.'],
    ['sk-proj-abc', 'Anthropic API keys start with sk-ant-.'],
    ['sk-ant-api03-abc', undefined],
  ])('%j', (key, problem) => expect(keyProblem(key)).toBe(problem));
});
