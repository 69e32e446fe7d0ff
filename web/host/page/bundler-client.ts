import type { BundleResult, Bundler, CompileError, FileMap, Lesson } from '../../../core/index.ts';
// Not from the core's index: this module starts the page's bundler before the app is evaluated.
import { bundleInputs, createRpc, type RpcMessage } from '../../../core/runner.ts';
import type { BundlerMethods } from '../bundler/bundler-messages.ts';

/** Where the bundler is, for the run controls (they show it, and a retry if it failed). */
export type BundlerStatus =
  { state: 'loading' } | { state: 'ready' } | { state: 'failed'; message: string };

/** The slice of a `Worker` the bundler uses (a fake in tests). */
export interface BundlerWorker {
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { message?: string; preventDefault(): void }) => void) | null;
  postMessage(message: RpcMessage): void;
  terminate(): void;
}

/**
 * The page's bundler: esbuild-wasm in a worker of its own (bundler.worker.ts). `preload` creates
 * the worker, so esbuild.wasm downloads and compiles while the app starts; esbuild itself starts
 * on the first `load` (once the editor is up, or at a Run), so that its start does not compete
 * with the editor's for the CPU. A failure is reported (the page says so and offers a retry) and
 * forgotten, so the next call tries again; so is a worker that dies after it started.
 */
export interface PageBundler {
  /** Creates the worker, which downloads and compiles esbuild.wasm but does not run it yet. */
  preload(): void;
  /** The bundler, started if it was not. */
  load(): Promise<Bundler>;
  /** The bundler once it has started, without starting it (see load). */
  whenReady(): Promise<Bundler>;
  /** Calls `listener` with the status now and on every change (the store follows it). */
  follow(listener: (status: BundlerStatus) => void): void;
  /** Settles when the page's first bundle is made (or could not be): the start-up's heavy work. */
  firstBundleDone: Promise<void>;
}

interface Instance {
  worker: BundlerWorker;
  ready?: Promise<Bundler>;
  /** Why the worker failed before esbuild was started, if it did. */
  failure?: string;
}

export function createBundler(startWorker: () => BundlerWorker): PageBundler {
  let instance: Instance | undefined;
  /** Callers of whenReady() waiting for the next successful start. */
  const waiting: ((bundler: Bundler) => void)[] = [];
  let status: BundlerStatus = { state: 'loading' };
  let follower: ((status: BundlerStatus) => void) | undefined;
  let firstBundle: () => void = () => {};
  const firstBundleDone = new Promise<void>((resolve) => (firstBundle = resolve));

  const setStatus = (next: BundlerStatus) => {
    status = next;
    follower?.(next);
  };

  const preload = () => {
    if (instance) return;
    const created: Instance = { worker: startWorker() };
    created.worker.onerror = (event) => {
      event.preventDefault();
      created.failure = event.message || 'its worker did not start';
    };
    instance = created;
  };

  const load = (): Promise<Bundler> => {
    preload();
    const current = instance as Instance;
    if (current.ready) return current.ready;
    setStatus({ state: 'loading' });
    const forget = () => {
      current.worker.terminate();
      if (instance === current) instance = undefined;
    };
    const attempt = current.failure
      ? Promise.reject(new Error(current.failure))
      : start(current.worker, forget);
    current.ready = attempt;
    attempt.then(
      (bundler) => {
        setStatus({ state: 'ready' });
        for (const resolve of waiting.splice(0)) resolve(bundler);
      },
      (error: unknown) => {
        forget();
        firstBundle();
        setStatus({ state: 'failed', message: describe(error) });
      },
    );
    return attempt;
  };

  /** A build asked of a bundler: what to bundle, and who waits for it. */
  interface Build {
    lesson: Lesson;
    files: FileMap;
    resolve: (result: BundleResult | Promise<BundleResult>) => void;
  }

  const start = (worker: BundlerWorker, forget: () => void): Promise<Bundler> => {
    const rpc = createRpc<BundlerMethods, Record<never, never>>({}, (message) =>
      worker.postMessage(message),
    );
    worker.onmessage = ({ data }) => rpc.receive(data);
    /**
     * Builds wait here, not in the worker, which gets one at a time: when esbuild dies, the
     * build it was on is the one that killed it, and those behind it have not touched it.
     */
    const queue: Build[] = [];
    let current: Build | undefined;
    /** Set once this worker is gone: later builds go to its successor. */
    let gone = false;
    const next = () => {
      if (current || gone) return;
      const build = queue.shift();
      if (!build) return;
      current = build;
      const made = rpc.call('bundle', { lesson: bundleInputs(build.lesson), files: build.files });
      made.then(
        ({ result, broken }) => {
          if (current !== build) return;
          if (broken) {
            // esbuild broke over this code: the learner hears why, and a fresh bundler starts at
            // once (this one would fail every later build, the reference's included).
            abandon(brokenBundler(result));
            firstBundle();
            load().catch(() => undefined);
            return;
          }
          current = undefined;
          build.resolve(result);
          firstBundle();
          next();
        },
        (error: unknown) => {
          if (current === build) abandon(stoppedBundler(describe(error)));
        },
      );
    };
    const bundle: Bundler = (lesson, files) => {
      if (gone) return elsewhere(lesson, files);
      return new Promise((resolve) => {
        queue.push({ lesson, files, resolve });
        next();
      });
    };
    /** Ends this worker: the build it was on hears `result`; those behind it go to a fresh one. */
    const abandon = (result: BundleResult) => {
      gone = true;
      forget();
      const build = current;
      current = undefined;
      rpc.close({ name: 'BundlerStopped', message: 'the bundler stopped' });
      build?.resolve(result);
      for (const waiting of queue.splice(0)) {
        waiting.resolve(elsewhere(waiting.lesson, waiting.files));
      }
    };
    return new Promise((resolve, reject) => {
      let started = false;
      worker.onerror = (event) => {
        event.preventDefault();
        const message = event.message || 'its worker did not start';
        if (!started) return reject(new Error(message));
        // It died after starting: the build it was on fails, the others go to a new one.
        abandon(stoppedBundler(message));
      };
      rpc.call('start', null).then(() => {
        started = true;
        resolve(bundle);
      }, reject);
    });
  };

  /** A build for a bundler that is gone: the current one makes it, started if need be. */
  const elsewhere = (lesson: Lesson, files: FileMap): Promise<BundleResult> =>
    load().then(
      (bundler) => bundler(lesson, files),
      (error: unknown) => stoppedBundler(describe(error)),
    );

  return {
    preload,
    load,
    whenReady() {
      if (instance?.ready && status.state === 'ready') return instance.ready;
      return new Promise((resolve) => waiting.push(resolve));
    },
    follow(listener) {
      follower = listener;
      listener(status);
    },
    firstBundleDone,
  };
}

function stoppedBundler(message: string): BundleResult {
  const error: CompileError = {
    file: '',
    line: 0,
    column: 0,
    text: `The bundler stopped (${message}); press Run again to restart it.`,
    lineText: '',
  };
  return { ok: false, errors: [error] };
}

/** The result of a build that broke esbuild, said as what it is. */
function brokenBundler(result: BundleResult): BundleResult {
  const why = result.ok ? 'it failed' : (result.errors[0]?.text ?? 'it failed');
  const error: CompileError = {
    file: '',
    line: 0,
    column: 0,
    text:
      `esbuild could not bundle this code (${why}): is something nested thousands of levels ` +
      'deep? The bundler has been restarted, so the next Run works once the code is fixed.',
    lineText: '',
  };
  return { ok: false, errors: [error] };
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}
