import { describe, expect, it } from 'vitest';
import type { Lesson } from '../../../core/index.ts';
import type { BundlerReply, BundlerRequest } from '../bundler/bundler-messages.ts';
import { createBundler, type BundlerStatus, type BundlerWorker } from './bundler-client.ts';

const lesson = { id: 'l', harness: 'h', readOnly: [], starter: {} } as unknown as Lesson;

/** A fake bundler worker: the test plays esbuild's side of the protocol. */
function fakeWorker() {
  const worker: BundlerWorker & {
    requests: BundlerRequest[];
    terminated: boolean;
    reply(r: BundlerReply): void;
  } = {
    onmessage: null,
    onerror: null,
    requests: [],
    terminated: false,
    postMessage: (request) => void worker.requests.push(request),
    terminate: () => void (worker.terminated = true),
    reply: (data) => worker.onmessage?.({ data }),
  };
  return worker;
}

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
    expect(workers[0]?.requests).toEqual([]);
    const loading = bundler.load();
    expect(workers[0]?.requests).toEqual([{ type: 'start' }]);
    workers[0]!.reply({ type: 'ready' });
    const bundle = await loading;
    const made = bundle(lesson, { 'src/a.ts': 'x' });
    const request = workers[0]!.requests[1];
    expect(request).toMatchObject({ type: 'bundle', id: 1, files: { 'src/a.ts': 'x' } });
    workers[0]!.reply({
      type: 'bundled',
      id: 1,
      result: { ok: true, script: 's', sourceMap: 'm' },
      broken: false,
    });
    expect(await made).toEqual({ ok: true, script: 's', sourceMap: 'm' });
    expect(statuses.map((s) => s.state)).toEqual(['loading', 'loading', 'ready']);
  });

  it('reports a failed start, forgets it, and starts a fresh worker on the next load', async () => {
    const { bundler, workers, statuses } = setUp();
    const first = bundler.load();
    workers[0]!.reply({ type: 'failed', message: 'no wasm\nstack' });
    await expect(first).rejects.toThrow('no wasm');
    expect(statuses.at(-1)).toEqual({ state: 'failed', message: 'no wasm' });
    expect(workers[0]!.terminated).toBe(true);
    void bundler.load();
    expect(workers).toHaveLength(2);
  });

  it('answers a build that broke esbuild with why; the builds behind it go to a fresh worker', async () => {
    const { bundler, workers } = setUp();
    const loading = bundler.load();
    workers[0]!.reply({ type: 'ready' });
    const bundle = await loading;
    const deep = bundle(lesson, { 'src/a.ts': 'deep' });
    const valid = bundle(lesson, { 'src/a.ts': 'valid' });
    // One build at a time: the second waits in the page, untouched by what kills esbuild.
    expect(workers[0]!.requests.map((r) => r.type)).toEqual(['start', 'bundle']);
    workers[0]!.reply({
      type: 'bundled',
      id: 1,
      result: {
        ok: false,
        errors: [
          { file: '', line: 0, column: 0, text: 'Maximum call stack size exceeded', lineText: '' },
        ],
      },
      broken: true,
    });
    const result = await deep;
    expect(result.ok ? '' : result.errors[0]?.text).toMatch(
      /^esbuild could not bundle this code \(Maximum call stack size exceeded\)/,
    );
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]?.requests).toEqual([{ type: 'start' }]);
    workers[1]!.reply({ type: 'ready' });
    // The valid build, and one asked of the old bundler later, are made by the fresh one.
    const late = bundle(lesson, { 'src/a.ts': 'later' });
    await expect.poll(() => workers[1]!.requests.length).toBe(2);
    expect(workers[1]!.requests[1]).toMatchObject({
      type: 'bundle',
      files: { 'src/a.ts': 'valid' },
    });
    const ok = { ok: true as const, script: 's', sourceMap: 'm' };
    workers[1]!.reply({ type: 'bundled', id: 1, result: ok, broken: false });
    expect(await valid).toEqual(ok);
    expect(workers[1]!.requests[2]).toMatchObject({
      type: 'bundle',
      files: { 'src/a.ts': 'later' },
    });
    workers[1]!.reply({ type: 'bundled', id: 2, result: ok, broken: false });
    expect(await late).toEqual(ok);
  });
});
