import type { Lesson } from '../../../core/index.ts';

/**
 * What the live panel starts from besides the question (core's `lessonQuestion`): the model
 * the lesson's code sends, and a recorded case's folder name.
 */

/** The model the lesson's code sends when no other is set. */
export const FALLBACK_MODEL = 'claude-sonnet-5-5';

/** The model the lesson's recordings were made with: what its code sends. */
export function lessonModel(lesson: Lesson): string {
  const first = lesson.cases.find((c) => c.visible) ?? lesson.cases[0];
  const model = first?.cassette.calls[0]?.request.model;
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
