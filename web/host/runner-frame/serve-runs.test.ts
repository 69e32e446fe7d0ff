import { describe, expect, it } from 'vitest';
import type {
  CaseReport,
  Clock,
  LessonCase,
  SpawnWorker,
  WorkerEvents,
} from '../../../core/index.ts';
import type { WorkerHandle } from '../../../core/run/host.ts';
import cassette from '../../../fixtures/the-while-loop/cases/echo/cassette.json';
import expected from '../../../fixtures/the-while-loop/cases/echo/expected.json';
import type { FrameReport } from './protocol.ts';
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

function serve(spawn: SpawnWorker) {
  const reports: FrameReport[] = [];
  const handle = createFrameServer({
    spawn,
    clock,
    prelude: '// prelude',
    report: (r) => reports.push(r),
  });
  return { handle, reports };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 1));
};

describe('the runner frame server', () => {
  it('grades a run with the core grader and reports each case once, the prelude ahead of the script', async () => {
    const worker = playingWorker(echo, echo.expected);
    const { handle, reports } = serve(worker.spawn);
    handle({
      type: 'run',
      id: 1,
      script: 'bundle',
      sourceMap: '{"version":3,"sources":[],"mappings":""}',
      cases: [echo],
      timeoutMs: 2_000,
    });
    await until(() => reports.length > 0);
    expect(
      reports.map((r) => r.type === 'cases' && [r.id, r.reports.map((c) => [c.name, c.status])]),
    ).toEqual([[1, [['echo', 'pass']]]]);
    expect(worker.scripts).toEqual(['// prelude\nbundle']);
  });

  it('fails a case whose output differs, from the cassette it answered', async () => {
    const { handle, reports } = serve(playingWorker(echo, { wrong: true }).spawn);
    handle({
      type: 'run',
      id: 2,
      script: '',
      sourceMap: '{"version":3,"sources":[],"mappings":""}',
      cases: [echo],
      timeoutMs: 2_000,
    });
    await until(() => reports.length > 0);
    const [report] = reports;
    expect(report?.type === 'cases' && report.reports[0]?.status).toBe('fail');
  });

  it('cancels a run: its cases say so', async () => {
    const silent: SpawnWorker = () => ({ post() {}, terminate() {} });
    const { handle, reports } = serve(silent);
    handle({
      type: 'run',
      id: 3,
      script: '',
      sourceMap: '{"version":3,"sources":[],"mappings":""}',
      cases: [echo],
      timeoutMs: 60_000,
    });
    handle({ type: 'cancel', id: 3 });
    await until(() => reports.length > 0);
    const [report] = reports;
    expect(report?.type === 'cases' && report.reports[0]?.kind).toBe('cancelled');
  });

  it('live request: runs the script once with the input, relays its calls, and sends the run back', async () => {
    const { handle, reports } = serve(playingWorker(echo, { said: 'done' }).spawn);
    handle({
      type: 'live',
      id: 5,
      script: '',
      sourceMap: '{"version":3,"sources":[],"mappings":""}',
      input: { prompt: 'Echo "tide"' },
      timeoutMs: 5_000,
    });
    await until(() => reports.some((r) => r.type === 'model-request'));
    const first = reports.find((r) => r.type === 'model-request');
    if (first?.type !== 'model-request') throw new Error('no request');
    const retries = [{ status: 429, type: 'rate_limit_error', retryAfter: 0.2 }];
    const response = echo.cassette.calls[0]!.response;
    handle({
      type: 'model-reply',
      id: 5,
      call: first.call,
      result: { ok: true, response, retries },
    });
    await until(() => reports.filter((r) => r.type === 'model-request').length === 2);
    const second = reports.filter((r) => r.type === 'model-request')[1];
    if (second?.type !== 'model-request') throw new Error('no second request');
    // The page's session refused it (a wallet limit): the run ends there, nothing graded.
    handle({ type: 'model-reply', id: 5, call: second.call, result: { ok: false, stop: 'limit' } });
    await until(() => reports.some((r) => r.type === 'live-done'));
    const done = reports.find((r) => r.type === 'live-done');
    if (done?.type !== 'live-done') throw new Error('no end');
    const calls = done.run.events.filter((e) => e.type === 'model-call');
    expect([
      reports.some((r) => r.type === 'cases'),
      done.run.outcome.kind,
      calls.map((c) => [c.index, c.response?.id, c.retries]),
    ]).toEqual([false, 'cancelled', [[1, response.id, retries]]]);
  });

  it('live request: Stop cancels it, and a call still out is dropped', async () => {
    const { handle, reports } = serve(playingWorker(echo, null).spawn);
    handle({
      type: 'live',
      id: 6,
      script: '',
      sourceMap: '{"version":3,"sources":[],"mappings":""}',
      input: null,
      timeoutMs: 5_000,
    });
    await until(() => reports.some((r) => r.type === 'model-request'));
    handle({ type: 'cancel', id: 6 });
    await until(() => reports.some((r) => r.type === 'live-done'));
    const done = reports.find((r) => r.type === 'live-done');
    expect(done?.type === 'live-done' && done.run.outcome.kind).toBe('cancelled');
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
    const { handle, reports } = serve(playingWorker(echo, echo.expected).spawn);
    handle({
      type: 'run',
      id: 7,
      script: '',
      sourceMap: '{"version":3,"sources":[],"mappings":""}',
      cases,
      timeoutMs: 2_000,
    });
    await until(() => reports.length > 0);
    await new Promise((resolve) => setTimeout(resolve, CASE_BATCH_MS * 2));
    expect(reports.map((r) => r.type === 'cases' && r.reports.length)).toEqual([7]);
  });
});
