import type { ApiResponse } from '../api/messages.ts';
import type { CassetteRejection } from '../cassette/session.ts';
import type { DiffEntry } from '../cassette/json-diff.ts';
import type { ApiAttempt, LiveApiError } from '../run/model-answerer.ts';
import type { CompileError } from '../run/bundle.ts';
import type { ConsoleLevel, SerializedError } from '../run/protocol.ts';
import type { StackFrame } from '../run/stack-map.ts';

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
  | 'cancelled';

/** One tool execution, as the harness recorded it. */
export interface ToolExecution {
  name: string;
  input: unknown;
  output?: string;
  error?: SerializedError;
  durationMs: number;
}

/** One model call and what followed it before the next call. */
export interface Turn {
  /** 1-based. */
  index: number;
  request: { messageCount: number; newestMessage: unknown; raw: unknown };
  response?: ApiResponse;
  rejection?: CassetteRejection;
  /** Live mode: the API (or the network) refused the call. */
  apiError?: LiveApiError;
  /** Live mode: attempts the SDK retried before its answer. */
  retries?: ApiAttempt[];
  durationMs: number;
  tools: ToolExecution[];
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
  /** Differences between the expected and actual output (visible cases show values). */
  diff?: DiffEntry[];
  /** Only for visible cases. */
  expected?: unknown;
  actual?: unknown;
  /** A runtime error's stack, mapped to the lesson's files. */
  frames?: StackFrame[];
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
