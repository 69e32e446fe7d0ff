/**
 * Facts about one failing case, read from its transcript, that a tutor's failure explanation
 * quotes as `{name}` placeholders: the learner reads about their own run ("your request #2
 * sent user · user"), not about failures in general.
 */
export const FAILURE_FACTS = {
  case: 'the case that failed',
  calls: 'how many model calls were answered',
  request: 'the number of the request the API or the recording refused',
  recorded: 'how many calls the recording holds',
  roles: "the roles of that request's messages, in order: `user · assistant · user`",
  messages: 'how many messages that request sent',
  newest: "that request's newest message, in short: `user [tool_result, tool_result]`",
  toolUseId: 'the tool_use_id of the first tool_result in that newest message',
  block: 'the block the recording expected or the API pointed at, as JSON (shortened)',
  path: 'where the request or the output first differs',
  expected: 'what the recording (or a visible case) has there, as JSON, or "nothing"',
  actual: 'what the learner sent or printed there, as JSON, or "nothing"',
  error: 'the error a run threw, without its location',
  at: 'where it was thrown: `src/loop.ts:27`',
} as const;

export type FailureFactName = keyof typeof FAILURE_FACTS;
export type FailureFacts = Partial<Record<FailureFactName, string>>;

export const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** The `{name}` placeholders of a template, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}
