import { describe, expect, it } from 'vitest';
import { findReferenceLeak, shownText, tokens } from './reference-leak.ts';
import { fixtureCourse } from '../../../scripts/test-support/fixture-course.ts';

/** What counts as giving the solution away, over every lesson's reference. */

describe('findReferenceLeak', () => {
  for (const lesson of fixtureCourse.lessons) {
    const check = {
      reference: lesson.reference,
      starter: lesson.starter,
      learner: lesson.starter,
      shown: shownText(lesson),
    };
    const added = Object.entries(lesson.reference)
      .flatMap(([path, text]) => {
        const known = `${lesson.starter[path] ?? ''}\n${check.shown}`;
        const start = new Set(known.split('\n').map((l) => l.trim()));
        return text.split('\n').filter((l) => l.trim() !== '' && !start.has(l.trim()));
      })
      .join('\n');

    it(`${lesson.id}: the reference's own code is a leak, reformatted or not`, () => {
      if (tokens(added).length < 8) {
        // The lesson's hints already show what the reference adds: nothing is left to leak.
        expect(findReferenceLeak(added, check)).toBeUndefined();
        return;
      }
      expect(findReferenceLeak(`Here:\n${added}`, check)).toBeDefined();
      const squashed = added
        .split('\n')
        .map((line) => `    ${line.trim().replace(/;$/, '')}`)
        .join('\n');
      expect(findReferenceLeak(squashed, check)).toBeDefined();
    });

    it(`${lesson.id}: the lesson's prose, hints and starter are not`, () => {
      const hints = lesson.tutor?.hints.map((h) => h.body).join('\n') ?? '';
      expect(findReferenceLeak(`${lesson.prose}\n${lesson.task}\n${hints}`, check)).toBeUndefined();
      expect(findReferenceLeak(Object.values(lesson.starter).join('\n'), check)).toBeUndefined();
    });

    it(`${lesson.id}: code the learner already wrote is theirs to see again`, () => {
      expect(findReferenceLeak(added, { ...check, learner: lesson.reference })).toBeUndefined();
    });
  }

  it('reads code as tokens: comments and spacing do not matter', () => {
    expect(tokens('while (r.stop_reason === "tool_use") { // go\n  x++; }')).toEqual([
      'while',
      '(',
      'r',
      '.',
      'stop_reason',
      '===',
      'tool_use',
      ')',
      '{',
      'x',
      '+',
      '+',
      '}',
    ]);
  });
});
