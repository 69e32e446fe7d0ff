import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CaseReport } from '../core/index.ts';
import { hints } from '../core/cassette/divergence-hint.ts';
import { contradictedAdvice } from './check-advice.ts';
import { rulesFileSchema } from './lesson-rules.ts';
import { fixtureLesson } from './test-support/fixture-course.ts';

const rules = (id: string) =>
  rulesFileSchema.parse(JSON.parse(readFileSync(`fixtures/${id}/rules.json`, 'utf8')));

/** A failure report that says `message`. */
const failing = (message: string) => [
  { source: 'mistake "x"', report: { name: 'a-case', message } as CaseReport },
];

describe('advice checked against the lesson it appears in', () => {
  it("finds a general stop rule where the lesson's recordings go on after a finished reply", () => {
    const said = failing('The model had ended its turn: stop when stop_reason is not "tool_use".');
    const [problem] = contradictedAdvice(fixtureLesson('steering'), rules('steering'), said);
    expect(problem).toBe(
      'mistake "x" on a-case advises "stop when stop_reason is not "tool_use"", which contradicts rule "When the reply\'s `stop_reason` is anything but `\'tool_use\'`, call `inbox.take()`. If no...": the recording goes on after a reply with stop_reason end_turn (typed-as-it-finishes)',
    );
    expect(
      contradictedAdvice(fixtureLesson('the-while-loop'), rules('the-while-loop'), said),
    ).toEqual([]);
  });

  it('finds error-message advice in a lesson whose error results only answer unknown tools', () => {
    const said = failing(`messages[2].content[0].content differs. ${hints.errorOutput}`);
    expect(
      contradictedAdvice(fixtureLesson('tool-registry'), rules('tool-registry'), said),
    ).toEqual([
      `mistake "x" on a-case advises "a failed tool's result is the error's message", which contradicts the lesson: no tool of it fails: its error results answer unknown tools`,
    ]);
    expect(contradictedAdvice(fixtureLesson('tool-errors'), rules('tool-errors'), said)).toEqual(
      [],
    );
  });

  it('finds retry advice in a lesson that never retries', () => {
    const said = failing(
      'Leave it out, and call again with the same messages and a larger max_tokens.',
    );
    expect(
      contradictedAdvice(fixtureLesson('the-while-loop'), rules('the-while-loop'), said),
    ).toHaveLength(1);
    expect(
      contradictedAdvice(
        fixtureLesson('max-tokens-and-pause-turn'),
        rules('max-tokens-and-pause-turn'),
        said,
      ),
    ).toEqual([]);
  });
});
