import { isJsonObject } from '../cassette/json-diff.ts';
import type { Lesson } from '../lesson/types.ts';

/** The input of the stage's simplest visible case that takes a prompt (the fewest fields). */
function simplestPromptInput(lesson: Lesson): Record<string, unknown> | undefined {
  const inputs = lesson.cases
    .filter((c) => c.visible)
    .map((c) => c.input)
    .filter((input) => isJsonObject(input) && typeof input.prompt === 'string')
    .map((input) => input as Record<string, unknown>);
  return inputs.sort((a, b) => Object.keys(a).length - Object.keys(b).length)[0];
}

/**
 * The harness input for the learner's own question: the input of the stage's simplest visible
 * case (the fewest fields: its tools, its cap...), with `prompt` replaced by the question.
 * Undefined when no case of the stage takes a prompt.
 */
export function liveInput(lesson: Lesson, question: string): Record<string, unknown> | undefined {
  const simplest = simplestPromptInput(lesson);
  return simplest ? { ...simplest, prompt: question } : undefined;
}

/** The question that case asks ("Weather in Chicago?"): where a live run starts from. */
export function lessonQuestion(lesson: Lesson): string {
  const prompt = simplestPromptInput(lesson)?.prompt;
  return typeof prompt === 'string' ? prompt : '';
}
