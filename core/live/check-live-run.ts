import type { ApiResponse } from '../api/messages.ts';
import type { CaseStatus, VerdictKind } from '../grade/report.ts';
import type { CaseRun, RunEvent } from '../run/events.ts';

/**
 * A live run is not graded against expected.json (a real model varies). It is checked for what
 * must hold whatever the model says: the loop ended on a stop reason other than tool_use (or
 * stopped at its own cap), every tool_use it was given was answered, and no request was refused.
 */

/** One property of a live run, held or not. */
export interface LiveCheck {
  name: 'loop-ended' | 'tool-uses-answered' | 'no-refusals';
  ok: boolean;
  /** What was seen, in a sentence. */
  detail: string;
}

export interface LiveVerdict {
  status: CaseStatus;
  kind: VerdictKind;
  message: string;
  checks: LiveCheck[];
}

type ModelCall = Extract<RunEvent, { type: 'model-call' }>;

const calls = (n: number) => (n === 1 ? '1 model call' : `${n} model calls`);

/** Checks a finished live run; `run` is the case run the answerer served. */
export function checkLiveRun(run: CaseRun): LiveVerdict {
  const made = run.events.filter((e): e is ModelCall => e.type === 'model-call');
  const answered = made.filter((c) => c.response);
  const last = answered.at(-1)?.response;
  const checks = [loopEnded(run, made, last), toolUsesAnswered(made), noRefusals(made)];
  const { outcome } = run;
  const failedCall = made.find((c) => c.apiError || c.rejection);
  if (outcome.kind === 'cancelled')
    return { ...stopped('cancelled', 'Stopped before it finished.'), checks };
  if (outcome.kind === 'limit') return { ...stopped('cancelled', outcome.message), checks };
  if (outcome.kind === 'timeout') {
    const message = `The code ran for ${Math.round(outcome.afterMs / 1000)} s of its own time (waiting for the model not counted) without finishing: look for a loop that never ends.`;
    return { ...stopped('timeout', message), checks };
  }
  if (failedCall?.rejection) {
    const { body, explanation } = failedCall.rejection;
    const message = `Request #${failedCall.index} was refused before it was sent (the API would answer 400 ${body.error.type}): ${body.error.message}\n${explanation}`;
    return { ...stopped('api', message), checks };
  }
  if (failedCall?.apiError) {
    const { status, type, message, explanation } = failedCall.apiError;
    const code = status > 0 ? `${status} ${type}` : type;
    return {
      ...stopped('api', `Request #${failedCall.index} failed: ${code}: ${message}\n${explanation}`),
      checks,
    };
  }
  if (outcome.kind === 'stopped-after-rejection') {
    return {
      ...stopped('api', 'The run was stopped: it kept calling the model after an error.'),
      checks,
    };
  }
  const cap = last?.stop_reason === 'tool_use';
  if (outcome.kind === 'threw' && !cap) {
    return {
      ...stopped('runtime', `${outcome.error.name}: ${outcome.error.message}`),
      checks,
    };
  }
  const broken = checks.find((c) => !c.ok);
  if (broken) return { status: 'fail', kind: 'diff', message: broken.detail, checks };
  return { status: 'pass', kind: 'pass', message: checks.map((c) => c.detail).join(' '), checks };
}

function stopped(kind: VerdictKind, message: string): Omit<LiveVerdict, 'checks'> {
  return { status: 'error', kind, message };
}

function loopEnded(run: CaseRun, made: ModelCall[], last: ApiResponse | undefined): LiveCheck {
  const name = 'loop-ended';
  if (made.length === 0) return { name, ok: false, detail: 'The code never called the model.' };
  if (!last) return { name, ok: false, detail: 'No call got a reply from the model.' };
  if (last.stop_reason !== 'tool_use') {
    const detail = `The loop ended on stop_reason "${last.stop_reason}" after ${calls(made.length)}.`;
    return { name, ok: true, detail };
  }
  const finished = run.outcome.kind === 'completed' || run.outcome.kind === 'threw';
  return finished
    ? { name, ok: true, detail: `The loop stopped at its cap after ${calls(made.length)}.` }
    : { name, ok: false, detail: 'The loop was still asking for tools when the run ended.' };
}

function toolUsesAnswered(made: ModelCall[]): LiveCheck {
  const name = 'tool-uses-answered';
  let asked = 0;
  for (const [i, call] of made.entries()) {
    const next = made[i + 1];
    const ids = (call.response?.content ?? []).flatMap((b) =>
      b.type === 'tool_use' ? [b.id] : [],
    );
    if (!next || ids.length === 0) continue;
    asked += ids.length;
    const answered = toolResultIds(next.request.messages);
    const missing = ids.find((id) => !answered.has(id));
    if (missing) {
      return {
        name,
        ok: false,
        detail: `Request #${next.index} did not answer tool_use ${missing} with a tool_result.`,
      };
    }
  }
  const detail =
    asked === 0
      ? 'No tool_use needed an answer.'
      : `Every tool_use was answered (${asked === 1 ? '1 call' : `${asked} calls`}).`;
  return { name, ok: true, detail };
}

function noRefusals(made: ModelCall[]): LiveCheck {
  const name = 'no-refusals';
  const refused = made.find(
    (c) => c.rejection || (c.apiError && c.apiError.status >= 400 && c.apiError.status < 500),
  );
  if (!refused) return { name, ok: true, detail: 'No request was refused.' };
  const status = refused.rejection ? 400 : (refused.apiError?.status ?? 400);
  return { name, ok: false, detail: `Request #${refused.index} was refused (${status}).` };
}

function toolResultIds(messages: unknown): Set<string> {
  const ids = new Set<string>();
  if (!Array.isArray(messages)) return ids;
  for (const message of messages as { content?: unknown }[]) {
    if (!Array.isArray(message?.content)) continue;
    for (const block of message.content as { type?: unknown; tool_use_id?: unknown }[]) {
      if (block?.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        ids.add(block.tool_use_id);
      }
    }
  }
  return ids;
}
