import { describe, expect, it } from 'vitest';
import type { BundleResult, Lesson } from '../../../core/index.ts';
import { createRpc } from '../../../core/runner.ts';
import type { BundleOutcome, BundlerMethods } from '../bundler/bundler-messages.ts';
import { createBundler, type BundlerStatus, type BundlerWorker } from './bundler-client.ts';

const lesson = { id: 'l', harness: 'h', readOnly: [], starter: {} } as unknown as Lesson;

interface Call {
  method: keyof BundlerMethods;
  arg: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A fake bundler worker: the test plays esbuild's side, each call answered when it says. */
function fakeWorker() {
  const calls: Call[] = [];
  const waitFor =
    (method: keyof BundlerMethods) =>
    (arg: unknown): Promise<never> =>
      new Promise((resolve, reject) => calls.push({ method, arg, resolve, reject }));
  const worker: BundlerWorker & {
    calls: Call[];
    terminated: boolean;
    answer(at: number, value?: BundleOutcome): void;
  } = {
    onmessage: null,
    onerror: null,
    calls,
    terminated: false,
    postMessage: (message) => side.receive(message),
    terminate: () => void (worker.terminated = true),
    answer: (at, value) => calls[at]!.resolve(value),
  };
  const side = createRpc<Record<never, never>, BundlerMethods>(
    { start: waitFor('start'), bundle: waitFor('bundle') },
    (message) => worker.onmessage?.({ data: message }),
  );
  return worker;
}

const made = (result: BundleResult, broken = false): BundleOutcome => ({ result, broken });

function setUp() {
  const workers: ReturnType<typeof fakeWorker>[] = [];
  const statuses: BundlerStatus[] = [];
  const bundler = createBundler(() => {
    const worker = fakeWorker();
    workers.push(worker);
    return worker;
  });
  bundler.follow((status) => statuses.push(status));
  return { bundler, workers, statuses };
}

describe('createBundler', () => {
  it('creates its worker on preload but starts esbuild only on load, then bundles by id', async () => {
    const { bundler, workers, statuses } = setUp();
    bundler.preload();
    expect(workers[0]?.calls).toEqual([]);
    const loading = bundler.load();
    expect(workers[0]?.calls.map((c) => c.method)).toEqual(['start']);
    workers[0]!.answer(0);
    const bundle = await loading;
    const bundled = bundle(lesson, { 'src/a.ts': 'x' });
    const call = workers[0]!.calls[1];
    expect(call).toMatchObject({ method: 'bundle', arg: { files: { 'src/a.ts': 'x' } } });
    workers[0]!.answer(1, made({ ok: true, script: 's', sourceMap: 'm' }));
    expect(await bundled).toEqual({ ok: true, script: 's', sourceMap: 'm' });
    expect(statuses.map((s) => s.state)).toEqual(['loading', 'loading', 'ready']);
  });

  it('reports a failed start, forgets it, and starts a fresh worker on the next load', async () => {
    const { bundler, workers, statuses } = setUp();
    const first = bundler.load();
    workers[0]!.calls[0]!.reject(new Error('no wasm\nstack'));
    await expect(first).rejects.toThrow('no wasm');
    expect(statuses.at(-1)).toEqual({ state: 'failed', message: 'no wasm' });
    expect(workers[0]!.terminated).toBe(true);
    void bundler.load();
    expect(workers).toHaveLength(2);
  });

  it('answers a build that broke esbuild with why; the builds behind it go to a fresh worker', async () => {
    const { bundler, workers } = setUp();
    const loading = bundler.load();
    workers[0]!.answer(0);
    const bundle = await loading;
    const deep = bundle(lesson, { 'src/a.ts': 'deep' });
    const valid = bundle(lesson, { 'src/a.ts': 'valid' });
    // One build at a time: the second waits in the page, untouched by what kills esbuild.
    expect(workers[0]!.calls.map((c) => c.method)).toEqual(['start', 'bundle']);
    workers[0]!.answer(
      1,
      made(
        {
          ok: false,
          errors: [
            {
              file: '',
              line: 0,
              column: 0,
              text: 'Maximum call stack size exceeded',
              lineText: '',
            },
          ],
        },
        true,
      ),
    );
    const result = await deep;
    expect(result.ok ? '' : result.errors[0]?.text).toMatch(
      /^esbuild could not bundle this code \(Maximum call stack size exceeded\)/,
    );
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]?.calls.map((c) => c.method)).toEqual(['start']);
    workers[1]!.answer(0);
    // The valid build, and one asked of the old bundler later, are made by the fresh one.
    const late = bundle(lesson, { 'src/a.ts': 'later' });
    await expect.poll(() => workers[1]!.calls.length).toBe(2);
    expect(workers[1]!.calls[1]).toMatchObject({
      method: 'bundle',
      arg: { files: { 'src/a.ts': 'valid' } },
    });
    const ok = { ok: true as const, script: 's', sourceMap: 'm' };
    workers[1]!.answer(1, made(ok));
    expect(await valid).toEqual(ok);
    await expect.poll(() => workers[1]!.calls.length).toBe(3);
    expect(workers[1]!.calls[2]).toMatchObject({
      method: 'bundle',
      arg: { files: { 'src/a.ts': 'later' } },
    });
    workers[1]!.answer(2, made(ok));
    expect(await late).toEqual(ok);
  });
});

describe('createBundler, when the worker dies', () => {
  it('fails the build it was on with why, and makes the builds behind it in a fresh worker', async () => {
    const { bundler, workers } = setUp();
    const loading = bundler.load();
    workers[0]!.answer(0);
    const bundle = await loading;
    const first = bundle(lesson, { 'src/a.ts': 'one' });
    const second = bundle(lesson, { 'src/a.ts': 'two' });
    workers[0]!.onerror?.({ message: 'out of memory', preventDefault: () => {} });
    const result = await first;
    expect(result.ok ? '' : result.errors[0]?.text).toMatch(
      /^The bundler stopped \(out of memory\)/,
    );
    expect(workers[0]!.terminated).toBe(true);
    await expect.poll(() => workers[1]?.calls.length).toBe(1);
    workers[1]!.answer(0);
    await expect.poll(() => workers[1]!.calls.length).toBe(2);
    const ok = { ok: true as const, script: 's', sourceMap: 'm' };
    workers[1]!.answer(1, made(ok));
    expect(await second).toEqual(ok);
  });
});
