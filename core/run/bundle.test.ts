import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleLesson } from './bundle.ts';

const lesson = {
  harness: "import { f } from './src/loop';\nexport default async () => { f(); };\n",
  readOnly: [],
  starter: {},
};
const core = {
  'sandbox/worker-runtime.ts': 'export function startRun(main: () => void) { main(); }\n',
};

describe('bundleLesson', () => {
  it('makes one strict script', async () => {
    const learner = {
      'src/loop.ts': [
        'const frozen = Object.freeze({ a: 1 });',
        '(frozen as { a: number }).a = 2;',
        'export function f() {}',
      ].join('\n'),
    };
    const result = await bundleLesson(esbuild, lesson, learner, core);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.script.split('\n')[0]).toBe('(() => {"use strict";');
    // Strict: a write to something read-only throws instead of doing nothing.
    expect(() => new Function(result.script)()).toThrow(
      "Cannot assign to read only property 'a' of object '#<Object>'",
    );
  });
});
