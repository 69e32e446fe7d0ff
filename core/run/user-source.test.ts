import { describe, expect, it } from 'vitest';
import { denyingUser, scriptedUser } from './user-source.ts';

const call = { name: 'write_file', input: { path: 'a.md', content: 'A' } };

describe('scriptedUser', () => {
  it("answers with the case's answers in order, then says it has none left", () => {
    const user = scriptedUser({ answers: [{ kind: 'allow' }, { kind: 'deny', reason: 'no' }] });
    expect([user(call), user(call), user(call)]).toEqual([
      { ok: true, decision: { kind: 'allow' } },
      { ok: true, decision: { kind: 'deny', reason: 'no' } },
      { ok: false, message: 'The scripted user was asked about write_file once too often.' },
    ]);
  });

  it('says no one is there when the case gives no answers at all', () => {
    expect(scriptedUser({ prompt: 'hi' })(call)).toEqual({
      ok: false,
      message: 'No one is there to ask about write_file: the case has no scripted answers.',
    });
  });

  it('skips an answer that is not a decision', () => {
    const user = scriptedUser({ answers: [{ kind: 'maybe' }, { kind: 'always' }] });
    expect(user(call)).toEqual({ ok: true, decision: { kind: 'always' } });
  });
});

describe('denyingUser', () => {
  it('denies every call with its reason', () => {
    expect(denyingUser('no one is here')(call)).toEqual({
      ok: true,
      decision: { kind: 'deny', reason: 'no one is here' },
    });
  });
});
