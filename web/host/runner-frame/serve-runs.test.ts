import { describe, expect, it } from 'vitest';
import {
  createRpc,
  type CaseReport,
  type CaseRun,
  type Clock,
  type LessonCase,
  type RpcCall,
  type SpawnWorker,
  type WorkerEvents,
} from '../../../core/index.ts';
import type { WorkerHandle } from '../../../core/run/host.ts';
import cassette from '../../../fixtures/the-while-loop/cases/echo/cassette.json';
import expected from '../../../fixtures/the-while-loop/cases/echo/expected.json';
import type { FrameMethods, PageMethods } from './protocol.ts';
import { batchCases, CASE_BATCH_MS, createFrameServer } from './serve-runs.ts';

/** The-while-loop's echo case, as the lesson files have it. */
const echo = {
  name: 'echo',
  visible: true,
  description: 'One echo call, then a final answer.',
  input: null,
  cassette,
  expected,
} as unknown as LessonCase;

const clock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A fake worker that plays a correct loop over `testCase`: on `start` it sends the recorded
 * requests one by one (each after the previous reply), then prints `output` and says done.
 */
function playingWorker(testCase: LessonCase, output: unknown) {
  const scripts: string[] = [];
  const spawn: SpawnWorker = (script, events: WorkerEvents): WorkerHandle => {
    scripts.push(script);
    let call = 0;
    const next = () => {
      const recorded = testCase.cassette.calls[call];
      if (recorded)
        return events.message({
          rpc: 'call',
          id: ++call,
          method: 'model',
          arg: { request: recorded.request },
        });
      events.message({ rpc: 'call', id: 0, method: 'output', arg: JSON.stringify(output) });
      events.message({ rpc: 'call', id: 0, method: 'done', arg: null });
    };
    return {
      post(message) {
        // The host's `start`, or its answer to a model call.
        const { method, rpc } = message as { method?: string; rpc?: string };
        if (method === 'start' || rpc === 'answer') queueMicrotask(next);
      },
      terminate() {},
    };
  };
  return { spawn, scripts };
}

/** What the page heard from the frame, in order; a call waits for the test's `answer`. */
interface Heard {
  method: keyof PageMethods;
  arg: Record<string, unknown>;
  answer?(value: unknown): void;
  signal?: RpcCall['signal'];
}

/**
 * The frame's server and a page of the test's own, joined by their RPCs; each message crosses
 * as a port would clone it. `page` is the page's end: the test calls the frame's methods on it.
 */
function serve(spawn: SpawnWorker) {
  const heard: Heard[] = [];
  const hear =
    (method: keyof PageMethods) =>
    (arg: Record<string, unknown>, { signal }: RpcCall) =>
      new Promise((answer) => heard.push({ method, arg, answer, signal }));
  const told = (method: keyof PageMethods) => (arg: Record<string, unknown>) =>
    void heard.push({ method, arg });
  const methods = {
    cases: told('cases'),
    liveDone: told('liveDone'),
    failed: told('failed'),
    model: hear('model'),
    ask: hear('ask'),
  } as unknown as PageMethods;
  const frame = createFrameServer({
    spawn,
    clock,
    prelude: '// prelude',
    post: (message) => queueMicrotask(() => page.receive(structuredClone(message))),
  });
  const page = createRpc<FrameMethods, PageMethods>(methods, (message) =>
    queueMicrotask(() => frame.receive(structuredClone(message))),
  );
  return { page, heard };
}

const sourceMap = '{"version":3,"sources":[],"mappings":""}';

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 1));
};

describe('the runner frame server', () => {
  it('grades a run with the core grader and reports each case once, the prelude ahead of the script', async () => {
    const worker = playingWorker(echo, echo.expected);
    const { page, heard } = serve(worker.spawn);
    page.notify('run', { id: 1, script: 'bundle', sourceMap, cases: [echo], timeoutMs: 2_000 });
    await until(() => heard.length > 0);
    expect(
      heard.map(({ method, arg }) => [
        method,
        arg.id,
        (arg.reports as CaseReport[]).map((c) => [c.name, c.status]),
      ]),
    ).toEqual([['cases', 1, [['echo', 'pass']]]]);
    expect(worker.scripts).toEqual(['// prelude\nbundle']);
  });

  it('fails a case whose output differs, from the cassette it answered', async () => {
    const { page, heard } = serve(playingWorker(echo, { wrong: true }).spawn);
    page.notify('run', { id: 2, script: '', sourceMap, cases: [echo], timeoutMs: 2_000 });
    await until(() => heard.length > 0);
    expect((heard[0]?.arg.reports as CaseReport[])[0]?.status).toBe('fail');
  });

  it('cancels a run: its cases say so', async () => {
    const silent: SpawnWorker = () => ({ post() {}, terminate() {} });
    const { page, heard } = serve(silent);
    page.notify('run', { id: 3, script: '', sourceMap, cases: [echo], timeoutMs: 60_000 });
    page.notify('cancel', { id: 3 });
    await until(() => heard.length > 0);
    expect((heard[0]?.arg.reports as CaseReport[])[0]?.kind).toBe('cancelled');
  });

  it("live request: asks the page about a call, and the person's answer goes back to the code", async () => {
    const call = { name: 'delete_file', input: { path: 'notes.md' } };
    const replies: unknown[] = [];
    const asking: SpawnWorker = (_script, events) => ({
      post(message) {
        // The host's `start`, then its answer to the worker's `ask` call.
        const { method, rpc } = message as { method?: string; rpc?: string };
        if (method === 'start') {
          queueMicrotask(() => events.message({ rpc: 'call', id: 1, method: 'ask', arg: call }));
        }
        if (rpc !== 'answer') return;
        replies.push(message);
        queueMicrotask(() => events.message({ rpc: 'call', id: 0, method: 'done', arg: null }));
      },
      terminate() {},
    });
    const { page, heard } = serve(asking);
    page.notify('live', { id: 4, script: '', sourceMap, input: null, timeoutMs: 5_000 });
    await until(() => heard.some((h) => h.method === 'ask'));
    const question = heard.find((h) => h.method === 'ask');
    question?.answer?.({ ok: true, decision: { kind: 'deny', reason: 'not now' } });
    await until(() => heard.some((h) => h.method === 'liveDone'));
    expect([question?.arg, replies]).toEqual([
      { id: 4, question: call },
      [
        {
          rpc: 'answer',
          id: 1,
          value: { kind: 'deny', reason: 'not now' },
        },
      ],
    ]);
  });

  it('live request: runs the script once with the input, calls the page for each model call, and sends the run back', async () => {
    const { page, heard } = serve(playingWorker(echo, { said: 'done' }).spawn);
    const input = { prompt: 'Echo "tide"' };
    page.notify('live', { id: 5, script: '', sourceMap, input, timeoutMs: 5_000 });
    const calls = () => heard.filter((h) => h.method === 'model');
    await until(() => calls().length === 1);
    const retries = [{ status: 429, type: 'rate_limit_error', retryAfter: 0.2 }];
    const response = echo.cassette.calls[0]!.response;
    expect(calls()[0]?.arg).toEqual({ id: 5, request: echo.cassette.calls[0]!.request });
    calls()[0]?.answer?.({ ok: true, response, retries });
    await until(() => calls().length === 2);
    // The page's session refused it (a wallet limit): the run ends there, nothing graded.
    calls()[1]?.answer?.({ ok: false, stop: 'limit' });
    await until(() => heard.some((h) => h.method === 'liveDone'));
    const done = heard.find((h) => h.method === 'liveDone')?.arg as { run: CaseRun };
    const made = done.run.events.filter((e) => e.type === 'model-call');
    expect([
      heard.some((h) => h.method === 'cases'),
      done.run.outcome.kind,
      made.map((c) => [c.index, c.response?.id, c.retries]),
    ]).toEqual([false, 'cancelled', [[1, response.id, retries]]]);
  });

  it('live request: Stop cancels it, and the call still out aborts on the page', async () => {
    const { page, heard } = serve(playingWorker(echo, null).spawn);
    page.notify('live', { id: 6, script: '', sourceMap, input: null, timeoutMs: 5_000 });
    await until(() => heard.some((h) => h.method === 'model'));
    page.notify('cancel', { id: 6 });
    await until(() => heard.some((h) => h.method === 'liveDone'));
    const done = heard.find((h) => h.method === 'liveDone')?.arg as { run: CaseRun };
    const call = heard.find((h) => h.method === 'model');
    expect([done.run.outcome.kind, call?.signal?.aborted]).toEqual(['cancelled', true]);
  });
});

describe("the frame's case reports to the page", () => {
  /** A clock whose timers run only when the test says. */
  function manualClock() {
    const timers = new Map<number, { fn: () => void; ms: number }>();
    let next = 0;
    const clock: Clock = {
      now: () => 0,
      setTimeout: (fn, ms) => (timers.set(++next, { fn, ms }), next),
      clearTimeout: (handle) => void timers.delete(handle as number),
    };
    const fire = () => {
      const due = [...timers.values()];
      timers.clear();
      for (const timer of due) timer.fn();
      return due.map((t) => t.ms);
    };
    return { clock, fire, pending: () => timers.size };
  }
  const report = (name: string) => ({ name }) as unknown as CaseReport;

  it('sends a run whose cases finish together as one message, at once when the last is in', () => {
    const { clock, pending } = manualClock();
    const sent: string[][] = [];
    const onCase = batchCases(3, clock, (reports) => sent.push(reports.map((r) => r.name)));
    onCase(report('a'));
    onCase(report('b'));
    expect(sent).toEqual([]);
    onCase(report('c'));
    expect([sent, pending()]).toEqual([[['a', 'b', 'c']], 0]);
  });

  it('sends what has finished after CASE_BATCH_MS when a slower case is still running', () => {
    const { clock, fire } = manualClock();
    const sent: string[][] = [];
    const onCase = batchCases(3, clock, (reports) => sent.push(reports.map((r) => r.name)));
    onCase(report('a'));
    onCase(report('b'));
    expect(fire()).toEqual([CASE_BATCH_MS]);
    expect(sent).toEqual([['a', 'b']]);
    onCase(report('slow'));
    expect(sent).toEqual([['a', 'b'], ['slow']]);
    expect(fire()).toEqual([]);
  });

  it('a seven-case run reaches the page as one message', async () => {
    const cases = Array.from({ length: 7 }, (_, i) => ({ ...echo, name: `echo-${i}` }));
    const { page, heard } = serve(playingWorker(echo, echo.expected).spawn);
    page.notify('run', { id: 7, script: '', sourceMap, cases, timeoutMs: 2_000 });
    await until(() => heard.length > 0);
    await new Promise((resolve) => setTimeout(resolve, CASE_BATCH_MS * 2));
    expect(heard.map(({ arg }) => (arg.reports as CaseReport[]).length)).toEqual([7]);
  });
});
