import type { Lesson, LessonCase } from '../../../core/index.ts';

/**
 * What a live run sends through the learner's code: the lesson's own input (its first visible
 * case's), with the learner's question in place of its prompt. Everything else the input holds
 * (a cap, a budget...) stays the lesson's.
 */

/** The model the lesson's code sends when no other is set. */
export const FALLBACK_MODEL = 'claude-sonnet-5-5';

function baseCase(lesson: Lesson): LessonCase | undefined {
  return lesson.cases.find((c) => c.visible) ?? lesson.cases[0];
}

/** The question the lesson asks, to start from ("Weather in Chicago?"). */
export function lessonQuestion(lesson: Lesson): string {
  const prompt = (baseCase(lesson)?.input as { prompt?: unknown } | null | undefined)?.prompt;
  return typeof prompt === 'string' ? prompt : '';
}

/** The harness input for `question`. */
export function liveInput(lesson: Lesson, question: string): unknown {
  const input = baseCase(lesson)?.input;
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    return { ...input, prompt: question };
  }
  return { prompt: question };
}

/** The model the lesson's recordings were made with: what its code sends. */
export function lessonModel(lesson: Lesson): string {
  const model = baseCase(lesson)?.cassette.calls[0]?.request.model;
  return typeof model === 'string' && model ? model : FALLBACK_MODEL;
}

/** A case folder's name from a question: `live-weather-in-chicago`. */
export function caseName(question: string): string {
  const words = question
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, 6);
  return ['live', ...words].join('-');
}
