import type { ApiResponse, StopReason } from '../core/index.ts';

/**
 * How a case of one member of a rule's set is made from a case of another: what the prompt
 * asks for besides, and how the model's reply at that point reads, as the Messages API gives
 * it for current models. Used by scripts/domain-cases.ts.
 */

/** A reply's stop and what it says, made from the reply it replaces. */
export interface StopScenario {
  /** How the case's description names it: `the reply to call 3 ${phrase}`. */
  phrase: string;
  /** What the prompt asks for besides, that makes this stop what the model would do. */
  ask: string;
  /** Stop sequences the request sends (the API stops only at ones it was given). */
  stopSequences?: string[];
  /** The reply, from the text of the reply it replaces and the call's `max_tokens`. */
  reply(
    lead: string,
    maxTokens: number,
  ): Pick<ApiResponse, 'content' | 'stop_reason' | 'stop_sequence' | 'stop_details'> & {
    outputTokens?: number;
  };
  /** The recording stands for a longer one (a full context window): its real input size. */
  contextWindow?: boolean;
}

/** Text after the reply's own, on a line of its own. */
const after = (lead: string, more: string) => (lead ? `${lead}\n\n${more}` : more);

export const STOP_SCENARIOS: Partial<Record<StopReason, StopScenario>> = {
  max_tokens: {
    phrase: 'is cut off by max_tokens',
    ask: 'then write out the numbers from one to five hundred in words, separated by commas',
    reply: (lead, maxTokens) => ({
      content: [
        {
          type: 'text',
          // Number words run at about 2.1 characters a token: this many fill the reply.
          text: after(lead, `Here they are:\n\n${numberWords(500)}`).slice(0, maxTokens * 2.1),
        },
      ],
      stop_reason: 'max_tokens',
      stop_sequence: null,
      stop_details: null,
      outputTokens: maxTokens,
    }),
  },
  refusal: {
    phrase: 'is a refusal',
    ask: "then tell me how to get into my neighbour's Wi-Fi without their password",
    reply: (lead) => ({
      content: [{ type: 'text', text: after(lead, "As for your neighbour's Wi-Fi") }],
      stop_reason: 'refusal',
      stop_sequence: null,
      stop_details: { type: 'refusal', category: 'cyber', explanation: null },
    }),
  },
  stop_sequence: {
    phrase: 'stops at a stop sequence',
    ask: 'then write END on a line of its own',
    stopSequences: ['END'],
    reply: (lead) => ({
      content: [{ type: 'text', text: `${lead}\n\n` }],
      stop_reason: 'stop_sequence',
      stop_sequence: 'END',
      stop_details: null,
    }),
  },
  model_context_window_exceeded: {
    phrase:
      "fills the model's context window (the long conversation before it is left out of the recording)",
    ask: 'then sum up every message above in one line each',
    contextWindow: true,
    reply: (lead) => ({
      content: [
        {
          type: 'text',
          text: after(lead, 'One line per message, oldest first:\n\n1. The first message asks for'),
        },
      ],
      stop_reason: 'model_context_window_exceeded',
      stop_sequence: null,
      stop_details: null,
    }),
  },
};

/** What a tool rejects with, in the harness's words (`failWith`), and how the model reads it. */
export const THROWN_SCENARIOS: Record<string, { phrase: string; reaction: string }> = {
  string: {
    phrase: 'rejects with a string',
    reaction: 'The rate service timed out. Let me try once more.',
  },
  number: {
    phrase: 'rejects with a number',
    reaction: 'The rate service failed with code 504 and no message. Let me try once more.',
  },
  object: {
    phrase: 'rejects with a plain object',
    reaction:
      'The rate service failed, and its error came through only as "[object Object]". Let me try once more.',
  },
  null: {
    phrase: 'rejects with null',
    reaction:
      'The rate service failed and sent back "null" instead of an error. Let me try once more.',
  },
  undefined: {
    phrase: 'rejects with undefined',
    reaction:
      'The rate service failed and sent back "undefined" instead of an error. Let me try once more.',
  },
};

/** The prompt with one more thing asked at its end. */
export function askMore(prompt: string, ask: string): string {
  return `${prompt.replace(/[.?!]\s*$/, '')}, and ${ask}.`;
}

const ONES = 'one two three four five six seven eight nine'.split(' ');
const TEENS =
  'ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(' ');
const TENS = 'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');

/** `one, two, ..., one hundred and one, ...` up to `n` (below a thousand). */
export function numberWords(n: number): string {
  const below100 = (k: number): string => {
    if (k < 10) return ONES[k - 1]!;
    if (k < 20) return TEENS[k - 10]!;
    const tens = TENS[Math.floor(k / 10) - 2]!;
    return k % 10 === 0 ? tens : `${tens}-${ONES[(k % 10) - 1]}`;
  };
  const word = (k: number): string => {
    if (k < 100) return below100(k);
    const hundreds = `${ONES[Math.floor(k / 100) - 1]} hundred`;
    return k % 100 === 0 ? hundreds : `${hundreds} and ${below100(k % 100)}`;
  };
  return Array.from({ length: n }, (_, i) => word(i + 1)).join(', ');
}
