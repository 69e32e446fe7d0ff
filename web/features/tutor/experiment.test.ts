import { describe, expect, it } from 'vitest';
import { type CaseReport, type LessonReport, type TutorExperiment } from '../../../core/index.ts';
import {
  editLines,
  observe,
  planExperiment,
  referenceFilesFor,
  whyNotYours,
} from './experiment.ts';
import { fixtureCourse } from '../../../scripts/test-support/fixture-course.ts';

const experiments = fixtureCourse.lessons.flatMap((lesson) =>
  (lesson.tutor?.experiments ?? []).map((e) => [`${lesson.id} ${e.id}`, lesson, e] as const),
);

describe.each(experiments)('experiment %s', (_name, lesson, experiment) => {
  const path = experiment.edit.file;

  it('applies to the reference as the learner would have it', () => {
    const plan = planExperiment(experiment, lesson.reference[path]);
    expect(plan.on).toBe('yours');
    if (plan.on === 'yours') expect(plan.after).not.toBe(plan.before);
  });

  it('offers the reference instead when the starter lacks the code', () => {
    const starter = lesson.starter[path];
    const plan = planExperiment(experiment, starter);
    expect(plan.on).toBe(starter?.includes(experiment.edit.find) ? 'yours' : 'reference');
  });

  it('runs the reference with the change: editable files only', () => {
    const files = referenceFilesFor(lesson, experiment);
    const editable = Object.keys(lesson.starter).filter((p) => !lesson.readOnly.includes(p));
    expect(Object.keys(files ?? {}).sort()).toEqual(editable.sort());
    expect(files?.[path]).toBe(
      (planExperiment(experiment, lesson.reference[path]) as { after: string }).after,
    );
  });
});

const experiment: TutorExperiment = {
  id: 'x',
  title: 'X',
  prompt: 'p',
  edit: { file: 'src/loop.ts', find: 'a\n  b\n  c\n', replace: 'a\n  c\n' },
  predictions: [
    { id: 'one', label: 'One' },
    { id: 'two', label: 'Two' },
  ],
  correct: 'two',
  outcome: { case: 'echo', kind: 'api', says: 'without `tool_result`' },
  explanation: 'e',
};

describe('planExperiment', () => {
  it.each([
    ['absent', 'nothing here', 'the code to change is not in the file'],
    ['twice', 'a\n  b\n  c\na\n  b\n  c\n', 'the code to change occurs more than once in the file'],
  ])('sends a file where the code is %s to the reference', (_what, text, reason) => {
    expect(planExperiment(experiment, text)).toEqual({ on: 'reference', reason });
  });

  it('says in a sentence why the learner’s file cannot take the change', () => {
    const why = (text: string) => whyNotYours(planExperiment(experiment, text), 'loop.ts');
    expect([why('nothing here'), why('a\n  b\n  c\na\n  b\n  c\n'), why('a\n  b\n  c\n')]).toEqual([
      "Your loop.ts doesn't have the code this changes, not in this form.",
      "The code this changes occurs more than once in your loop.ts, so it can't tell which to change.",
      '',
    ]);
  });
});

describe('observe', () => {
  const report = (kind: CaseReport['kind'], message: string): LessonReport =>
    ({ cases: [{ name: 'echo', kind, message }] }) as unknown as LessonReport;

  it.each([
    ['api', '400: ids were found without `tool_result` blocks', true],
    ['api', 'some other refusal', false],
    ['runtime', 'without `tool_result`', false],
  ] as const)('%s "%s" -> as expected: %s', (kind, message, asExpected) => {
    expect(observe(experiment, report(kind, message)).asExpected).toBe(asExpected);
  });
});

describe('editLines', () => {
  it('leaves out the lines the find and the replacement share, and dedents the rest', () => {
    expect(editLines({ file: 'f', find: '    x++;\n    y();', replace: '    x++;' })).toEqual([
      { sign: '-', text: 'y();' },
    ]);
    expect(editLines(experiment.edit)).toEqual([{ sign: '-', text: 'b' }]);
    expect(editLines({ file: 'f', find: 'a >= b', replace: 'a > b' })).toEqual([
      { sign: '-', text: 'a >= b' },
      { sign: '+', text: 'a > b' },
    ]);
  });
});
