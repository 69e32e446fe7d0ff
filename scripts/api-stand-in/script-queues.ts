import type { ApiRequest } from '../../core/api/messages.ts';
import type { TimedEvent } from '../../core/api/stream-events.ts';
import { createCassetteSession } from '../../core/cassette/session.ts';
import { defaultMessageFor, errorTypeFor, type ApiFailure } from './api-errors.ts';
import { defaultReply } from './complete-response.ts';
import type { CassetteStep, ScriptStep, ScriptedError, ScriptedReply } from './script-steps.ts';

/**
 * The scripted answers, in queues: one per key and one for every key. A request takes the
 * next step of its key's queue while that has any, else of the shared one.
 */

/** What the next scripted step says to answer, after waiting `delayMs`. */
export type ScriptedAnswer = { delayMs: number } &
  /** `stream`: a cassette call's recorded events, for a request that asked for a stream. */
  ({ reply: ScriptedReply; stream?: TimedEvent[] } | { failure: ApiFailure });

export interface ScriptQueues {
  /** Replaces the queue of `key` (or the shared queue, without one). */
  set(steps: readonly ScriptStep[], key?: string): void;
  /** Takes the answer to a valid request; undefined when nothing is scripted for it. */
  take(request: ApiRequest, key: string): ScriptedAnswer | undefined;
  /** How many answers are scripted and not yet given (a cassette counts its calls left). */
  pending(): number;
  clear(): void;
}

/** A step in a queue; a cassette step stays at the front until its last call is played. */
interface Queued {
  step: ScriptStep;
  cassette?: Playback;
}

interface Playback {
  play(
    request: ApiRequest,
  ): { reply: ScriptedReply; stream?: TimedEvent[] } | { failure: ApiFailure };
  left(): number;
}

export function createScriptQueues(): ScriptQueues {
  const shared: Queued[] = [];
  const byKey = new Map<string, Queued[]>();

  function set(steps: readonly ScriptStep[], key?: string) {
    const queued = steps.map((step) =>
      'cassette' in step ? { step, cassette: playCassette(step) } : { step },
    );
    if (key === undefined) shared.splice(0, shared.length, ...queued);
    else byKey.set(key, queued);
  }

  function take(request: ApiRequest, key: string): ScriptedAnswer | undefined {
    const own = byKey.get(key);
    const queue = own && own.length > 0 ? own : shared;
    const [first] = queue;
    if (!first) return;
    const { step, cassette } = first;
    const delayMs = step.delayMs ?? 0;
    if (cassette) {
      const answer = cassette.play(request);
      if (cassette.left() === 0) queue.shift();
      return { delayMs, ...answer };
    }
    queue.shift();
    if ('reply' in step) return { delayMs, reply: step.reply };
    if ('error' in step) return { delayMs, failure: scriptedFailure(step.error, request) };
    return { delayMs, reply: defaultReply(request) };
  }

  function pending(): number {
    const all = [shared, ...byKey.values()].flat();
    return all.reduce((sum, { cassette }) => sum + (cassette ? cassette.left() : 1), 0);
  }

  function clear() {
    shared.length = 0;
    byKey.clear();
  }

  return { set, take, pending, clear };
}

function scriptedFailure(error: ScriptedError, request: ApiRequest): ApiFailure {
  const { status } = error;
  const retryAfter = error.retryAfter ?? (status === 429 ? 1 : undefined);
  return {
    status,
    type: error.type ?? errorTypeFor(status),
    message: error.message ?? defaultMessageFor(status, String(request.model)),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
}

function playCassette({ cassette, strict }: CassetteStep): Playback {
  const asReply = (response: unknown, stream?: TimedEvent[]) => ({
    reply: JSON.parse(JSON.stringify(response)) as ScriptedReply,
    ...(stream ? { stream } : {}),
  });
  if (strict) {
    const session = createCassetteSession(cassette);
    return {
      play(request) {
        const answer = session.answer(request);
        if (answer.ok) return asReply(answer.response, answer.stream);
        const { error } = answer.rejection.body;
        return { failure: { status: 400, type: error.type, message: error.message } };
      },
      left: () => session.left,
    };
  }
  let played = 0;
  return {
    play: () => {
      const call = cassette.calls[played++];
      return asReply(call?.response, call?.stream);
    },
    left: () => cassette.calls.length - played,
  };
}
