import { describe, expect, it } from 'vitest';
import type { LessonCase } from '../lesson/types.ts';
import type { Clock, SpawnWorker, WorkerEvents } from './host.ts';
import { RUN_LIMITS } from './limits.ts';
import { runCase } from './run-case.ts';

const testCase: LessonCase = {
  name: 'raw',
  visible: true,
  description: 'a worker that skips the runtime',
  input: null,
  cassette: { calls: [] },
  expected: null,
};

const clock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const host = (spawn: SpawnWorker) => ({ spawn, clock, prelude: '' });

/**
 * A "worker" that posts raw messages the moment the host says start, as learner code that
 * bypasses the worker runtime could: the host's own bounds must hold for them.
 */
function rawWorker(messages: unknown[]): SpawnWorker {
  return (_script, events: WorkerEvents) => ({
    post(message) {
      if ((message as { type?: string }).type !== 'start') return;
      queueMicrotask(() => {
        for (const data of messages) events.message(data);
      });
    },
    terminate() {},
  });
}

describe('runCase, against a worker that skips the runtime', () => {
  it('cuts a console line the worker did not cut', async () => {
    const long = 'x'.repeat(RUN_LIMITS.consoleLineChars * 3);
    const spawn = rawWorker([{ type: 'console', level: 'log', text: long }, { type: 'done' }]);
    const run = await runCase({ spawn, clock, prelude: '' }, '', testCase, 1_000).result;
    const line = run.events.find((e) => e.type === 'console');
    expect(line?.type === 'console' && line.text.length).toBeLessThan(
      RUN_LIMITS.consoleLineChars + 100,
    );
    expect(line?.type === 'console' && line.text).toContain('line cut at');
  });

  it('keeps no more console lines than the limit, and says so', async () => {
    const lines = Array.from({ length: RUN_LIMITS.consoleLines + 5 }, (_, i) => ({
      type: 'console',
      level: 'log',
      text: `line ${i}`,
    }));
    const run = await runCase(host(rawWorker([...lines, { type: 'done' }])), '', testCase, 1_000)
      .result;
    expect(run.events.filter((e) => e.type === 'console')).toHaveLength(RUN_LIMITS.consoleLines);
    expect(run.consoleTruncated).toBe(true);
  });

  it('stops a worker that floods the host', async () => {
    const flood = Array.from({ length: RUN_LIMITS.workerMessages + 1 }, () => ({ type: 'noise' }));
    const run = await runCase(host(rawWorker(flood)), '', testCase, 1_000).result;
    expect(run.outcome).toMatchObject({ kind: 'threw', error: { name: 'Flood' } });
  });
});
