import { canonicalizeRequest, sentPath, valueAt } from './canonical-request.ts';
import { diagnoseRequest } from './diagnose-request.ts';
import { compactionHint } from './compaction-hint.ts';
import { diffJsonSegments, displayPath, formatPath } from '../json/json-diff.ts';
import { previewJson } from './json-preview.ts';
import type { ApiResponse } from '../api/messages.ts';
import { divergenceHint, otherConversation } from './divergence-hint.ts';

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
  /** The replies the learner's code got so far: some mistakes are about what it did with them. */
  replies: readonly ApiResponse[] = [],
  /**
   * Every recorded request, in order: where loops take turns (an agent and its subagents), a
   * request may belong to another of the recording's conversations than the one due here.
   */
  recording: readonly Record<string, unknown>[] = [],
  /** The requests the recording holds before this one: a compaction rewrites the conversation. */
  earlier: readonly Record<string, unknown>[] = [],
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
    hint:
      compactionHint(recorded, request, earlier, replies) ??
      diagnoseRequest(request, replies, recorded) ??
      otherConversation(expected, actual, recording.map(canonicalizeRequest)) ??
      divergenceHint(expected, actual, first, replies.at(-1)),
  };
}

function describeDifference(expected: unknown, actual: unknown): string {
  if (actual === undefined) return `expected ${preview(expected)} but it is missing`;
  if (expected === undefined) return `expected nothing there but got ${preview(actual)}`;
  if (typeof expected === 'string' && typeof actual === 'string') {
    const from = differsFrom(expected, actual);
    if (from !== undefined) {
      const at = `from character ${from + 1}`;
      return `expected …${preview(expected.slice(from - context))} but got …${preview(actual.slice(from - context))} (${at})`;
    }
  }
  return `expected ${preview(expected)} but got ${preview(actual)}`;
}

const previewLength = 80;
/** Characters of the common start kept before the first difference, to show where it is. */
const context = 20;

/**
 * Where two strings first differ, when that is past what a preview shows of them (a long system
 * prompt that differs at its end): previews of both from there tell them apart.
 */
function differsFrom(a: string, b: string): number | undefined {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  // A JSON preview shows a string's quote and escapes: well before 80 characters of text.
  return i > previewLength / 2 ? i : undefined;
}

/** Compact JSON, cut short so a message stays one readable line. */
export function preview(value: unknown): string {
  return previewJson(value, previewLength);
}
