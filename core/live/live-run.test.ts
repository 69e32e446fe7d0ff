import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../api/messages.ts';
import type { LessonCase } from '../lesson/types.ts';
import type { CaseRun } from '../run/events.ts';
import type { Clock, SpawnWorker, WorkerEvents } from '../run/host.ts';
import type { ModelAnswer, ModelAnswerer } from '../run/model-answerer.ts';
import { runCase } from '../run/run-case.ts';
import { checkLiveRun } from './check-live-run.ts';
import { recordLiveCase } from './record-case.ts';
import type { LiveReport } from './live-run.ts';

const liveCase: LessonCase = {
  name: 'live',
  visible: true,
  description: 'Weather in Chicago?',
  input: { prompt: 'Weather in Chicago?' },
  cassette: { calls: [] },
  expected: null,
};

const clock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const reply = (content: ApiResponse['content'], id = 'msg_01'): ApiResponse => ({
  id,
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-5-5',
  content,
  stop_reason: content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 20, output_tokens: 7 },
});
const weather = reply(
  [{ type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { city: 'Chicago' } }],
  'msg_01',
);
const answer = reply([{ type: 'text', text: 'Rainy.' }], 'msg_02');
const ask = { model: 'claude-sonnet-5-5', max_tokens: 64 };
const first = { ...ask, messages: [{ role: 'user', content: 'Weather in Chicago?' }] };
const second = {
  ...ask,
  messages: [
    ...first.messages,
    { role: 'assistant', content: weather.content },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: '4°C' }],
    },
  ],
};

/**
 * A "worker" that plays a loop: it sends each request in turn once the previous one is
 * answered, then prints and ends, as the worker runtime would.
 */
function loopWorker(requests: Record<string, unknown>[], output = '"Rainy."'): SpawnWorker {
  return (_script, events: WorkerEvents) => {
    let next = 0;
    const send = () => {
      const request = requests[next];
      if (request) events.message({ type: 'model-request', id: ++next, request });
      else {
        events.message({ type: 'output', json: output });
        events.message({ type: 'done' });
      }
    };
    return {
      post(message) {
        const type = (message as { type?: string }).type;
        if (type === 'start' || type === 'model-reply') queueMicrotask(send);
      },
      terminate() {},
    };
  };
}

function scripted(answers: (ModelAnswer | 'hang')[]): ModelAnswerer & { aborted: number } {
  let i = 0;
  const answerer = Object.assign(
    (
      _request: unknown,
      { signal }: { signal: { addEventListener(t: 'abort', f: () => void): void } },
    ) => {
      const next = answers[i++];
      if (next === 'hang' || next === undefined) {
        signal.addEventListener('abort', () => answerer.aborted++);
        return new Promise<ModelAnswer>(() => {});
      }
      return new Promise<ModelAnswer>((resolve) => setTimeout(() => resolve(next), 30));
    },
    { aborted: 0 },
  );
  return answerer;
}

const live = (spawn: SpawnWorker, answerer: ModelAnswerer, timeoutMs = 1_000) =>
  runCase(spawn, clock, '', liveCase, timeoutMs, answerer);

describe('a case run answered live', () => {
  it('records each call with its reply and its latency, and passes the checks', async () => {
    const run = await live(
      loopWorker([first, second]),
      scripted([
        { ok: true, response: weather },
        { ok: true, response: answer },
      ]),
    ).result;
    expect(run.outcome).toEqual({ kind: 'completed' });
    const calls = run.events.filter((e) => e.type === 'model-call');
    expect(calls.map((c) => c.type === 'model-call' && c.response?.id)).toEqual([
      'msg_01',
      'msg_02',
    ]);
    expect(calls.every((c) => c.durationMs >= 25)).toBe(true);
    const verdict = checkLiveRun(run);
    expect(verdict.status).toBe('pass');
    expect(verdict.checks.map((c) => [c.name, c.ok, c.detail])).toEqual([
      ['loop-ended', true, 'The loop ended on stop_reason "end_turn" after 2 model calls.'],
      ['tool-uses-answered', true, 'Every tool_use was answered (1 call).'],
      ['no-refusals', true, 'No request was refused.'],
    ]);
  });

  it('does not count the model’s time against the code’s time limit', async () => {
    const slow: ModelAnswerer = () =>
      new Promise((resolve) => setTimeout(() => resolve({ ok: true, response: answer }), 150));
    const run = await live(loopWorker([first]), slow, 100).result;
    expect(run.outcome).toEqual({ kind: 'completed' });
  });

  it('aborts a call in flight when the run is cancelled', async () => {
    const answerer = scripted(['hang']);
    const handle = live(loopWorker([first]), answerer);
    await new Promise((resolve) => setTimeout(resolve, 20));
    handle.cancel();
    const run = await handle.result;
    expect(run.outcome).toEqual({ kind: 'cancelled' });
    expect(answerer.aborted).toBe(1);
    expect(checkLiveRun(run)).toMatchObject({
      status: 'error',
      message: 'Stopped before it finished.',
    });
  });

  it('ends the run at a wallet limit, without counting the call it did not make', async () => {
    const run = await live(
      loopWorker([first, second]),
      scripted([
        { ok: true, response: weather },
        { ok: false, stop: 'Stopped at the wallet limit.' },
      ]),
    ).result;
    expect(run.outcome).toEqual({ kind: 'limit', message: 'Stopped at the wallet limit.' });
    expect(run.modelCalls).toBe(1);
    expect(checkLiveRun(run)).toMatchObject({
      status: 'error',
      message: 'Stopped at the wallet limit.',
    });
  });

  it('hands an API error to the code, and the check names it', async () => {
    const apiError = {
      status: 529,
      type: 'overloaded_error',
      message: 'Overloaded',
      explanation: 'The API is overloaded right now.',
    };
    const run = await live(
      loopWorker([first]),
      scripted([
        {
          ok: false,
          status: 529,
          body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
          apiError,
          attempts: [{ status: 529 }, { status: 529 }],
        },
      ]),
    ).result;
    const call = run.events.find((e) => e.type === 'model-call');
    expect(call).toMatchObject({ apiError, retries: [{ status: 529 }, { status: 529 }] });
    expect(checkLiveRun(run).message).toBe(
      'Request #1 failed: 529 overloaded_error: Overloaded\nThe API is overloaded right now.',
    );
  });
});

describe('checkLiveRun', () => {
  const base: CaseRun = {
    outcome: { kind: 'completed' },
    events: [],
    outputs: [],
    consoleTruncated: false,
    modelCalls: 0,
    durationMs: 1,
  };
  const call = (index: number, request: Record<string, unknown>, response: ApiResponse) =>
    ({ type: 'model-call', index, request, response, at: 0, durationMs: 1 }) as const;

  it('fails a loop that went on without answering a tool_use', () => {
    const unanswered = { ...ask, messages: [...first.messages, { role: 'user', content: 'more' }] };
    const run = { ...base, events: [call(1, first, weather), call(2, unanswered, answer)] };
    expect(checkLiveRun(run)).toMatchObject({
      status: 'fail',
      message: 'Request #2 did not answer tool_use toolu_01 with a tool_result.',
    });
  });

  it('accepts a loop that stopped at its cap, still asked for tools', () => {
    const run: CaseRun = {
      ...base,
      outcome: {
        kind: 'threw',
        error: { name: 'Error', message: 'no answer after 1 model calls' },
      },
      events: [call(1, first, weather)],
    };
    expect(checkLiveRun(run).checks[0]).toEqual({
      name: 'loop-ended',
      ok: true,
      detail: 'The loop stopped at its cap after 1 model call.',
    });
    expect(checkLiveRun(run).status).toBe('pass');
  });
});

describe('recordLiveCase', () => {
  const report = (over: Partial<LiveReport> = {}): LiveReport => ({
    lessonId: 'the-agent',
    input: { prompt: 'Weather in Chicago?' },
    compileErrors: [],
    report: {
      name: 'live',
      visible: true,
      description: 'Weather in Chicago?',
      status: 'pass',
      kind: 'pass',
      message: '',
      turns: [],
      console: [],
      consoleTruncated: false,
      durationMs: 1,
    },
    checks: [],
    calls: [
      { request: first, response: weather },
      { request: second, response: answer },
    ],
    callsMade: 2,
    output: { answer: 'Rainy.' },
    usage: { input_tokens: 40, output_tokens: 14 },
    bundleMs: 1,
    durationMs: 1,
    ...over,
  });

  it('keeps the API’s own fields only, and writes the course’s three files', () => {
    const extra = {
      ...answer,
      container: null,
      _request_id: 'req_011CX',
      usage: { ...answer.usage, cache_read_input_tokens: 0, service_tier: 'standard' },
    } as unknown as ApiResponse;
    const recorded = recordLiveCase(
      report({ calls: [{ request: first, response: extra }], callsMade: 1 }),
    );
    if (!recorded.ok) throw new Error(recorded.reason);
    expect(JSON.parse(recorded.files['cassette.json'])).toEqual({
      calls: [{ request: first, response: answer }],
    });
    expect(JSON.parse(recorded.files['case.json'])).toEqual({
      visible: true,
      description: 'Recorded live: Weather in Chicago?',
      input: { prompt: 'Weather in Chicago?' },
    });
    expect(recorded.files['expected.json']).toBe('{\n  "answer": "Rainy."\n}\n');
    expect(Object.values(recorded.files).join()).not.toContain('req_');
  });

  it('refuses a session with a failed call, or one that did not pass its checks', () => {
    expect(recordLiveCase(report({ callsMade: 3 }))).toMatchObject({ ok: false });
    const failed = report();
    failed.report = { ...failed.report, status: 'fail' };
    expect(recordLiveCase(failed)).toEqual({
      ok: false,
      reason: 'Only a run whose checks passed can be recorded.',
    });
  });
});
