// Where any thread aborts work it started: a signal of the core's own (its lib has no DOM types).

/** The slice of `AbortSignal` the core reads; a real `AbortSignal` is one. */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
}

/** A signal of the core's own (its lib has no `AbortController`), and the way to abort it. */
export function abortable(): { signal: AbortSignalLike; abort(): void } {
  const listeners: (() => void)[] = [];
  const signal = {
    aborted: false,
    addEventListener: (_type: 'abort', listener: () => void) => void listeners.push(listener),
  };
  const abort = () => {
    if (signal.aborted) return;
    signal.aborted = true;
    for (const listener of listeners.splice(0)) listener();
  };
  return { signal, abort };
}
