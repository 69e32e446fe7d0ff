import { describe, expect, it } from 'vitest';
import { lessonPassages } from './passages.ts';
import { fixtureCourse } from '../../scripts/test-support/fixture-course.ts';

const lesson = {
  title: 'Kettles',
  prose: [
    '# Kettles',
    '',
    'A kettle boils water.',
    'It clicks off when done.',
    '',
    '## Parts',
    '',
    'A kettle has three parts:',
    '',
    '- **The element.** It heats.',
    '- The switch, which',
    '  clicks off.',
    '',
    'It looks like this:',
    '',
    '```json',
    '{ "element": true }',
    '```',
    '',
    '| part | job |',
    '| ---- | --- |',
    '',
    '```ts',
    'const orphan = 1;',
    '```',
  ].join('\n'),
  task: [
    '# Your task',
    '',
    '1. Start it.',
    '2. Wait:',
    '   - for the click;',
    '   - then pour.',
  ].join('\n'),
};

describe('lessonPassages', () => {
  it('splits the text into paragraphs and list items, under their headings', () => {
    expect(lessonPassages(lesson)).toEqual([
      {
        source: 'lesson',
        heading: 'Kettles',
        text: 'A kettle boils water.\nIt clicks off when done.',
        id: 'lesson/kettles/1',
      },
      {
        source: 'lesson',
        heading: 'Parts',
        text: 'A kettle has three parts:\n\n- **The element.** It heats.',
        id: 'lesson/parts/1',
      },
      {
        source: 'lesson',
        heading: 'Parts',
        text: 'A kettle has three parts:\n\n- The switch, which\n  clicks off.',
        id: 'lesson/parts/2',
      },
      {
        source: 'lesson',
        heading: 'Parts',
        text: 'It looks like this:\n\n```json\n{ "element": true }\n```',
        id: 'lesson/parts/3',
      },
      {
        source: 'task',
        heading: 'Your task',
        text: '1. Start it.',
        id: 'task/your-task/1',
      },
      {
        source: 'task',
        heading: 'Your task',
        text: '2. Wait:\n   - for the click;\n   - then pour.',
        id: 'task/your-task/2',
      },
    ]);
  });

  it.each(fixtureCourse.lessons.map((l) => [l.id, l] as const))(
    'gives every passage of %s an id of its own',
    (_id, each) => {
      const ids = lessonPassages(each).map((p) => p.id);
      expect(ids.length).toBeGreaterThan(10);
      expect(new Set(ids).size).toBe(ids.length);
    },
  );
});
