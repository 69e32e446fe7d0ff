import { isJsonObject } from '../json/json-diff.ts';
import type { Lesson } from '../lesson/types.ts';
import type { RunEvent } from '../run/events.ts';
import type { Decision } from '../wire/approval.ts';

/** The stage's visible cases that take a prompt, each with its input: where a live run may start. */
function promptCases(lesson: Lesson): { name: string; input: Record<string, unknown> }[] {
  return lesson.cases
    .filter((c) => c.visible && isJsonObject(c.input) && typeof c.input.prompt === 'string')
    .map((c) => ({ name: c.name, input: c.input as Record<string, unknown> }));
}

/** The input of the stage's simplest visible case that takes a prompt (the fewest fields). */
function simplestPromptInput(lesson: Lesson): Record<string, unknown> | undefined {
  const inputs = promptCases(lesson).map((c) => c.input);
  return inputs.sort((a, b) => Object.keys(a).length - Object.keys(b).length)[0];
}

/** A visible case a live run can start from: its name, and its project's files when it has one. */
export interface LiveStart {
  name: string;
  description: string;
  /** The question it asks: where a live run from it starts. */
  prompt: string;
  /** The workspace the case starts with (part two), when it has one. */
  files?: Record<string, string>;
}

/** The visible cases a live run can start from, the simplest (the default) first. */
export function liveStarts(lesson: Lesson): LiveStart[] {
  const cases = promptCases(lesson);
  const simplest = simplestPromptInput(lesson);
  return cases
    .sort((a, b) => Number(b.input === simplest) - Number(a.input === simplest))
    .map(({ name, input }) => {
      const description = lesson.cases.find((c) => c.name === name)?.description ?? '';
      const files = isJsonObject(input.files) ? (input.files as Record<string, string>) : undefined;
      return { name, description, prompt: String(input.prompt), ...(files ? { files } : {}) };
    });
}

/**
 * The harness input for the learner's own question: the input of a visible case (`from`, or the
 * stage's simplest: the fewest fields, its tools, its cap, its project's files...), with
 * `prompt` replaced by the question. A case's scripted answers stay behind: in a live run the
 * person answers. Undefined when no case of the stage takes a prompt.
 */
export function liveInput(
  lesson: Lesson,
  question: string,
  from?: string,
): Record<string, unknown> | undefined {
  const chosen = from ? promptCases(lesson).find((c) => c.name === from)?.input : undefined;
  const start = chosen ?? simplestPromptInput(lesson);
  if (!start) return undefined;
  const { answers: _scripted, ...rest } = start;
  return { ...rest, prompt: question };
}

/** The question that case asks ("Weather in Chicago?"): where a live run starts from. */
export function lessonQuestion(lesson: Lesson): string {
  const prompt = simplestPromptInput(lesson)?.prompt;
  return typeof prompt === 'string' ? prompt : '';
}

/**
 * A live run's input as a recorded case gives it: with the answers the person gave, in order,
 * as the case's scripted user (`answers`), when the run asked them anything.
 */
export function recordedInput(input: unknown, events: readonly RunEvent[]): unknown {
  const answers: Decision[] = [];
  for (const event of events)
    if (event.type === 'ask' && event.decision) answers.push(event.decision);
  if (answers.length === 0 || !isJsonObject(input)) return input;
  return { ...input, answers };
}
