import { isJsonObject } from '../json/json-diff.ts';
import type { CaseRun, RunEvent } from '../run/events.ts';

/**
 * A live run is not graded against expected.json (a real model varies); it is checked for
 * what must hold whatever the model says.
 */
export interface LiveCheck {
  holds: boolean;
  /** What was checked, and what was found. */
  text: string;
}

type ModelCall = Extract<RunEvent, { type: 'model-call' }>;

/** `stopped`: why the host's limits ended the run, when they did. */
export function checkLiveRun(run: CaseRun, stopped?: string): LiveCheck[] {
  const calls = run.events.filter((e): e is ModelCall => e.type === 'model-call');
  return [checkEnding(run, calls, stopped), checkToolUsesAnswered(calls), checkNo400(calls)];
}

function checkEnding(run: CaseRun, calls: readonly ModelCall[], stopped?: string): LiveCheck {
  if (stopped) return { holds: true, text: 'the loop reached the run’s limit' };
  const last = calls.at(-1)?.response;
  if (!last || run.outcome.kind !== 'completed') {
    return { holds: false, text: 'the loop did not finish' };
  }
  if (last.stop_reason !== 'tool_use') {
    return { holds: true, text: `the loop ended on stop_reason "${last.stop_reason}"` };
  }
  return {
    holds: true,
    text: `the loop stopped at a tool_use reply, after ${calls.length} calls: its own cap`,
  };
}

function checkToolUsesAnswered(calls: readonly ModelCall[]): LiveCheck {
  for (const [i, call] of calls.entries()) {
    const next = calls[i + 1];
    if (!call.response || !next) continue;
    const answered = resultIds(next.request.messages);
    for (const block of call.response.content) {
      if (block.type === 'tool_use' && !answered.has(block.id)) {
        return {
          holds: false,
          text: `tool_use ${block.id} (${block.name}) of reply #${call.index} was not answered by request #${next.index}`,
        };
      }
    }
  }
  return { holds: true, text: 'every tool_use was answered' };
}

function checkNo400(calls: readonly ModelCall[]): LiveCheck {
  const refused = calls.find((c) => c.rejection || c.error?.status === 400);
  return refused
    ? { holds: false, text: `request #${refused.index} got a 400` }
    : { holds: true, text: 'no request got a 400' };
}

/** The tool_use ids answered by the last message of a request's conversation. */
function resultIds(messages: unknown): Set<string> {
  const last: unknown = Array.isArray(messages) ? messages.at(-1) : undefined;
  const content = isJsonObject(last) && Array.isArray(last.content) ? last.content : [];
  const ids = new Set<string>();
  for (const block of content) {
    if (
      isJsonObject(block) &&
      block.type === 'tool_result' &&
      typeof block.tool_use_id === 'string'
    )
      ids.add(block.tool_use_id);
  }
  return ids;
}
