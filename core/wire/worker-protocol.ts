import type { ApiErrorBody, ApiRequest, ApiResponse } from '../api/messages.ts';
import type { TimedEvent } from '../api/stream-events.ts';
import type { ApprovalCall, Decision } from './approval.ts';
import { parseError, type SerializedError } from './errors.ts';
import { RUN_LIMITS } from './limits.ts';
import type { RpcCall } from './rpc.ts';

/**
 * What crosses the boundary between a host (browser page, CLI) and the worker that runs
 * learner code: one RPC (`createRpc`) over a port only the host and the worker runtime hold
 * (learner code cannot post on it). The host calls `WorkerMethods`, the runtime `HostMethods`.
 *
 * The runtime shares its realm with learner code, which can make it say odd things (a tool's
 * input, a thrown value), so a host serves `Untrusted<HostMethods>`: every argument arrives as
 * `unknown` and is checked by hand with the parsers below before it is used.
 */

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

/** One console line as the worker logged it. */
export interface ConsoleLine {
  level: ConsoleLevel;
  text: string;
}

/** A model call as the worker sends it. */
export interface ModelCall {
  request: ApiRequest;
  /** Paths in the request where the code put a Promise (seen before it became JSON). */
  unawaited?: string[];
}

/**
 * The host's answer to a model call: the reply (`stream`: the request asked for a stream, and
 * these are its events, which the worker replays), or the API's error, which the worker throws
 * as the SDK would (`APIError.generate`). An answer, not an RPC failure: that carries no body.
 */
export type ModelReply =
  | { ok: true; response: ApiResponse; stream?: TimedEvent[] }
  | { ok: false; status: number; body: ApiErrorBody };

/** A tool the harness ran, as the worker reports it. */
export interface ToolReport {
  name: string;
  input: unknown;
  output?: string;
  error?: SerializedError;
  durationMs: number;
}

/** What the worker runtime calls on its host; all but `model` and `ask` are notifications. */
export interface HostMethods {
  model(call: ModelCall, rpc: RpcCall): Promise<ModelReply>;
  /** The harness asks the user about a call (`h.ask`); rejects with why there is no answer. */
  ask(call: ApprovalCall, rpc: RpcCall): Promise<Decision>;
  tool(report: ToolReport): void;
  /** Console lines logged together (before the code next waited), in order. */
  console(lines: ConsoleLine[]): void;
  consoleTruncated(arg: null): void;
  output(json: string): void;
  done(arg: null): void;
  error(error: SerializedError): void;
}

/** What the host calls on the worker runtime: run the case with `input`. */
export interface WorkerMethods {
  start(input: unknown): void;
}

/**
 * A side's methods as served to a caller it cannot trust: each argument is `unknown`, to be
 * parsed by hand. A method may answer `undefined` once the run has ended: the RPC is closed
 * by then, and sends no answer.
 */
export type Untrusted<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => infer R
    ? (arg: unknown, rpc: RpcCall) => Awaited<R> | Promise<Awaited<R> | undefined> | undefined
    : never;
};

const consoleLevels = new Set<string>(['log', 'info', 'warn', 'error', 'debug']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a model call from the worker: its request a record, at most ten short `unawaited` paths. */
export function parseModelCall(data: unknown): ModelCall | undefined {
  if (!isRecord(data) || !isRecord(data.request)) return;
  const call: ModelCall = { request: data.request as unknown as ApiRequest };
  const paths = Array.isArray(data.unawaited) ? data.unawaited.slice(0, 10) : [];
  const unawaited = paths
    .filter((p): p is string => typeof p === 'string')
    .map((p) => p.slice(0, 300));
  return unawaited.length > 0 ? { ...call, unawaited } : call;
}

/** Checks a tool report from the worker; anything not shaped like one is `undefined`. */
export function parseToolReport(data: unknown): ToolReport | undefined {
  if (!isRecord(data)) return;
  if (typeof data.name !== 'string' || typeof data.durationMs !== 'number') return;
  const error = data.error === undefined ? undefined : parseError(data.error);
  if (data.error !== undefined && !error) return;
  if (data.output !== undefined && typeof data.output !== 'string') return;
  return {
    name: data.name,
    input: data.input,
    durationMs: data.durationMs,
    ...(typeof data.output === 'string' ? { output: data.output } : {}),
    ...(error ? { error } : {}),
  };
}

/** Checks console lines from the worker (no more than a run keeps); `undefined` if one is bad. */
export function parseConsoleLines(data: unknown): ConsoleLine[] | undefined {
  if (!Array.isArray(data)) return;
  const lines: ConsoleLine[] = [];
  for (const line of data.slice(0, RUN_LIMITS.consoleLines + 1) as unknown[]) {
    if (!isRecord(line) || typeof line.text !== 'string') return;
    if (typeof line.level !== 'string' || !consoleLevels.has(line.level)) return;
    lines.push({ level: line.level as ConsoleLevel, text: line.text });
  }
  return lines;
}
