// Where two of our own threads or processes call each other: one typed RPC over any transport.
import { abortable, type AbortSignalLike } from './abort.ts';
import { serializeError, type SerializedError } from './errors.ts';

/**
 * One side's methods, as the other side may call them: each takes one argument of plain data
 * and answers with a value or a promise of one. `call.signal` aborts when the caller gives up
 * (it aborted, or the connection closed): the answer is then dropped.
 */
export type RpcMethods<T> = { [K in keyof T]: (arg: never, call: RpcCall) => unknown };

export interface RpcCall {
  signal: AbortSignalLike;
}

/** Every message an RPC sends: a call (`id` 0 wants no answer), its answer, or its abort. */
export type RpcMessage =
  | { rpc: 'call'; id: number; method: string; arg: unknown }
  | { rpc: 'answer'; id: number; value: unknown }
  | { rpc: 'failed'; id: number; error: SerializedError }
  | { rpc: 'abort'; id: number };

type Arg<F> = F extends (arg: infer A, call: RpcCall) => unknown ? A : never;
type Answer<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;

export interface Rpc<Remote extends RpcMethods<Remote>> {
  /** Calls `method` on the other side; resolves with its answer, rejects with its error. */
  call<K extends keyof Remote & string>(
    method: K,
    arg: Arg<Remote[K]>,
    options?: { signal?: AbortSignalLike },
  ): Promise<Answer<Remote[K]>>;
  /** Calls `method` on the other side without waiting for (or getting) an answer. */
  notify<K extends keyof Remote & string>(method: K, arg: Arg<Remote[K]>): void;
  /** Hands over what the other side sent (anything not an RPC message is ignored). */
  receive(data: unknown): void;
  /** The other side is gone: calls waiting on it reject with `error`; its calls here abort. */
  close(error: SerializedError): void;
}

/** An error the other side answered with, or the reason the connection closed. */
export class RpcError extends Error {
  constructor(error: SerializedError) {
    super(error.message);
    this.name = error.name;
  }
}

/**
 * Connects `local` (this side's methods) to a remote side reached through `post`, with one
 * table of the calls waiting on it. The transport (a MessagePort, a window, lines of JSON) is
 * the caller's: it passes what arrives to `receive`. Only our own code may post on it; where
 * learner code can post, a host parses each message by hand instead.
 */
export function createRpc<Remote extends RpcMethods<Remote>, Local extends RpcMethods<Local>>(
  local: Local,
  post: (message: RpcMessage) => void,
): Rpc<Remote> {
  let nextId = 0;
  /** Our calls waiting for the other side's answer. */
  const waiting = new Map<
    number,
    { resolve(value: unknown): void; reject(error: unknown): void }
  >();
  /** The other side's calls we are answering, each with its way to abort. */
  const serving = new Map<number, () => void>();

  const serve = (id: number, method: string, arg: unknown) => {
    const handler = Object.hasOwn(local, method)
      ? (local[method as keyof Local] as unknown as (arg: unknown, call: RpcCall) => unknown)
      : undefined;
    if (!handler) {
      if (id) post({ rpc: 'failed', id, error: { name: 'RpcError', message: `no ${method}` } });
      return;
    }
    const { signal, abort } = abortable();
    if (id) serving.set(id, abort);
    const answered = (async () => handler(arg, { signal }))();
    const settle = (message: RpcMessage) => {
      if (!id || serving.get(id) !== abort) return;
      serving.delete(id);
      try {
        post(message);
      } catch (error) {
        // An answer the transport cannot carry (a value that does not clone): the caller hears why.
        if (message.rpc === 'answer') post({ rpc: 'failed', id, error: serializeError(error) });
      }
    };
    answered.then(
      (value) => settle({ rpc: 'answer', id, value }),
      (error: unknown) => settle({ rpc: 'failed', id, error: serializeError(error) }),
    );
  };

  return {
    call(method, arg, { signal } = {}) {
      if (signal?.aborted) return Promise.reject(aborted());
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (!waiting.delete(id)) return;
          post({ rpc: 'abort', id });
          reject(aborted());
        };
        signal?.addEventListener('abort', onAbort);
        waiting.set(id, { resolve: (value) => resolve(value as never), reject });
        post({ rpc: 'call', id, method, arg });
      });
    },
    notify(method, arg) {
      post({ rpc: 'call', id: 0, method, arg });
    },
    receive(data) {
      const message = data as Partial<Record<string, unknown>> | null;
      if (typeof message !== 'object' || message === null) return;
      const { id } = message;
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return;
      switch (message.rpc) {
        case 'call':
          if (typeof message.method === 'string') serve(id, message.method, message.arg);
          return;
        case 'abort':
          serving.get(id)?.();
          serving.delete(id);
          return;
        case 'answer':
        case 'failed': {
          const entry = waiting.get(id);
          if (!entry) return;
          waiting.delete(id);
          if (message.rpc === 'answer') entry.resolve(message.value);
          else entry.reject(new RpcError(asError(message.error)));
          return;
        }
      }
    },
    close(error) {
      for (const entry of waiting.values()) entry.reject(new RpcError(error));
      waiting.clear();
      const aborts = [...serving.values()];
      serving.clear();
      for (const abort of aborts) abort();
    },
  };
}

/** How a call the caller aborted rejects. */
const aborted = () => new RpcError({ name: 'AbortError', message: 'the call was aborted' });

function asError(value: unknown): SerializedError {
  const error = value as Partial<SerializedError> | null;
  return typeof error?.name === 'string' && typeof error.message === 'string'
    ? { name: error.name, message: error.message }
    : { name: 'RpcError', message: 'the other side failed' };
}
