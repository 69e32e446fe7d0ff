import { describe, expect, it } from 'vitest';
import { createSafeStorage, type StorageProblem } from './safe-storage.ts';

/** A Map-backed Storage, enough for the adapter (no browser in unit tests). */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

function setup(initial: Record<string, string>) {
  const storage = memoryStorage(initial);
  const problems: StorageProblem[] = [];
  const safe = createSafeStorage(
    () => storage,
    (p) => problems.push(p),
  );
  return { storage, problems, safe };
}

describe('createSafeStorage', () => {
  it('reads a saved state', () => {
    const { safe, problems } = setup({ k: '{"state":{"watch":true},"version":1}' });
    expect(safe.getItem('k')).toEqual({ state: { watch: true }, version: 1 });
    expect(problems).toEqual([]);
  });

  it.each([
    ['{not json', 'not valid JSON'],
    ['[1,2]', 'not a saved state'],
    ['{"state":{}}', 'not a saved state'],
  ])('keeps %j aside and starts clean', (raw, reason) => {
    const { safe, problems, storage } = setup({ k: raw });
    expect(safe.getItem('k')).toBeNull();
    expect(problems).toHaveLength(1);
    const problem = problems[0] as Extract<StorageProblem, { kind: 'unreadable' }>;
    expect(problem.kind).toBe('unreadable');
    expect(problem.reason).toBe(reason);
    expect(problem.keptAt).toMatch(/^k:unreadable:/);
    expect(storage.getItem(problem.keptAt ?? '')).toBe(raw);
  });

  it('reports storage that cannot be reached, once per failure kind', () => {
    const problems: StorageProblem[] = [];
    const safe = createSafeStorage(
      () => {
        throw new Error('SecurityError');
      },
      (p) => problems.push(p),
    );
    expect(safe.getItem('k')).toBeNull();
    expect(problems).toEqual([{ kind: 'unavailable' }]);
  });

  it('reports a failed write once until a write succeeds again', () => {
    const storage = memoryStorage();
    let full = true;
    const setItem = storage.setItem;
    storage.setItem = (k, v) => {
      if (full) throw new Error('QuotaExceededError');
      setItem(k, v);
    };
    const problems: StorageProblem[] = [];
    const safe = createSafeStorage(
      () => storage,
      (p) => problems.push(p),
    );
    safe.setItem('k', { state: { watch: true } as never, version: 1 });
    safe.setItem('k', { state: { watch: true } as never, version: 1 });
    expect(problems).toHaveLength(1);
    full = false;
    safe.setItem('k', { state: { watch: false } as never, version: 1 });
    expect(storage.getItem('k')).toBe('{"state":{"watch":false},"version":1}');
    expect(problems[1]).toEqual({ kind: 'write-recovered' });
  });

  it.each([
    ['QuotaExceededError', "this browser's storage for the site is full"],
    ['SecurityError', 'this browser does not let the site save (private mode?)'],
  ])('says in plain words why a write failed: %s', (name, reason) => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('Setting the value exceeded the quota.', name);
    };
    const problems: StorageProblem[] = [];
    createSafeStorage(
      () => storage,
      (p) => problems.push(p),
    ).setItem('k', { state: { watch: true } as never, version: 1 });
    expect(problems).toEqual([{ kind: 'write-failed', reason }]);
  });

  it('survives a report that saves again (the store saves on every change)', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const problems: StorageProblem[] = [];
    const value = { state: { watch: true } as never, version: 1 };
    const safe = createSafeStorage(
      () => storage,
      (p) => {
        problems.push(p);
        safe.setItem('k', value);
      },
    );
    safe.setItem('k', value);
    expect(problems).toHaveLength(1);
  });
});
