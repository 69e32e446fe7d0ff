import type { Lesson } from '../../../core/index.ts';

/**
 * The markdown the page shows, and at which heading depth: lesson text (prose at 2, the task
 * at 3) and the tutor's text (at 4). The build renders each of these ahead (see
 * build/course-at-build.ts), so the page does not load a markdown renderer to start.
 * Any other text still renders, a moment later, in the page.
 */
export const MARKDOWN_DEPTH = { prose: 2, task: 3, tutor: 4 } as const;

/** Where a prerendered HTML is found: the text and the depth it is rendered at. */
export function markdownKey(source: string, minDepth: number): string {
  return `${minDepth}\u0000${source}`;
}

/** Drops a leading `# Heading` when the pane already shows that heading itself. */
export function withoutLeadingHeading(source: string, heading: string): string {
  const match = /^\s*#\s+(.+)\n/.exec(source);
  return match && match[1]?.trim().toLowerCase() === heading.trim().toLowerCase()
    ? source.slice(match[0].length)
    : source;
}

export const lessonProse = (lesson: Lesson) => withoutLeadingHeading(lesson.prose, lesson.title);
export const lessonTask = (lesson: Lesson) => withoutLeadingHeading(lesson.task, 'Your task');

/** Every [text, depth] a lesson shows. */
export function lessonMarkdown(lesson: Lesson): [string, number][] {
  const texts: [string, number][] = [
    [lessonProse(lesson), MARKDOWN_DEPTH.prose],
    [lessonTask(lesson), MARKDOWN_DEPTH.task],
  ];
  const tutor = lesson.tutor;
  if (tutor) {
    const tutorTexts = [
      ...tutor.walkthrough.map((step) => step.body),
      ...tutor.experiments.flatMap((e) => [e.prompt, e.explanation]),
      ...tutor.questions.map((q) => q.answer),
    ];
    for (const text of tutorTexts) texts.push([text, MARKDOWN_DEPTH.tutor]);
  }
  return texts;
}
