import { describe, expect, it } from 'vitest';
import { loadPackagedCourse } from './load.ts';
import { renderMarkdown } from './markdown-terminal.ts';

describe('renderMarkdown (no colour: NO_COLOR or not a terminal)', () => {
  it('lays out headings, paragraphs, lists, code and tables without markup', () => {
    const markdown = [
      '# Your task',
      '',
      'Write `runLoop` so that **every** call _counts_, as [the docs](https://docs.example/x) say.',
      '',
      '- one',
      '- two, which is long enough that it has to wrap onto a second line here',
      '',
      '```ts',
      'const x = 1;',
      '```',
      '',
      '| call | reply |',
      '| ---- | ----- |',
      '| 1    | `tool_use` |',
    ].join('\n');
    expect(renderMarkdown(markdown, 40)).toBe(
      [
        'Your task',
        '═════════',
        '',
        'Write runLoop so that every call counts,',
        'as the docs (https://docs.example/x)',
        'say.',
        '',
        '• one',
        '• two, which is long enough that it has',
        '  to wrap onto a second line here',
        '',
        '    const x = 1;',
        '',
        'call │ reply',
        '─────┼─────────',
        '1    │ tool_use',
      ].join('\n'),
    );
  });

  it('leaves no markdown markup in any lesson’s prose or task, at any width from 60 columns', () => {
    const loaded = loadPackagedCourse();
    if ('error' in loaded) throw new Error(loaded.error);
    for (const lesson of loaded.course.lessons) {
      for (const width of [60, 80, 100]) {
        const text = renderMarkdown(`${lesson.prose}\n\n${lesson.task}`, width);
        const outsideCode = text
          .split('\n')
          .filter((line) => !line.startsWith('    '))
          .join('\n');
        expect(outsideCode).not.toMatch(/^#+ |\*\*|```|^\s*[-*] |^\|/m);
        // Every line fits, but a single word longer than the width.
        for (const line of outsideCode.split('\n')) {
          if (line.length > width) expect(line.trim()).not.toContain(' ');
        }
      }
    }
  });
});
