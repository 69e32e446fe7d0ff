import type { FileMap, Lesson } from '../lesson/types.ts';
import type { CompileError } from '../run/bundle.ts';
import type { CaseRun, RunEvent } from '../run/events.ts';
import type { GradingHost } from '../run/host.ts';
import type { ModelSource } from '../run/model-source.ts';
import type { UserAnswerer } from '../run/user-source.ts';
import { runScript, type CaseRunHandle } from '../run/run-case.ts';
import { createStackMapper, type StackFrame } from '../run/stack-map.ts';

/** One live run's end: it did not compile, or it ran (and how it ended is in `run`). */
export type LiveRunResult =
  | { ok: false; compileErrors: CompileError[] }
  | {
      ok: true;
      run: CaseRun;
      /** Where an error that escaped the code was thrown, in the lesson's files. */
      frames: StackFrame[];
    };

export interface LiveRunOptions {
  /** The harness's input (`liveInput`). */
  input: unknown;
  /** What answers the model calls: the API (`createLiveSession`) or a cassette. */
  model: ModelSource;
  timeoutMs: number;
  /**
   * Answers the harness's questions to the user (approvals): the person at the keyboard. By
   * default, the input's scripted answers (a replayed case).
   */
  user?: UserAnswerer;
  /** Hears each event as the run records it. */
  onEvent?: (event: RunEvent) => void;
}

export interface LiveRunHandle {
  result: Promise<LiveRunResult>;
  /** Ends the run at once (Stop, Ctrl+C); it settles as cancelled. */
  cancel(): void;
}

/**
 * Runs the learner's files once, as one case but ungraded: the lesson's harness with `input`,
 * in a fresh worker, the model answered by `model` on the host's side of the boundary.
 */
export function startLiveRun(
  host: GradingHost,
  lesson: Lesson,
  files: FileMap,
  options: LiveRunOptions,
): LiveRunHandle {
  let handle: CaseRunHandle | undefined;
  let cancelled = false;
  const result = (async (): Promise<LiveRunResult> => {
    const bundle = await host.bundle(lesson, files);
    if (!bundle.ok) return { ok: false, compileErrors: bundle.errors };
    const { input, model, timeoutMs, onEvent, user } = options;
    handle = runScript(host, bundle.script, input, timeoutMs, model, onEvent, user);
    if (cancelled) handle.cancel();
    const run = await handle.result;
    const stack = run.outcome.kind === 'threw' ? run.outcome.error.stack : undefined;
    return { ok: true, run, frames: createStackMapper(bundle.sourceMap).frames(stack) };
  })();
  return {
    result,
    cancel() {
      cancelled = true;
      handle?.cancel();
    },
  };
}
