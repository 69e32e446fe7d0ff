import { describe, expect, it } from 'vitest';
import type { CaseReport, Clock, Lesson, LessonReport, ModelSource } from '../../../core/index.ts';
import { unrunCase } from '../../../core/grade/start-grading.ts';
import type { PageBundler } from '../../host/page/bundler-client.ts';
import type {
  FrameLiveRequest,
  FrameRunRequest,
  LiveRunEnd,
  RunnerFrame,
} from '../../host/page/runner-client.ts';
import type { RunState } from '../../store/run-slice.ts';
import { createRunController, type RunStore } from './run-controller.ts';

const kase = (name: string) => ({
  name,
  visible: true,
  description: name,
  input: null,
  cassette: { calls: [] },
  expected: null,
});
const lesson = {
  id: 'l',
  cases: [kase('a'), kase('b')],
  timeoutMs: 1000,
  // What a bundle is made of besides the learner's files (the bundle cache's key has them).
  harness: '',
  readOnly: [],
  starter: {},
} as unknown as Lesson;

const clock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const passed = (name: string): CaseReport => ({
  ...unrunCase(
    lesson.cases.find((c) => c.name === name)!,
    'cancelled',
  ),
  status: 'pass',
  kind: 'pass',
  message: '',
});

/** A live run's end, as the frame reports it. */
const ran: LiveRunEnd = {
  run: {
    outcome: { kind: 'completed' },
    events: [],
    outputs: ['{}'],
    consoleTruncated: false,
    modelCalls: 0,
    durationMs: 5,
  },
  frames: [],
};

/** A store with the run slice's semantics that matter here: results of older runs are dropped. */
function fakeStore() {
  let run: RunState | undefined;
  const finished: LessonReport[] = [];
  const store: RunStore = {
    getState: () => ({
      run,
      beginRun: (id, lessonId, source, files, only) =>
        void (run = {
          id,
          lessonId,
          source,
          files,
          only,
          phase: 'running',
          cases: [],
        } as unknown as RunState),
      addCaseReports: () => undefined,
      finishRun: (id, report) => {
        if (run?.id !== id) return;
        finished.push(report);
        run = { ...run, phase: 'done', report } as RunState;
      },
      crashRun: (id, error) =>
        void (run?.id === id && (run = { ...run, phase: 'crashed', error } as RunState)),
      clearRun: () => void (run = undefined),
    }),
  };
  return { store, finished };
}

/** A frame that holds each run until the test settles it. */
function fakeFrame() {
  const runs: {
    request: FrameRunRequest;
    settle(reports: CaseReport[]): void;
    cancelled: boolean;
  }[] = [];
  const lives: {
    request: FrameLiveRequest;
    settle(end: LiveRunEnd): void;
    cancelled: boolean;
  }[] = [];
  const frame: RunnerFrame = {
    prepare() {},
    dispose() {},
    live(request) {
      let settle: (end: LiveRunEnd) => void = () => {};
      const result = new Promise<LiveRunEnd>((resolve) => (settle = resolve));
      const entry = { request, settle, cancelled: false };
      lives.push(entry);
      return {
        result,
        cancel: () => {
          entry.cancelled = true;
          settle({ run: { ...ran.run, outcome: { kind: 'cancelled' } }, frames: [] });
        },
      };
    },
    run(request, onCase) {
      let settle: (reports: CaseReport[]) => void = () => {};
      const result = new Promise<CaseReport[]>(
        (resolve) =>
          (settle = (reports) => {
            reports.forEach(onCase);
            resolve(reports);
          }),
      );
      const entry = { request, settle, cancelled: false };
      runs.push(entry);
      return {
        result,
        cancel: () => {
          entry.cancelled = true;
          settle(request.cases.map((c) => unrunCase(c, 'cancelled')));
        },
      };
    },
  };
  return { frame, runs, lives };
}

function bundlerThat(
  result: Awaited<ReturnType<Awaited<ReturnType<PageBundler['load']>>>>,
): PageBundler {
  const bundle = () => Promise.resolve(result);
  return {
    preload() {},
    load: () => Promise.resolve(bundle),
    whenReady: () => Promise.resolve(bundle),
    follow() {},
    firstBundleDone: Promise.resolve(),
  };
}

const ok = bundlerThat({ ok: true, script: 'script', sourceMap: 'map' });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createRunController', () => {
  it('bundles in the page, grades in the frame once per run, and reports in the lesson order', async () => {
    const { store, finished } = fakeStore();
    const { frame, runs } = fakeFrame();
    const controller = createRunController({ store, host: { bundler: ok, frame, clock } });
    const running = controller.run(lesson, { 'src/a.ts': 'x' }, 'mine');
    await tick();
    expect(
      runs.map((r) => [r.request.script, r.request.sourceMap, r.request.cases.map((c) => c.name)]),
    ).toEqual([['script', 'map', ['a', 'b']]]);
    runs[0]!.settle([passed('b'), passed('a')]);
    const done = await running;
    expect([done?.phase, finished[0]?.status, finished[0]?.cases.map((c) => c.name)]).toEqual([
      'done',
      'pass',
      ['a', 'b'],
    ]);
  });

  it('hands the finished run to onFinish in the tick its results reach the store', async () => {
    const { store } = fakeStore();
    const order: string[] = [];
    const finishRun = store.getState().finishRun;
    const watched: RunStore = {
      getState: () => ({
        ...store.getState(),
        finishRun: (id, report) => {
          finishRun(id, report);
          order.push('results');
          // What React does on a store change: render in a microtask. onFinish must come first.
          queueMicrotask(() => order.push('microtask'));
        },
      }),
    };
    const { frame, runs } = fakeFrame();
    const controller = createRunController({ store: watched, host: { bundler: ok, frame, clock } });
    const running = controller.run(lesson, {}, 'mine', undefined, (run) =>
      order.push(`onFinish ${run.phase}`),
    );
    await tick();
    runs[0]!.settle([passed('a'), passed('b')]);
    await running;
    expect(order).toEqual(['results', 'onFinish done', 'microtask']);
  });

  it('tells the store of the run once its script is on its way to the frame, not before', async () => {
    const { store } = fakeStore();
    const { frame, runs } = fakeFrame();
    const seen: string[] = [];
    const watched: RunStore = {
      getState: () => ({
        ...store.getState(),
        beginRun: (...args) => {
          seen.push(`beginRun (runs in the frame: ${runs.length})`);
          store.getState().beginRun(...args);
        },
      }),
    };
    const controller = createRunController({ store: watched, host: { bundler: ok, frame, clock } });
    void controller.run(lesson, {}, 'mine');
    expect(seen).toEqual([]);
    await tick();
    expect(seen).toEqual(['beginRun (runs in the frame: 1)']);
    expect(store.getState().run?.phase).toBe('running');
  });

  it('tells the store at once, in the next task, when the bundle is still being made', async () => {
    const { store } = fakeStore();
    const { frame, runs } = fakeFrame();
    let finish: (result: { ok: true; script: string; sourceMap: string }) => void = () => {};
    const slow = new Promise<{ ok: true; script: string; sourceMap: string }>((r) => (finish = r));
    const bundler: PageBundler = { ...ok, load: () => Promise.resolve(() => slow) };
    const controller = createRunController({ store, host: { bundler, frame, clock } });
    void controller.run(lesson, {}, 'mine');
    await tick();
    expect([store.getState().run?.phase, runs.length]).toEqual(['running', 0]);
    finish({ ok: true, script: 's', sourceMap: 'm' });
    await tick();
    expect(runs).toHaveLength(1);
  });

  it('grades only the cases named', async () => {
    const { store } = fakeStore();
    const { frame, runs } = fakeFrame();
    const controller = createRunController({ store, host: { bundler: ok, frame, clock } });
    void controller.run(lesson, {}, 'mine', ['b']);
    await tick();
    expect(runs[0]?.request.cases.map((c) => c.name)).toEqual(['b']);
  });

  it('fails every case with the compile error, without the frame', async () => {
    const { store, finished } = fakeStore();
    const { frame, runs } = fakeFrame();
    const bundler = bundlerThat({
      ok: false,
      errors: [{ file: 'src/a.ts', line: 2, column: 3, text: 'Expected ";"', lineText: '' }],
    });
    await createRunController({ store, host: { bundler, frame, clock } }).run(lesson, {}, 'mine');
    expect(runs).toHaveLength(0);
    expect(finished[0]?.cases.map((c) => [c.kind, c.message])).toEqual([
      ['compile', 'Compile error: src/a.ts:2:3: Expected ";"'],
      ['compile', 'Compile error: src/a.ts:2:3: Expected ";"'],
    ]);
  });

  it('a newer run cancels the older one, whose result never reaches the store', async () => {
    const { store, finished } = fakeStore();
    const { frame, runs } = fakeFrame();
    const controller = createRunController({ store, host: { bundler: ok, frame, clock } });
    const first = controller.run(lesson, {}, 'mine');
    await tick();
    const second = controller.run(lesson, {}, 'mine');
    await tick();
    expect(runs.map((r) => r.cancelled)).toEqual([true, false]);
    runs[1]!.settle([passed('a'), passed('b')]);
    expect([await first, (await second)?.phase, finished.length]).toEqual([undefined, 'done', 1]);
  });

  it('Stop cancels the run in the frame: its cases say "cancelled"', async () => {
    const { store, finished } = fakeStore();
    const { frame, runs } = fakeFrame();
    const controller = createRunController({ store, host: { bundler: ok, frame, clock } });
    const running = controller.run(lesson, {}, 'mine');
    await tick();
    controller.stop();
    await running;
    expect([runs[0]?.cancelled, finished[0]?.cases.map((c) => c.kind)]).toEqual([
      true,
      ['cancelled', 'cancelled'],
    ]);
  });

  it("live: runs the bundle once in the frame with the input and the page's model", async () => {
    const { store } = fakeStore();
    const { frame, lives } = fakeFrame();
    const model: ModelSource = { answer: () => Promise.reject(new Error('not called here')) };
    const controller = createRunController({ store, host: { bundler: ok, frame, clock } });
    const running = controller.live(lesson, {}, { input: { prompt: 'Hi?' }, model });
    await tick();
    const sent = lives[0]?.request;
    expect([sent?.script, sent?.sourceMap, sent?.input, sent?.model, sent?.timeoutMs]).toEqual([
      'script',
      'map',
      { prompt: 'Hi?' },
      model,
      1000,
    ]);
    lives[0]!.settle(ran);
    expect(await running).toEqual({ ok: true, bundleMs: expect.any(Number) as number, ...ran });
  });

  it('live: Stop and a newer graded run cancel the live run in the frame', async () => {
    const { store } = fakeStore();
    const { frame, lives } = fakeFrame();
    const model: ModelSource = { answer: () => Promise.reject(new Error('not called here')) };
    const controller = createRunController({ store, host: { bundler: ok, frame, clock } });
    const stopped = controller.live(lesson, {}, { input: null, model });
    await tick();
    controller.stop();
    const ended = await stopped;
    const replaced = controller.live(lesson, {}, { input: null, model });
    await tick();
    void controller.run(lesson, {}, 'mine');
    await tick();
    expect([
      ended?.ok && ended.run.outcome.kind,
      lives.map((l) => l.cancelled),
      await replaced,
    ]).toEqual(['cancelled', [true, true], undefined]);
  });

  it('live: a compile error ends it before the frame', async () => {
    const { store } = fakeStore();
    const { frame, lives } = fakeFrame();
    const errors = [{ file: 'src/a.ts', line: 1, column: 1, text: 'x', lineText: '' }];
    const bundler = bundlerThat({ ok: false, errors });
    const model: ModelSource = { answer: () => Promise.reject(new Error('not called here')) };
    const controller = createRunController({ store, host: { bundler, frame, clock } });
    const ended = await controller.live(lesson, {}, { input: null, model });
    expect([ended, lives.length]).toEqual([
      { ok: false, compileErrors: errors, bundleMs: expect.any(Number) as number },
      0,
    ]);
  });

  it('bundles edits as they come, one at a time, the latest text last; Run then finds its bundle made', async () => {
    const { store } = fakeStore();
    const { frame, runs } = fakeFrame();
    const asked: string[] = [];
    const pending: (() => void)[] = [];
    const bundle = (_: Lesson, files: Record<string, string>) => {
      asked.push(files.f ?? '');
      return new Promise<{ ok: true; script: string; sourceMap: string }>((resolve) =>
        pending.push(() => resolve({ ok: true, script: files.f ?? '', sourceMap: 'm' })),
      );
    };
    const bundler: PageBundler = {
      ...ok,
      load: () => Promise.resolve(bundle),
      whenReady: () => Promise.resolve(bundle),
    };
    const controller = createRunController({ store, host: { bundler, frame, clock } });
    controller.prepare(lesson, { f: 'a' });
    await tick();
    for (const f of ['ab', 'abc']) controller.prepare(lesson, { f });
    await tick();
    expect(asked).toEqual(['a']);
    pending.shift()?.();
    await tick();
    expect(asked).toEqual(['a', 'abc']);
    pending.shift()?.();
    void controller.run(lesson, { f: 'abc' }, 'mine');
    await tick();
    expect([asked, runs[0]?.request.script]).toEqual([['a', 'abc'], 'abc']);
  });
});
