import { isJsonObject } from '../cassette/json-diff.ts';
import type { Lesson } from '../lesson/types.ts';

/**
 * The harness input for the learner's own question: the input of the stage's simplest visible
 * case (the fewest fields: its tools, its cap...), with `prompt` replaced by the question.
 * Undefined when no case of the stage takes a prompt.
 */
export function liveInput(lesson: Lesson, question: string): Record<string, unknown> | undefined {
  const inputs = lesson.cases
    .filter((c) => c.visible)
    .map((c) => c.input)
    .filter((input) => isJsonObject(input) && typeof input.prompt === 'string')
    .map((input) => input as Record<string, unknown>);
  const [simplest] = inputs.sort((a, b) => Object.keys(a).length - Object.keys(b).length);
  return simplest ? { ...simplest, prompt: question } : undefined;
}
