import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../api/messages.ts';
import type { LessonCase } from '../lesson/types.ts';
import type { Clock, SpawnWorker, WorkerEvents } from './host.ts';
import { RUN_LIMITS } from '../wire/limits.ts';
import type { ModelAnswer, ModelSource } from './model-source.ts';
import { runCase, runScript } from './run-case.ts';
import type { UserAnswer, UserAnswerer } from './user-source.ts';

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

/** The worker runtime's call of host method `method` (`id` 0: a notification). */
const call = (method: string, arg: unknown = null, id = 0) => ({ rpc: 'call', id, method, arg });
/** Whether the host's message is its `start` call. */
const isStart = (message: unknown) => (message as { method?: string }).method === 'start';

/**
 * A "worker" that posts raw messages the moment the host says start, as learner code that
 * bypasses the worker runtime could: the host's own bounds must hold for them.
 */
function rawWorker(messages: unknown[]): SpawnWorker {
  return (_script, events: WorkerEvents) => ({
    post(message) {
      if (!isStart(message)) return;
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
    const spawn = rawWorker([call('console', [{ level: 'log', text: long }]), call('done')]);
    const run = await runCase({ spawn, clock, prelude: '' }, '', testCase, 1_000).result;
    const line = run.events.find((e) => e.type === 'console');
    expect(line?.type === 'console' && line.text.length).toBeLessThan(
      RUN_LIMITS.consoleLineChars + 100,
    );
    expect(line?.type === 'console' && line.text).toContain('line cut at');
  });

  it('keeps no more console lines than the limit, and says so, however they are batched', async () => {
    const line = (i: number) => ({ level: 'log', text: `line ${i}` });
    const lines = Array.from({ length: RUN_LIMITS.consoleLines + 5 }, (_, i) => line(i));
    const messages = [
      call('console', lines.slice(0, 10)),
      ...lines.slice(10, 20).map((l) => call('console', [l])),
      call('console', lines.slice(20)),
    ];
    const run = await runCase(host(rawWorker([...messages, call('done')])), '', testCase, 1_000)
      .result;
    const logged = run.events.flatMap((e) => (e.type === 'console' ? [e.text] : []));
    expect(logged).toEqual(lines.slice(0, RUN_LIMITS.consoleLines).map((l) => l.text));
    expect(run.consoleTruncated).toBe(true);
  });

  it('stops a worker that floods the host', async () => {
    const flood = Array.from({ length: RUN_LIMITS.workerMessages + 1 }, () => ({ type: 'noise' }));
    const run = await runCase(host(rawWorker(flood)), '', testCase, 1_000).result;
    expect(run.outcome).toMatchObject({ kind: 'threw', error: { name: 'Flood' } });
  });
});

/** A clock the test moves by hand: `advance` fires the timers that fall due. */
function manualClock() {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => (timers.set(++next, { at: now + ms, fn }), next),
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.fn();
      }
    }
  };
  return { clock, advance };
}

describe('runScript, with a model that answers later (live mode)', () => {
  const request = { model: 'm', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] };
  const response = {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'm',
    content: [{ type: 'text', text: 'hello' }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  } as unknown as ApiResponse;
  /** A worker that asks once, and is done when it hears the reply. */
  const asking: SpawnWorker = (_script, events) => ({
    post(message) {
      if (isStart(message)) events.message(call('model', { request }, 1));
      if ((message as { rpc?: string }).rpc === 'answer') events.message(call('done'));
    },
    terminate() {},
  });

  it("pauses the time limit while the call is out: the model's latency is not the code's", async () => {
    const { clock, advance } = manualClock();
    let answer: (a: ModelAnswer) => void = () => {};
    const model: ModelSource = { answer: () => new Promise((resolve) => (answer = resolve)) };
    const handle = runScript({ spawn: asking, clock, prelude: '' }, '', null, 1_000, model);
    advance(5_000);
    answer({ ok: true, response, retries: [{ status: 529, type: 'overloaded_error' }] });
    const run = await handle.result;
    const call = run.events.find((e) => e.type === 'model-call');
    expect([run.outcome.kind, call?.type === 'model-call' && call.retries]).toEqual([
      'completed',
      [{ status: 529, type: 'overloaded_error' }],
    ]);
  });

  it('aborts a call still out when the run ends (Stop), and drops its late answer', async () => {
    const { clock } = manualClock();
    let answer: (a: ModelAnswer) => void = () => {};
    let aborted = false;
    const model: ModelSource = {
      answer: (_request, { signal } = {}) =>
        new Promise((resolve) => {
          answer = resolve;
          signal?.addEventListener('abort', () => (aborted = true));
        }),
    };
    const handle = runScript({ spawn: asking, clock, prelude: '' }, '', null, 1_000, model);
    await Promise.resolve();
    expect(aborted).toBe(false);
    handle.cancel();
    answer({ ok: true, response });
    const run = await handle.result;
    expect([run.outcome.kind, aborted, run.modelCalls]).toEqual(['cancelled', true, 0]);
  });

  it('still stops code that runs past its limit of its own time', async () => {
    const { clock, advance } = manualClock();
    const silent: SpawnWorker = () => ({ post() {}, terminate() {} });
    const model: ModelSource = { answer: () => new Promise(() => {}) };
    const handle = runScript({ spawn: silent, clock, prelude: '' }, '', null, 1_000, model);
    advance(1_000);
    expect((await handle.result).outcome).toEqual({ kind: 'timeout', afterMs: 1_000 });
  });
});

describe('runScript, when the harness asks the user about a call', () => {
  const question = { name: 'edit_file', input: { path: 'a.txt', old_str: 'a', new_str: 'b' } };
  /** A worker that asks about `call` `times` times, one after another, then is done. */
  const askingWorker =
    (times: number, replies: unknown[] = []): SpawnWorker =>
    (_script, events) => {
      let asked = 0;
      const ask = () => events.message(call('ask', question, ++asked));
      return {
        post(message) {
          const reply = !isStart(message);
          if (reply) replies.push(message);
          if (isStart(message) || reply) {
            if (asked < times) ask();
            else events.message(call('done'));
          }
        },
        terminate() {},
      };
    };
  const model: ModelSource = { answer: () => ({ ok: false, stop: 'no model here' }) };
  const asks = (events: readonly { type: string }[]) => events.filter((e) => e.type === 'ask');

  it("answers from the case's scripted answers, in order, and records each question", async () => {
    const replies: unknown[] = [];
    const input = { answers: [{ kind: 'deny', reason: 'not now' }, { kind: 'always' }] };
    const run = await runScript(host(askingWorker(3, replies)), '', input, 1_000, model).result;
    expect(replies).toEqual([
      { rpc: 'answer', id: 1, value: { kind: 'deny', reason: 'not now' } },
      { rpc: 'answer', id: 2, value: { kind: 'always' } },
      {
        rpc: 'failed',
        id: 3,
        error: expect.objectContaining({
          name: 'Error',
          message: 'The scripted user was asked about edit_file once too often.',
        }) as unknown,
      },
    ]);
    expect(asks(run.events).map((e) => ({ ...e, at: 0, durationMs: 0 }))).toEqual([
      {
        type: 'ask',
        call: question,
        decision: { kind: 'deny', reason: 'not now' },
        at: 0,
        durationMs: 0,
      },
      { type: 'ask', call: question, decision: { kind: 'always' }, at: 0, durationMs: 0 },
      {
        type: 'ask',
        call: question,
        error: 'The scripted user was asked about edit_file once too often.',
        at: 0,
        durationMs: 0,
      },
    ]);
  });

  it("pauses the time limit while a person thinks: their time is not the code's", async () => {
    const { clock, advance } = manualClock();
    let answer: (a: UserAnswer) => void = () => {};
    const person: UserAnswerer = () => new Promise((resolve) => (answer = resolve));
    const handle = runScript(
      { spawn: askingWorker(1), clock, prelude: '' },
      '',
      null,
      1_000,
      model,
      undefined,
      person,
    );
    advance(60_000);
    answer({ ok: true, decision: { kind: 'allow' } });
    const run = await handle.result;
    expect([run.outcome.kind, asks(run.events).length]).toEqual(['completed', 1]);
  });

  it('withdraws a question still waiting when the run ends (Stop)', async () => {
    let withdrawn = false;
    const person: UserAnswerer = (_call, { signal } = {}) =>
      new Promise(() => signal?.addEventListener('abort', () => (withdrawn = true)));
    const handle = runScript(host(askingWorker(1)), '', null, 1_000, model, undefined, person);
    await new Promise((resolve) => setTimeout(resolve, 10));
    handle.cancel();
    const run = await handle.result;
    expect([run.outcome.kind, withdrawn, asks(run.events)]).toEqual(['cancelled', true, []]);
  });

  it('refuses a question that is not shaped as one, and asks nobody', async () => {
    const refused: unknown[] = [];
    const spawn: SpawnWorker = (_script, events) => ({
      post(message) {
        if (!isStart(message)) return void refused.push(message);
        events.message(call('ask', { name: 'edit_file', input: 'not an object' }, 1));
        queueMicrotask(() => queueMicrotask(() => events.message(call('done'))));
      },
      terminate() {},
    });
    const run = await runScript(host(spawn), '', null, 1_000, model).result;
    expect([run.outcome.kind, asks(run.events)]).toEqual(['completed', []]);
    expect(refused).toEqual([
      { rpc: 'failed', id: 1, error: expect.objectContaining({ name: 'TypeError' }) as unknown },
    ]);
  });
});
