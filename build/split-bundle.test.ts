import * as esbuild from 'esbuild';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createIncrementalBundler, type BundleInputs } from '../core/run/bundle.ts';
import { createStackMapper } from '../core/run/stack-map.ts';
import { RUNTIME_SCRIPT_NAME } from '../core/wire/runtime-script.ts';
import { buildSandboxRuntime } from './runner-frame.ts';

/**
 * The split bundle end to end, in a fresh Node realm standing in for a pooled worker: the
 * sandbox's runtime evaluated first (as the runner frame's workers do while they wait), then
 * the lesson's own bundle (`runtime: 'external'`) with the one prelude line ahead of it.
 */
const lesson: BundleInputs = {
  harness: [
    "import { defineHarness } from '@theinference/harness';",
    "import { answer } from './src/loop.ts';",
    'export default defineHarness(async (h) => {',
    '  h.print(answer(h.input as string));',
    '});',
  ].join('\n'),
  readOnly: [],
  starter: {},
};
const learner = {
  'src/loop.ts': [
    "import Anthropic, { APIError } from '@anthropic-ai/sdk';",
    'export function answer(input: string): string {',
    "  if (input === 'throw') throw new Error('no weather data');",
    "  console.log('one', 1);",
    "  console.warn('two');",
    "  return [typeof new Anthropic().messages.create, APIError.name, input].join(' ');",
    '}',
  ].join('\n'),
};

/** What the runtime sent its host: each a notification of the worker RPC (`HostMethods`). */
interface Posted {
  method: string;
  arg: unknown;
}

async function runCase(input: string, script: string): Promise<Posted[]> {
  const runtime = await buildSandboxRuntime();
  const posted: Posted[] = [];
  let deliver: (message: unknown) => void = () => undefined;
  const realm: Record<string, unknown> = {
    console: { log() {}, info() {}, warn() {}, error() {}, debug() {} },
    __theinferencePort: {
      post: (message: Posted) => posted.push(message),
      listen: (handler: (message: unknown) => void) => (deliver = handler),
    },
  };
  runInNewContext(runtime, realm, { filename: RUNTIME_SCRIPT_NAME });
  runInNewContext(`// prelude\n${script}`, realm, { filename: 'theinference-case.js' });
  deliver({ rpc: 'call', id: 0, method: 'start', arg: input });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return posted;
}

async function lessonScript() {
  const bundle = createIncrementalBundler(esbuild, {}, { runtime: 'external' });
  const result = await bundle(lesson, learner);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result;
}

describe('a split bundle (the runtime evaluated ahead, then the lesson alone)', () => {
  it("holds none of the runtime's code, and runs the harness against it", async () => {
    const { script } = await lessonScript();
    expect(script).not.toMatch(/function startRun|lockdown|class Anthropic/);
    expect(script.split('\n')[0]).toBe('(() => {"use strict";');
    const posted = await runCase('hello', script);
    // The lines logged before the code next waited go as one message, ahead of the output.
    expect(posted.map((m) => m.method)).toEqual(['console', 'output', 'done']);
    expect(posted[0]?.arg).toEqual([
      { level: 'log', text: 'one 1' },
      { level: 'warn', text: 'two' },
    ]);
    // `_APIError`: esbuild's name for the class, as in a whole bundle.
    expect(JSON.parse(posted[1]?.arg as string)).toBe('function _APIError hello');
  });

  it("maps a learner's error to the learner's line and leaves the runtime's frames out", async () => {
    const { script, sourceMap } = await lessonScript();
    const posted = await runCase('throw', script);
    const error = posted.find((m) => m.method === 'error')?.arg as
      { message: string; stack?: string } | undefined;
    expect(error?.message).toBe('no weather data');
    const mapper = createStackMapper(sourceMap);
    expect(mapper.frames(error?.stack)[0]).toMatchObject({ file: 'src/loop.ts', line: 3 });
    expect(error?.stack).toMatch(RUNTIME_SCRIPT_NAME);
    expect(mapper.text(`Logged: ${error?.stack}`)).not.toMatch(
      /theinference-(runtime|case)\.js|core\//,
    );
  });

  it('cannot have the modules it imports swapped by lesson code', async () => {
    const runtime = await buildSandboxRuntime();
    const realm: Record<string, unknown> = {
      console: { log() {}, info() {}, warn() {}, error() {}, debug() {} },
    };
    runInNewContext(runtime, realm, { filename: RUNTIME_SCRIPT_NAME });
    expect(() =>
      runInNewContext('"use strict"; globalThis.__theinferenceRuntime = {};', realm),
    ).toThrow(/read only/);
    expect(() =>
      runInNewContext('"use strict"; globalThis.__theinferenceRuntime.sdk = {};', realm),
    ).toThrow(/read only/);
  });
});
