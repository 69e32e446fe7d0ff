import type { BundleResult, Bundler, CompileError } from '../../../core/index.ts';
// Not from the core's index: this module starts the page's bundler before the app is evaluated.
import { bundleInputs } from '../../../core/run/bundle.ts';
import type { BundlerStatus } from '../../store/run-slice.ts';
import type { BundlerReply, BundlerRequest } from './bundler-messages.ts';
import BundlerWorker from './bundler.worker.ts?worker';

/**
 * The page's bundler: esbuild-wasm in a worker of its own (bundler.worker.ts). The worker is
 * created as the page loads (`preloadBundler`), so esbuild.wasm downloads and compiles while the
 * app starts; esbuild itself starts on the first `loadBundler` (once the editor is up, or at a
 * Run), so that its start does not compete with the editor's for the CPU. A failure is reported
 * (the page says so and offers a retry) and forgotten, so the next call tries again; so is a
 * worker that dies after it started.
 */

interface Instance {
  worker: Worker;
  ready?: Promise<Bundler>;
  /** Why the worker failed before esbuild was started, if it did. */
  failure?: string;
}

let instance: Instance | undefined;
/** Callers of whenBundlerReady() waiting for the next successful start. */
const waiting: ((bundler: Bundler) => void)[] = [];
let status: BundlerStatus = { state: 'loading' };
let follower: ((status: BundlerStatus) => void) | undefined;
let firstBundle: () => void;
/** Settles when the page's first bundle is made (or could not be): the start-up's heavy work. */
export const firstBundleDone = new Promise<void>((resolve) => (firstBundle = resolve));

/** Creates the worker, which downloads and compiles esbuild.wasm but does not run it yet. */
export function preloadBundler(): void {
  if (instance) return;
  const created: Instance = { worker: new BundlerWorker({ name: 'bundler' }) };
  created.worker.onerror = (event) => {
    event.preventDefault();
    created.failure = event.message || 'its worker did not start';
  };
  instance = created;
}

/** The bundler once it has started, without starting it (see loadBundler). */
export function whenBundlerReady(): Promise<Bundler> {
  if (instance?.ready && status.state === 'ready') return instance.ready;
  return new Promise((resolve) => waiting.push(resolve));
}

/** The bundler, started if it was not. */
export function loadBundler(): Promise<Bundler> {
  preloadBundler();
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
}

/** Calls `listener` with the bundler's status now and on every change (the store follows it). */
export function followBundler(listener: (status: BundlerStatus) => void): void {
  follower = listener;
  listener(status);
}

function setStatus(next: BundlerStatus): void {
  status = next;
  follower?.(next);
}

function start(worker: Worker, forget: () => void): Promise<Bundler> {
  const pending = new Map<number, (result: BundleResult) => void>();
  let nextId = 0;
  const post = (request: BundlerRequest) => worker.postMessage(request);
  /** Set once this worker is gone: a late request is answered at once, never left waiting. */
  let gone: string | undefined;
  const bundle: Bundler = (lesson, files) =>
    new Promise((resolve) => {
      if (gone) return resolve(stoppedBundler(gone));
      const id = ++nextId;
      pending.set(id, resolve);
      post({ type: 'bundle', id, lesson: bundleInputs(lesson), files });
    });
  return new Promise((resolve, reject) => {
    let started = false;
    worker.onmessage = ({ data: reply }: MessageEvent<BundlerReply>) => {
      if (reply.type === 'ready') {
        started = true;
        resolve(bundle);
      } else if (reply.type === 'failed') {
        reject(new Error(reply.message));
      } else if (reply.broken) {
        // esbuild broke over this code: the learner hears why, and a fresh bundler starts at
        // once (this one would fail every later build, the reference's included).
        pending.get(reply.id)?.(brokenBundler(reply.result));
        pending.delete(reply.id);
        gone = 'it was restarted';
        forget();
        for (const settle of pending.values()) settle(stoppedBundler('it was restarted'));
        pending.clear();
        firstBundle();
        loadBundler().catch(() => undefined);
      } else {
        pending.get(reply.id)?.(reply.result);
        pending.delete(reply.id);
        firstBundle();
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const message = event.message || 'its worker did not start';
      if (!started) return reject(new Error(message));
      // It died after starting: the bundles it owed fail, and the next Run starts a new one.
      gone = message;
      forget();
      for (const settle of pending.values()) settle(stoppedBundler(message));
      pending.clear();
    };
    post({ type: 'start' });
  });
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
