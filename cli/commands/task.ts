import type { Course, Lesson } from '../../core/index.ts';
import { renderMarkdown } from '../markdown-terminal.ts';
import { style, textWidth } from '../style.ts';
import { formatStageHeading } from './stage.ts';

/** `theinference task`: the stage's lesson and task, laid out for the terminal. */
export function printTask(course: Course, lesson: Lesson): number {
  const width = textWidth();
  const visible = lesson.cases.filter((c) => c.visible).map((c) => c.name);
  const hidden = lesson.cases.length - visible.length;
  const out = [
    formatStageHeading(lesson, course.lessons.length),
    '',
    renderMarkdown(lesson.prose, width),
    '',
    renderMarkdown(lesson.task, width),
    '',
    style.dim('─'.repeat(width)),
    `Cases: ${visible.join(', ')} (shown in full) and ${hidden} hidden. Your file: ${lesson.entry}.`,
    `Grade it with ${style.bold('theinference test')}.`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  return 0;
}
