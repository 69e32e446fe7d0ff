import { describe, expect, it } from 'vitest';
import { createApprovals } from './approvals.ts';

const call = (path: string) => ({ name: 'edit_file', input: { path } });

function abortable() {
  const listeners: (() => void)[] = [];
  const signal = {
    aborted: false,
    addEventListener: (_: 'abort', listener: () => void) => void listeners.push(listener),
  };
  return {
    signal,
    abort: () => {
      signal.aborted = true;
      for (const listener of listeners) listener();
    },
  };
}

describe('the live approvals', () => {
  it('shows one question at a time, in order, and resolves each with its answer', async () => {
    const approvals = createApprovals();
    const first = approvals.user(call('a.ts'));
    const second = approvals.user(call('b.ts'));
    expect(approvals.current()?.call).toEqual(call('a.ts'));
    approvals.answer(approvals.current()!.id, { kind: 'deny', reason: 'not that one' });
    expect(approvals.current()?.call).toEqual(call('b.ts'));
    approvals.answer(approvals.current()!.id, { kind: 'always' });
    expect(await first).toEqual({ ok: true, decision: { kind: 'deny', reason: 'not that one' } });
    expect(await second).toEqual({ ok: true, decision: { kind: 'always' } });
    expect(approvals.current()).toBeUndefined();
  });

  it('takes a question back when its run ends, and ignores a late answer to it', async () => {
    const approvals = createApprovals();
    const run = abortable();
    let changes = 0;
    approvals.subscribe(() => changes++);
    const asked = approvals.user(call('a.ts'), { signal: run.signal });
    const id = approvals.current()!.id;
    run.abort();
    expect(approvals.current()).toBeUndefined();
    approvals.answer(id, { kind: 'allow' });
    expect(await asked).toEqual({ ok: false, message: 'The run ended before an answer.' });
    expect(changes).toBe(2);
  });
});
