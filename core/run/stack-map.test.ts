import * as esbuild from 'esbuild';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bundleLesson } from './bundle.ts';
import { createStackMapper } from './stack-map.ts';

const lesson = {
  harness: "import { f } from './src/loop';\nexport default () => { f(); };\n",
  readOnly: [],
  starter: {},
};
const core = {
  'sandbox/worker-runtime.ts':
    'export function startRun(main: () => unknown) {\n  try {\n    main();\n  } catch (e) {\n    (globalThis as { caught?: unknown }).caught = e;\n  }\n}\n',
};
const learner = {
  'src/loop.ts': [
    'export function f() {',
    '  const error = new Error("no weather data");',
    '  throw error;',
    '}',
  ].join('\n'),
};

/** Runs the bundle as a host does (one prelude line, then the script) and returns the stack. */
async function stackOfARun(): Promise<{ stack: string; sourceMap: string }> {
  const result = await bundleLesson(esbuild, lesson, learner, core);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const context: { caught?: Error } = {};
  runInNewContext(`// prelude\n${result.script}`, context, { filename: 'theinference-case.js' });
  return { stack: String(context.caught?.stack), sourceMap: result.sourceMap };
}

describe('createStackMapper', () => {
  it("maps a thrown error's frames to the learner's lines", async () => {
    const { stack, sourceMap } = await stackOfARun();
    expect(createStackMapper(sourceMap).frames(stack)[0]).toEqual({
      file: 'src/loop.ts',
      line: 2,
      column: 17,
      functionName: 'f',
    });
  });

  it('rewrites a logged stack (console.error(err)) the same way, dropping the runtime', async () => {
    const { stack, sourceMap } = await stackOfARun();
    const text = createStackMapper(sourceMap).text(`Logged: ${stack}`);
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Logged: Error: no weather data',
      '    at f (src/loop.ts:2:17)',
      '    at program_default (program.ts:2:24)',
    ]);
    expect(text).not.toMatch(/theinference-case\.js|core\//);
  });

  it('leaves text without a stack alone, and reads no more than 200 lines of one', async () => {
    const { stack, sourceMap } = await stackOfARun();
    const mapper = createStackMapper(sourceMap);
    expect(mapper.text('turn 1 stop_reason="end_turn"')).toBe('turn 1 stop_reason="end_turn"');
    const frame = stack.split('\n')[1]!;
    const forged = `Error: x\n${Array.from({ length: 100_000 }, () => frame).join('\n')}`;
    expect(mapper.frames(forged)).toHaveLength(199);
  });
});
