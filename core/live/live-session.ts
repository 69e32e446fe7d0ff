import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import type { TimedEvent } from '../api/stream-events.ts';
import { invalidRequest } from '../cassette/rejections.ts';
import { validateRequest } from '../cassette/validate-request.ts';
import { createThreadStore } from '../cassette/message-thread.ts';
import type { AnswerOptions, ModelAnswer, ModelSource } from '../run/model-source.ts';
import { inputTokensAtMost } from './call-budget.ts';

/**
 * Live mode's model: the real Messages API, reached through the host's `api` (the SDK, in the
 * host's own process or page, never in the sandbox), answered in the shape a cassette answers.
 * Each request is first checked as the cassette checks it, so a malformed one is refused here
 * with the API's own 400 and costs nothing; the run's limits on model calls and tokens guard
 * the learner's wallet, before each call, by what the call could cost (its input, counted from
 * above, and its `max_tokens`), so no call ends past the limit.
 */

/** The run's bounds on what it may spend. */
export interface LiveLimits {
  /** Model calls the run may make. */
  maxTurns: number;
  /**
   * Tokens (input and output, over every call) the run may use: no call that could pass it
   * is made.
   */
  maxTokens: number;
}

export interface LiveSessionOptions {
  /**
   * The Messages API (the host's SDK client, with its retries, `createSdkSend`): each request
   * the session lets through goes to it, with the options `answer` was given (a `signal`
   * aborts that request alone: the page's, when its run ended).
   */
  api: ModelSource;
  limits: LiveLimits;
  /** The model to call instead of the one the code asks for, when the learner picked one. */
  model?: string;
}

/** One call the API answered: the request as sent, the response as received. */
export interface LiveCall {
  request: ApiRequest;
  response: ApiResponse;
  /** A streamed reply's events as they came, with the gaps between them. */
  stream?: TimedEvent[];
  /** Attempts of this call an `error` event cut off mid-stream, before the code retried. */
  interrupted?: TimedEvent[][];
}

export interface LiveSession extends ModelSource {
  /** Answers one request; its options are handed to the API's source. */
  answer(request: ApiRequest, options?: AnswerOptions): Promise<ModelAnswer>;
  /** Every call the API answered, in order. */
  readonly calls: readonly LiveCall[];
  /** Tokens used so far, input and output, over every call. */
  readonly tokens: number;
  /** Why the session ended the run (a limit), once it has. */
  readonly stopped: string | undefined;
}

export function createLiveSession({ api, limits, model }: LiveSessionOptions): LiveSession {
  const calls: LiveCall[] = [];
  /** Streams cut off by an error event since the last call answered whole. */
  let cut: TimedEvent[][] = [];
  let tokens = 0;
  let stopped: string | undefined;
  /** Threaded requests are checked as the conversation the API rebuilds for them. */
  const threads = createThreadStore();

  /** Why the next call may not be made, if it may not. */
  const overLimit = (): string | undefined => {
    const next = `Stopped before model call ${calls.length + 1}`;
    if (calls.length >= limits.maxTurns) {
      return `${next}: the run's limit is ${plural(limits.maxTurns, 'model call')}.`;
    }
    if (tokens >= limits.maxTokens) {
      return `${next}: the run has used ${plural(tokens, 'token')}, and its limit is ${count(limits.maxTokens)}.`;
    }
  };

  /** Why a valid request may not be sent: it could take the run past its tokens. */
  const overBudget = (request: ApiRequest): string | undefined => {
    const reply = Number(request['max_tokens']);
    const input = inputTokensAtMost(request, calls.at(-1));
    const left = limits.maxTokens - tokens;
    if (input + reply <= left) return undefined;
    return `Stopped before model call ${calls.length + 1}: it could use ${plural(input + reply, 'token')} (its max_tokens, ${count(reply)}, and up to ${count(input)} of input), and the run has ${count(left)} left of its limit of ${count(limits.maxTokens)}.`;
  };

  async function answer(request: ApiRequest, options: AnswerOptions = {}): Promise<ModelAnswer> {
    if (stopped) return { ok: false, stop: stopped };
    const limit = overLimit();
    if (limit) {
      stopped = limit;
      return { ok: false, stop: limit };
    }
    const sent = model === undefined ? request : { ...request, model };
    // No recording stands behind a live call: `recorded` 0 (the transcript says "refused before it was sent").
    const at = { requestNumber: calls.length + 1, recorded: 0 };
    const threaded = threads.expand(sent);
    if (!threaded.ok) return { ok: false, rejection: invalidRequest(threaded.issue, at) };
    const replies = calls.map((call) => call.response);
    const issue = validateRequest(threaded.request, threaded.previous ?? replies.at(-1), replies);
    if (issue) return { ok: false, rejection: invalidRequest(issue, at) };
    const tooDear = overBudget(threaded.request);
    if (tooDear) {
      stopped = tooDear;
      return { ok: false, stop: tooDear };
    }
    const result = await api.answer(sent, options);
    if (!result.ok) return result;
    threads.record(sent, threaded.request, result.response);
    // The tokens a stream used are its final message_delta's (an error event's: as far as it came).
    tokens += usedTokens(result.response);
    const { stream } = result;
    if (!stream) {
      calls.push({ request: sent, response: result.response });
      return result;
    }
    // A stream cut off by an error event: the code sees it end, and the call its retry makes
    // records it as an interrupted attempt, as a cassette holds one.
    if (stream.at(-1)?.event.type === 'error') cut.push(stream);
    else {
      const call: LiveCall = { request: sent, response: result.response, stream };
      if (cut.length > 0) call.interrupted = cut;
      cut = [];
      calls.push(call);
    }
    // The events came in real time already: the code reads them without waiting again.
    return { ...result, pace: 0 };
  }

  return {
    answer,
    get calls() {
      return calls;
    },
    get tokens() {
      return tokens;
    },
    get stopped() {
      return stopped;
    },
  };
}

/**
 * Input and output tokens of one response (0 for a response without usage): input read from
 * the prompt cache and written to it counts too, since the wallet bounds what was sent.
 */
export function usedTokens(response: ApiResponse): number {
  const usage = response.usage as Partial<ApiResponse['usage']> | undefined;
  const count = (n: number | null | undefined) => (typeof n === 'number' ? n : 0);
  return (
    count(usage?.input_tokens) +
    count(usage?.cache_creation_input_tokens) +
    count(usage?.cache_read_input_tokens) +
    count(usage?.output_tokens)
  );
}

function plural(n: number, word: string): string {
  return `${count(n)} ${word}${n === 1 ? '' : 's'}`;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
