import type { ApiErrorBody, ApiResponse } from '../api/messages.ts';
import type { CassetteRejection } from '../cassette/session.ts';
import type { DiffEntry } from '../json/json-diff.ts';
import type { ApiRetry } from '../run/model-source.ts';
import type { CompileError } from '../run/bundle.ts';
import type { SerializedError } from '../wire/errors.ts';
import type { ConsoleLevel } from '../wire/worker-protocol.ts';
import type { StackFrame } from '../run/stack-map.ts';
import type { TurnStream } from './stream-replay.ts';
import type { ApprovalCall, Decision } from '../wire/approval.ts';

export type CaseStatus = 'pass' | 'fail' | 'error';

/** Why a case got its status; the UI and the CLI phrase their output by it. */
export type VerdictKind =
  | 'pass'
  | 'diff'
  | 'no-output'
  | 'extra-output'
  | 'unconsumed'
  | 'compile'
  | 'runtime'
  | 'timeout'
  | 'api'
  | 'cassette'
  | 'cancelled'
  /** Not started: an earlier case of the run ran past its time limit. */
  | 'skipped';

/**
 * One tool execution, as the harness recorded it; or, in a lesson whose harness leaves
 * running tools to the learner's code (the-agent), as that code answered it (`from`).
 */
export interface ToolExecution {
  name: string;
  input: unknown;
  output?: string;
  error?: SerializedError;
  durationMs: number;
  /** Known from the `tool_result` the code sent back: no duration, and no error object. */
  from?: 'tool_result';
  /** With `from`: the result was sent with `is_error: true`. */
  isError?: boolean;
}

/** A question the harness asked the user about a call, and what they answered. */
export interface AskRecord {
  /** The tool and the model's input for it. */
  call: ApprovalCall;
  /** Their answer; absent when none came (`error`). */
  decision?: Decision;
  /** Why no answer came: the scripted user had none left. */
  error?: string;
  durationMs: number;
}

/** One model call and what followed it before the next call. */
export interface Turn {
  /** 1-based. */
  index: number;
  request: { messageCount: number; newestMessage: unknown; raw: unknown };
  response?: ApiResponse;
  rejection?: CassetteRejection;
  /** Live mode: the API's own error (status 0 when no response came at all). */
  error?: { status: number; body: ApiErrorBody };
  /** Live mode: attempts the API client retried before its answer. */
  retries?: ApiRetry[];
  /** A streamed reply's events as they arrived (bounded), to show it arriving. */
  stream?: TurnStream;
  durationMs: number;
  tools: ToolExecution[];
  /** The questions the user was asked after this call, in order (part two's approvals). */
  asks?: AskRecord[];
}

export interface ConsoleLine {
  level: ConsoleLevel;
  text: string;
}

export interface CaseReport {
  name: string;
  visible: boolean;
  description: string;
  status: CaseStatus;
  kind: VerdictKind;
  /** What went wrong, naming the mistake; for a pass, a short confirmation. */
  message: string;
  /**
   * Differences between the expected and actual output, the first `REPORT_LIMITS.diffEntries`
   * of them (visible cases show values; values too large to show are cut, see `boundJson`).
   */
  diff?: DiffEntry[];
  /** How many differences there are in all, when there are more than `diff` holds. */
  diffCount?: number;
  /** Only for visible cases. */
  expected?: unknown;
  /** The printed output, cut where it is too large to show. */
  actual?: unknown;
  /** A runtime error's stack, mapped to the lesson's files: the first `REPORT_LIMITS.frames`. */
  frames?: StackFrame[];
  /** How many such frames the stack had, when there are more than `frames` holds. */
  frameCount?: number;
  turns: Turn[];
  console: ConsoleLine[];
  consoleTruncated: boolean;
  durationMs: number;
}

export interface LessonReport {
  lessonId: string;
  status: 'pass' | 'fail';
  compileErrors: CompileError[];
  cases: CaseReport[];
  bundleMs: number;
  durationMs: number;
}
