import { describe, expect, it } from 'vitest';
import type {
  Clock,
  LessonCase,
  SpawnWorker,
  WorkerEvents,
  WorkerHandle,
} from '../../../core/index.ts';
import cassette from '../../../fixtures/the-while-loop/cases/echo/cassette.json';
import expected from '../../../fixtures/the-while-loop/cases/echo/expected.json';
import type { FrameReport } from './protocol.ts';
import { createFrameServer } from './serve-runs.ts';

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
        return events.message({ type: 'model-request', id: ++call, request: recorded.request });
      events.message({ type: 'output', json: JSON.stringify(output) });
      events.message({ type: 'done' });
    };
    return {
      post(message) {
        const type = (message as { type: string }).type;
        if (type === 'start' || type === 'model-reply') queueMicrotask(next);
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
      live: false,
    });
    await until(() => reports.length > 0);
    expect(reports.map((r) => r.type === 'case' && [r.id, r.report.name, r.report.status])).toEqual(
      [[1, 'echo', 'pass']],
    );
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
      live: false,
    });
    await until(() => reports.length > 0);
    const [report] = reports;
    expect(report?.type === 'case' && report.report.status).toBe('fail');
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
      live: false,
    });
    handle({ type: 'cancel', id: 3 });
    await until(() => reports.length > 0);
    const [report] = reports;
    expect(report?.type === 'case' && report.report.kind).toBe('cancelled');
  });

  it('live: relays each model request to the page and answers the worker with its reply', async () => {
    const { handle, reports } = serve(playingWorker(echo, echo.expected).spawn);
    handle({
      type: 'run',
      id: 4,
      script: '',
      sourceMap: '{"version":3,"sources":[],"mappings":""}',
      cases: [echo],
      timeoutMs: 5_000,
      live: true,
    });
    // The page's answerer: here, the recorded responses, one per relayed request.
    let answered = 0;
    while (!reports.some((r) => r.type === 'case')) {
      const asked = reports.filter((r) => r.type === 'model-request');
      if (asked.length > answered) {
        const request = asked[answered]!;
        if (request.type !== 'model-request') break;
        const response = echo.cassette.calls[answered]!.response;
        expect(request.request).toEqual(echo.cassette.calls[answered]!.request);
        handle({ type: 'model-reply', id: 4, call: request.call, result: { ok: true, response } });
        answered++;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(answered).toBe(echo.cassette.calls.length);
    const done = reports.find((r) => r.type === 'case');
    expect(done?.type === 'case' && [done.report.status, done.report.turns.length]).toEqual([
      'pass',
      echo.cassette.calls.length,
    ]);
  });
});
