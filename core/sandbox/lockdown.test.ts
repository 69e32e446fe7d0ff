import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * lockdown() freezes the realm it runs in, so it runs here in a realm of its own (node:vm),
 * never in the test's. Each test evaluates code the way a bundle does (strict), after it.
 */
const source = transformSync(readFileSync(new URL('./lockdown.ts', import.meta.url), 'utf8'), {
  loader: 'ts',
  format: 'iife',
  globalName: 'hardening',
}).code;

/** Runs `code` (a strict function body) in a fresh realm after lockdown; returns its value. */
function afterLockdown(code: string): unknown {
  return runInNewContext(
    `${source}; hardening.lockdown(); (function () { 'use strict'; ${code} })()`,
    { setTimeout, clearTimeout },
  );
}

/** The message of what `code` throws in a locked-down realm. */
function thrown(code: string): string {
  return String(
    afterLockdown(
      `try { ${code}; return 'no error'; } catch (e) { return e.name + ': ' + e.message; }`,
    ),
  );
}

describe('lockdown', () => {
  it.each([
    ['Math.max = () => 3', "Cannot assign to read only property 'max' of object '[object Math]'"],
    [
      'Promise.prototype.then = () => {}',
      "Cannot assign to read only property 'then' of object '[object Promise]'",
    ],
    [
      'Array.prototype.push = () => 0',
      "Cannot assign to read only property 'push' of object '[object Array]'",
    ],
    [
      'Array.prototype.reverse = (x) => x',
      "Cannot assign to read only property 'reverse' of object '[object Array]'",
    ],
    [
      'JSON.stringify = () => "{}"',
      "Cannot assign to read only property 'stringify' of object '[object JSON]'",
    ],
    ['Object.prototype.hacked = 1', 'Cannot add property hacked, object is not extensible'],
    [
      'globalThis.Math = {}',
      "Cannot assign to read only property 'Math' of object '[object global]'",
    ],
    [
      'globalThis.setTimeout = () => 0',
      "Cannot assign to read only property 'setTimeout' of object '[object global]'",
    ],
    ["Object.defineProperty(Math, 'max', { value: () => 3 })", 'Cannot redefine property: max'],
  ])('makes `%s` throw a TypeError', (code, message) => {
    expect(thrown(code)).toBe(`TypeError: ${message}`);
  });

  it('hardens what has no global name: iterators, async functions', () => {
    expect(thrown('[][Symbol.iterator]().__proto__.next = () => ({ done: true })')).toMatch(
      /^TypeError: Cannot assign to read only property 'next'/,
    );
    expect(thrown('Object.getPrototypeOf(async () => {}).extra = 1')).toMatch(/^TypeError/);
  });

  it("leaves ordinary code alone, assignments to its own objects' inherited names included", () => {
    const result = afterLockdown(`
      class ToolError extends Error {
        constructor(message) { super(message); this.name = 'ToolError'; }
      }
      const error = new ToolError('no data');
      const plain = { a: 1 };
      plain.toString = () => 'plain';
      const list = [3, 1, 2];
      list.push(4);
      function Legacy() {}
      Legacy.prototype.constructor = Legacy;
      const cloned = JSON.parse(JSON.stringify({ list }));
      return [String(error), error instanceof Error, String(plain), list.sort().join(','),
        Math.max(...list), cloned.list.length, Object.keys(error).join(',')];
    `);
    expect(result).toEqual(['ToolError: no data', true, 'plain', '1,2,3,4', 4, 4, 'name']);
  });

  it('runs once: a second call finds the realm hardened and leaves it as it is', () => {
    expect(
      afterLockdown(
        "hardening.lockdown(); return String(new (class X extends Error { constructor() { super('m'); this.name = 'X'; } })());",
      ),
    ).toBe('X: m');
  });

  it('still refuses the assignment on the built-in itself', () => {
    expect(thrown("Error.prototype.name = 'X'")).toBe(
      "TypeError: Cannot assign to read only property 'name' of a built-in object",
    );
  });

  it("fixes names the global inherits (a worker's timers) where they live and on the global", () => {
    // A browser worker's timers live on WorkerGlobalScope.prototype, not on the global itself.
    const result = runInNewContext(
      `${source};
      const inherited = ['setTimeout', 'clearTimeout', 'queueMicrotask', 'structuredClone'];
      const workerScope = {};
      for (const name of inherited) workerScope[name] = function () { return name; };
      const scope = Object.create(workerScope);
      for (const name of Object.getOwnPropertyNames(globalThis)) {
        if (!inherited.includes(name)) {
          Object.defineProperty(scope, name, Object.getOwnPropertyDescriptor(globalThis, name));
        }
      }
      Object.defineProperty(scope, 'globalThis', { value: scope, writable: true, configurable: true });
      const original = workerScope.setTimeout;
      hardening.lockdown(scope);
      (function () {
        'use strict';
        const attempt = (fn) => { try { fn(); return 'no error'; } catch (e) { return e.name; } };
        return [
          attempt(() => { scope.setTimeout = () => 0; }),
          attempt(() => Object.defineProperty(scope, 'setTimeout', { value: () => 0 })),
          attempt(() => { workerScope.queueMicrotask = () => 0; }),
          attempt(() => { original.extra = 1; }),
          scope.setTimeout === original && Object.hasOwn(scope, 'setTimeout'),
          scope.structuredClone(),
        ];
      })()`,
      {},
    );
    expect(result).toEqual([
      'TypeError',
      'TypeError',
      'TypeError',
      'TypeError',
      true,
      'structuredClone',
    ]);
  });
});
