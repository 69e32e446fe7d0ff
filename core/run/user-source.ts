import { parseDecision, type ApprovalCall, type Decision } from '../wire/approval.ts';
import type { AbortSignalLike } from './model-source.ts';

/**
 * Who answers when a harness asks the user about a call (`h.ask`): the case's scripted user
 * when it is graded, as the cassette answers for the model, and the person at the keyboard in
 * live mode (the page's approval prompt, the CLI's terminal).
 */

/** The user's answer to one question, or why there is none. */
export type UserAnswer = { ok: true; decision: Decision } | { ok: false; message: string };

/**
 * Answers one question about a call, at once (a script) or later (a person). The signal aborts
 * when the run ends first (Stop, a timeout, Ctrl+C): the question is then withdrawn.
 */
export type UserAnswerer = (
  call: ApprovalCall,
  options?: { signal?: AbortSignalLike },
) => UserAnswer | Promise<UserAnswer>;

/**
 * The case's scripted user: `input.answers`, given in the order the questions come. One
 * question too many is an error the harness sees (the code asked about a call it should have
 * run at once, or asked again after `always`).
 */
export function scriptedUser(input: unknown): UserAnswerer {
  const given = (input as { answers?: unknown } | null)?.answers;
  const answers: Decision[] = Array.isArray(given)
    ? given.map(parseDecision).filter((d): d is Decision => d !== undefined)
    : [];
  let next = 0;
  return (call) => {
    if (!Array.isArray(given)) {
      return {
        ok: false,
        message: `No one is there to ask about ${call.name}: the case has no scripted answers.`,
      };
    }
    const decision = answers[next];
    if (!decision) {
      return {
        ok: false,
        message: `The scripted user was asked about ${call.name} once too often.`,
      };
    }
    next++;
    return { ok: true, decision };
  };
}

/** A user who denies every call with `reason`: a live run with no one to ask (no terminal). */
export function denyingUser(reason: string): UserAnswerer {
  return () => ({ ok: true, decision: { kind: 'deny', reason } });
}
