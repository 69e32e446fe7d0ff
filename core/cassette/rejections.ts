import type { ApiErrorBody, ApiResponse } from '../api/messages.ts';
import { wholeInput } from '../api/usage.ts';
import type { Divergence } from './divergence.ts';
import type { RequestIssue } from './request-issue.ts';

export type RejectionKind = 'invalid-request' | 'divergence' | 'exhausted';

/** Why the cassette refused a request, for the learner's code and for the learner. */
export interface CassetteRejection {
  kind: RejectionKind;
  /** 1-based number of the request that was rejected ("request #2 of 3"). */
  requestNumber: number;
  /** How many calls the cassette recorded. */
  recorded: number;
  /** The HTTP status the learner's code receives: always 400. */
  status: number;
  /**
   * What the learner's code receives: for `invalid-request` exactly the API's 400 body;
   * otherwise error type `cassette_mismatch` with a message summarising the report.
   */
  body: ApiErrorBody;
  /** One plain-English sentence (or two) on what in the learner's loop causes this. */
  explanation: string;
  /** `divergence` only: the first differing path into the request as sent. */
  path?: string;
  /** `divergence` only: the recorded value at `path` (undefined: absent). */
  expected?: unknown;
  /** `divergence` only: the request's value at `path` (undefined: absent). */
  actual?: unknown;
  /** The likely mistake (`divergence` and `exhausted`). */
  hint?: string;
  /**
   * What the worker saw in the request before it became JSON, when that is the mistake
   * (a Promise where a value belongs); the report leads with it.
   */
  cause?: string;
}

/**
 * The bounds the loop under test was given (a case's `input.cap`, `input.budget`), which
 * explain why a recording ends where it does.
 */
export interface LoopBounds {
  /** The most model calls the loop may make. */
  cap?: number;
  /** The most tokens (input and output, over every call) the loop may spend. */
  budget?: number;
}

/**
 * The three ways a cassette refuses a request, as the learner's code receives them (an
 * HTTP 400 with an API error body) and as the learner reads them (explanation and hint).
 */

interface Position {
  /** 1-based number of the refused request. */
  requestNumber: number;
  recorded: number;
}

function errorBody(type: string, message: string): ApiErrorBody {
  return { type: 'error', error: { type, message } };
}

/** `1 call`, `3 calls`. */
function callCount(count: number): string {
  return count === 1 ? '1 call' : `${count} calls`;
}

/** The request is one the real API would refuse: the learner gets the API's own 400. */
export function invalidRequest(issue: RequestIssue, at: Position): CassetteRejection {
  return {
    kind: 'invalid-request',
    ...at,
    status: 400,
    body: errorBody('invalid_request_error', issue.message),
    explanation: issue.explanation,
  };
}

/** Why the loop should have stopped, by the stop_reason of the recording's last reply. */
const exhaustedHints: Record<ApiResponse['stop_reason'], string> = {
  // What the recording does here, not a rule of when loops stop: that is each lesson's own.
  end_turn:
    'Did the loop keep going after end_turn? The recording ends with that reply: the loop should have returned there.',
  tool_use:
    'The recording ends here: the loop should have stopped (did it respect its cap, or its budget?).',
  max_tokens:
    'The recording ends with a reply cut off at max_tokens: the loop should have returned there.',
  stop_sequence:
    'The recording ends with a reply that stopped at a stop sequence: the model finished its turn, so the loop should have returned there.',
  pause_turn: 'The recording ends with pause_turn: the loop should have stopped there.',
  refusal:
    'The model refused, and the recording ends with the refusal: the loop should have returned there.',
  model_context_window_exceeded:
    'The recording ends with a reply that filled the context window: the loop should have stopped there (there is no room for another call).',
};

/** A reply that ran out of max_tokens inside a tool call: the one a loop retries. */
function cutOffInToolCall(reply: ApiResponse): boolean {
  return reply.stop_reason === 'max_tokens' && reply.content.at(-1)?.type === 'tool_use';
}

/**
 * Why the loop should have stopped after the recording's last call: its cap, its budget
 * (the lesson's rule: stop when what was spent plus the last call's input would exceed it),
 * or else the last reply's stop_reason.
 */
export function exhaustedHint(replies: readonly ApiResponse[], bounds: LoopBounds): string {
  const last = replies.at(-1);
  const made = replies.length;
  if (bounds.cap !== undefined && made >= bounds.cap) {
    return `The loop's cap is ${bounds.cap} and it had made ${callCount(made)}: it should have stopped before calling again.`;
  }
  if (bounds.budget !== undefined && last) {
    // Cached input is input too: read from the cache or written to it, it was sent.
    const spent = replies.reduce((n, r) => n + wholeInput(r.usage) + r.usage.output_tokens, 0);
    const next = wholeInput(last.usage);
    if (spent + next > bounds.budget) {
      const cached = replies.some((r) => wholeInput(r.usage) !== r.usage.input_tokens);
      const what = cached ? 'input, cached or not, and output' : 'input and output';
      return `The budget stops the loop here: the ${callCount(made)} so far spent ${tokens(spent)} (${what}), and another would send at least ${tokens(next)} of input more, past the budget of ${tokens(bounds.budget)}. Check the budget before every call, retries and resumed turns included.`;
    }
  }
  // The recording retried a tool call cut off at max_tokens, and ends with one: a bounded retry.
  if (last && cutOffInToolCall(last) && replies.slice(0, -1).some(cutOffInToolCall)) {
    return `${exhaustedHints.max_tokens.slice(0, -1)} (is its retry bounded?).`;
  }
  return exhaustedHints[last?.stop_reason ?? 'tool_use'];
}

function tokens(n: number): string {
  return `${n.toLocaleString('en-US')} tokens`;
}

/**
 * The loop asked for more calls than the recording holds (`replies`: the recorded replies).
 * `ended`: the recording ends on a request every attempt of which the API cut off with an
 * error event, and the loop sent it again after the last.
 */
export function exhausted(
  replies: readonly ApiResponse[],
  bounds: LoopBounds,
  at: Position,
  ended?: { attempts: number; error: string },
): CassetteRejection {
  if (ended) {
    const attempts =
      ended.attempts === 1 ? 'its 1 attempt' : `each of its ${ended.attempts} attempts`;
    const hint = `After the recorded attempts the code gives up: it throws the error (${ended.error}), and does not ask again.`;
    return {
      kind: 'exhausted',
      ...at,
      status: 400,
      body: errorBody(
        'cassette_mismatch',
        `The cassette is exhausted: the recording ends with request #${at.requestNumber} cut off by an error event on ${attempts}, and the loop sent it again. ${hint}`,
      ),
      explanation:
        'Your code asked again after the recorded attempts had failed: the recording ends in the error, so the code should have given up there.',
      hint,
    };
  }
  const hint = exhaustedHint(replies, bounds);
  const summary = `The cassette is exhausted: the recording has ${callCount(at.recorded)} and the loop made request #${at.requestNumber}.`;
  return {
    kind: 'exhausted',
    ...at,
    status: 400,
    body: errorBody('cassette_mismatch', `${summary} ${hint}`),
    explanation:
      'Your loop called the model again after the recorded conversation had ended: it did not stop when it should have.',
    hint,
  };
}

/** The request is valid but not the one recorded, so the cassette has no reply for it. */
export function diverged(divergence: Divergence, at: Position): CassetteRejection {
  const { path, expected, actual, difference, hint } = divergence;
  const summary = `Request #${at.requestNumber} of ${at.recorded} left the recorded conversation at ${path}: ${difference}.`;
  return {
    kind: 'divergence',
    ...at,
    status: 400,
    body: errorBody('cassette_mismatch', `${summary} ${hint}`),
    explanation: `The cassette can only replay the conversation it recorded, and your loop built request #${at.requestNumber} differently, so there is no recorded reply for it.`,
    path,
    expected,
    actual,
    hint,
  };
}
