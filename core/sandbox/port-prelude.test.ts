import { describe, expect, it } from 'vitest';
import { withPrelude } from '../run/host.ts';
import { WORKER_MESSAGE_BUDGET } from '../run/limits.ts';
import { PORT_PRELUDE as PRELUDE } from './port-prelude.ts';

interface Port {
  post(message: unknown): void;
  listen(handler: (message: unknown) => void): void;
  newCase(): void;
}

/** Runs the prelude against a stand-in for a worker's global scope. */
function runPrelude() {
  const posted: unknown[] = [];
  const listeners: ((event: { data: unknown }) => void)[] = [];
  const scope: Record<string, unknown> = {
    postMessage(message: unknown) {
      posted.push(message);
    },
    addEventListener(_type: string, listener: (event: { data: unknown }) => void) {
      listeners.push(listener);
    },
  };
  const global: { __theinferencePort?: Port } = {};
  new Function('self', 'globalThis', PRELUDE)(scope, global);
  return { scope, posted, listeners, port: global.__theinferencePort as Port };
}

describe('the worker prelude', () => {
  it('is one line, as the core maps stack lines assuming PRELUDE_LINES = 1', () => {
    expect(withPrelude(PRELUDE, 'bundle').split('\n')).toEqual([PRELUDE, 'bundle']);
  });

  it('is refused by withPrelude when it has a line break', () => {
    expect(() => withPrelude('a;\nb;', 'bundle')).toThrow('a host prelude must be one line');
  });

  it('gives the runtime a port that posts and listens', () => {
    const { port, posted, listeners } = runPrelude();
    port.post({ type: 'done' });
    const heard: unknown[] = [];
    port.listen((m) => heard.push(m));
    listeners[0]?.({ data: { type: 'start' } });
    expect(posted).toEqual([{ type: 'done' }]);
    expect(heard).toEqual([{ type: 'start' }]);
  });

  it('keeps the original postMessage out of reach: a replaced one is not the raw one', () => {
    const { scope, posted } = runPrelude();
    const visible = scope.postMessage as (m: unknown) => void;
    visible('via the visible function');
    expect(posted).toEqual(['via the visible function']);
    expect(visible.name).toBe('postMessage');
    expect(Object.getOwnPropertyDescriptor(scope, 'postMessage')?.value).toBe(visible);
  });

  it('stops a flood at the source, past the budget, whichever way it is sent', () => {
    const { scope, port, posted } = runPrelude();
    const visible = scope.postMessage as (m: unknown) => void;
    for (let i = 0; i < WORKER_MESSAGE_BUDGET - 1; i++) visible(i);
    port.post('the last one allowed');
    expect(() => visible('one too many')).toThrow(RangeError);
    expect(() => port.post('from the runtime too')).toThrow(RangeError);
    expect(posted).toHaveLength(WORKER_MESSAGE_BUDGET);
  });

  it('gives each case of a reused worker a budget of its own', () => {
    const { scope, port, posted } = runPrelude();
    const visible = scope.postMessage as (m: unknown) => void;
    for (let i = 0; i < WORKER_MESSAGE_BUDGET; i++) visible(i);
    expect(() => visible('one too many')).toThrow(RangeError);
    port.newCase();
    visible('the next case');
    expect(posted).toHaveLength(WORKER_MESSAGE_BUDGET + 1);
    expect('newCase' in scope).toBe(false);
  });
});
