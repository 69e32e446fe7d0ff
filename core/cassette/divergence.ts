import { canonicalizeRequest, sentPath, valueAt } from './canonical-request.ts';
import { diffJsonSegments, displayPath, formatPath, isJsonObject, jsonEqual } from './json-diff.ts';
import type { ApiResponse } from '../api/messages.ts';
import { divergenceHint } from './divergence-hint.ts';

/** Where a request first left its recorded counterpart, in terms of the request as sent. */
export interface Divergence {
  /** A path into the learner's request, e.g. `messages[2].content[0].tool_use_id`. */
  path: string;
  /** The recorded value there; undefined when the recording has nothing there. */
  expected: unknown;
  /** The learner's value there; undefined when the request has nothing there. */
  actual: unknown;
  /** What the two values are, e.g. `expected "toolu_01A" but got "toolu_01B"`. */
  difference: string;
  hint: string;
}

/**
 * Compares a request with the recorded one canonically and reports the first difference,
 * or undefined when they are the same request. The comparison runs on the canonical forms;
 * the report names the place in the request the learner actually sent.
 */
export function findDivergence(
  recorded: Record<string, unknown>,
  request: Record<string, unknown>,
  /** The reply the learner's code got last, if any: some mistakes are about what it did with it. */
  previous?: ApiResponse,
): Divergence | undefined {
  const expected = canonicalizeRequest(recorded);
  const actual = canonicalizeRequest(request);
  // The conversation is where loops go wrong; other fields (max_tokens, tools) come second.
  const conversation = diffJsonSegments(
    { messages: expected.messages },
    { messages: actual.messages },
    1,
  );
  const [first] = conversation.length > 0 ? conversation : diffJsonSegments(expected, actual, 1);
  if (!first) return;
  const path = sentPath(request, first.segments);
  // The recording may have spelled this place differently (a string for a list of blocks);
  // then its canonical form is what stands there.
  const recordedHasPath = sentPath(recorded, path).length === path.length;
  const expectedValue = valueAt(recordedHasPath ? recorded : expected, path);
  const actualValue = valueAt(request, path);
  return {
    path: displayPath(formatPath(path)),
    expected: expectedValue,
    actual: actualValue,
    difference: describeDifference(expectedValue, actualValue),
    hint: keptCutOffReply(expected, actual, previous) ?? divergenceHint(expected, actual, first),
  };
}

function describeDifference(expected: unknown, actual: unknown): string {
  if (actual === undefined) return `expected ${preview(expected)} but it is missing`;
  if (expected === undefined) return `expected nothing there but got ${preview(actual)}`;
  return `expected ${preview(expected)} but got ${preview(actual)}`;
}

const previewLength = 80;

/** Compact JSON, cut short so a message stays one readable line. */
export function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > previewLength ? `${text.slice(0, previewLength - 1)}…` : text;
}

/** A reply cut off at max_tokens was kept in the conversation, which the recording does not do. */
function keptCutOffReply(
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
  previous: ApiResponse | undefined,
): string | undefined {
  if (previous?.stop_reason !== 'max_tokens') return;
  const holdsIt = (request: Record<string, unknown>) =>
    Array.isArray(request.messages) &&
    request.messages.some(
      (m: unknown) =>
        isJsonObject(m) && m.role === 'assistant' && jsonEqual(m.content, previous.content),
    );
  if (holdsIt(expected) || !holdsIt(actual)) return;
  return 'The reply cut off at max_tokens is not part of the conversation: do not append it or run its tool calls; call again with a larger max_tokens.';
}
