import { describe, expect, it } from 'vitest';
import { fixtureLesson } from '../../scripts/test-support/fixture-course.ts';
import type { RunEvent } from '../run/events.ts';
import type { Decision } from '../wire/approval.ts';
import { liveInput, liveStarts, recordedInput } from './live-input.ts';

const capstone = fixtureLesson('capstone');
const inputOf = (name: string) =>
  capstone.cases.find((c) => c.name === name)?.input as Record<string, unknown>;

describe('a live run on a project', () => {
  it('can start from each visible case, the simplest first, with its files', () => {
    expect(liveStarts(capstone).map((s) => [s.name, Object.keys(s.files ?? {})])).toEqual([
      ['fix-the-total', ['README.md', 'src/cart.ts', 'tests/cart.test.json']],
      ['project-instructions', ['AGENTS.md', 'src/units.ts', 'tests/units.test.json']],
    ]);
  });

  it("takes the chosen case's project and the question, and leaves its scripted answers behind", () => {
    const { answers: _answers, ...rest } = inputOf('project-instructions');
    expect(liveInput(capstone, 'Fix it.', 'project-instructions')).toEqual({
      ...rest,
      prompt: 'Fix it.',
    });
    expect(liveInput(capstone, 'Fix it.')).toEqual({
      prompt: 'Fix it.',
      files: inputOf('fix-the-total').files,
    });
  });

  it("records the person's answers, in order, as the case's scripted user", () => {
    const ask = (decision?: Decision) =>
      ({
        type: 'ask',
        call: { name: 'edit_file', input: {} },
        ...(decision ? { decision } : { error: 'withdrawn' }),
        at: 0,
        durationMs: 0,
      }) as RunEvent;
    const events = [ask({ kind: 'deny', reason: 'no' }), ask(), ask({ kind: 'always' })];
    expect(recordedInput({ prompt: 'Fix it.' }, events)).toEqual({
      prompt: 'Fix it.',
      answers: [{ kind: 'deny', reason: 'no' }, { kind: 'always' }],
    });
    expect(recordedInput({ prompt: 'Hi' }, [])).toEqual({ prompt: 'Hi' });
  });
});
