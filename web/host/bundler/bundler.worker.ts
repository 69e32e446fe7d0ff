// Runs in the bundler's Web Worker, which the page starts: esbuild-wasm bundles each run's files.
import * as esbuild from 'esbuild-wasm';
import wasmURL from 'esbuild-wasm/esbuild.wasm?url';
import {
  createIncrementalBundler,
  createRpc,
  type EsbuildContextLike,
  type RpcMessage,
} from '../../../core/runner.ts';
import type { BundleOutcome, BundlerMethods } from './bundler-messages.ts';

/**
 * The page's bundler: esbuild-wasm running in this worker with `worker: false`, so its Go code
 * and the core's plugin (which hands esbuild the files from memory) both run here. Had
 * esbuild-wasm started its own worker from the page, every file it resolves and loads would be
 * a round trip through the page's main thread, and a build would wait whenever the page is busy.
 *
 * The wasm is downloaded and compiled at once, but esbuild starts only when the page says so:
 * its first seconds of running make the browser optimise much of its code in the background,
 * which on a two-core machine slows the editor's start down by half a second.
 */
const scope = self as unknown as {
  postMessage(message: RpcMessage): void;
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
};

const compiled = fetch(wasmURL).then((response) => {
  if (!response.ok) throw new Error(`esbuild.wasm could not be downloaded (${response.status})`);
  return /^application\/wasm\b/i.test(response.headers.get('Content-Type') ?? '')
    ? WebAssembly.compileStreaming(response)
    : response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
});
// A failure is reported when esbuild is started, not before.
compiled.catch(() => undefined);
let ready: Promise<void> | undefined;

function start(): Promise<void> {
  ready ??= compiled.then((wasmModule) => esbuild.initialize({ wasmModule, worker: false }));
  return ready;
}

const methods: BundlerMethods = {
  start,
  async bundle({ lesson, files }): Promise<BundleOutcome> {
    building++;
    const result = await start()
      .then(() => bundle(lesson, files))
      .finally(() => building--);
    // esbuild itself failed (not a message about the code): its state cannot be trusted, so
    // this worker answers with why and the page replaces it with a fresh one.
    const broken = failure !== undefined;
    const why = describe(failure);
    failure = undefined;
    return broken
      ? {
          result: {
            ok: false,
            errors: [{ file: '', line: 0, column: 0, text: why, lineText: '' }],
          },
          broken,
        }
      : { result, broken };
  },
};
const rpc = createRpc<Record<never, never>, BundlerMethods>(methods, (message) =>
  scope.postMessage(message),
);
scope.onmessage = ({ data }) => rpc.receive(data);

/** Bundles asked for and not yet answered. */
let building = 0;

/**
 * The error esbuild died of (a stack overflow in its Go code, ...), as opposed to a failure
 * to bundle the code. Once it is dead, every call into it fails again with "Go program has
 * already exited", some of them uncaught: those echo the cause, which is kept.
 */
let failure: unknown;

function noteFailure(error: unknown): never {
  if (Array.isArray((error as { errors?: unknown } | null)?.errors)) throw error;
  if (failure === undefined || /has already exited/.test(describe(failure))) failure = error;
  throw error;
}

// An error esbuild throws outside any call while bundles are waiting is its death, reported
// with them (as broken) rather than as this worker's: the page then restarts the bundler.
addEventListener('error', (event) => {
  if (building === 0) return;
  event.preventDefault();
  try {
    noteFailure(event.error ?? new Error(event.message));
  } catch {
    // noted
  }
});

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** esbuild's incremental API, with its own failures told apart from the code's. */
const guarded: EsbuildContextLike = {
  async context(options) {
    const context = await esbuild.context(options).catch(noteFailure);
    return {
      rebuild: () => untilEsbuildDies(context.rebuild()).catch(noteFailure),
      dispose: () => context.dispose(),
    };
  },
};

/**
 * `work`, or the error esbuild died of, if it dies first. When esbuild-wasm's Go code fails (a
 * stack overflow over code nested thousands of levels deep), every call made through its API
 * rejects with that error, but a context's `rebuild` is left waiting for ever: so while one
 * runs, a cheap call asks now and then whether esbuild is still alive.
 */
function untilEsbuildDies<T>(work: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const probe = () => {
      if (settled) return;
      esbuild.formatMessages([], { kind: 'error' }).then(
        () => setTimeout(probe, PROBE_MS),
        (error: unknown) => {
          if (settled) return;
          settled = true;
          reject(error);
        },
      );
    };
    setTimeout(probe, PROBE_MS);
    work.then(
      (value) => {
        settled = true;
        resolve(value);
      },
      (error: unknown) => {
        settled = true;
        reject(error);
      },
    );
  });
}

/** How often a running rebuild checks that esbuild is alive (a rebuild takes ~20 ms). */
const PROBE_MS = 250;

/**
 * One esbuild context per lesson: an edit rebuilds only what it changed. The bundle holds the
 * lesson's code alone: the runner frame's workers evaluate the sandbox's runtime while they
 * wait (web/host/runner-frame/frame.ts), so a case compiles and runs only what the lesson adds.
 */
const bundle = createIncrementalBundler(guarded, {}, { runtime: 'external' });
