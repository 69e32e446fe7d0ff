import { wholeInput, type ApiResponse, type Course } from '../core/index.ts';
import { cacheProblems, continues } from './cache-usage.ts';
import { createThreadStore } from '../core/cassette/message-thread.ts';
import type { TimedEvent } from '../core/api/stream-events.ts';

/**
 * The recording conventions of fixtures/README.md that a schema cannot see: ids shaped as the
 * API's and used once across the course, each reply from the model asked, and `usage` that
 * behaves as real usage does: the whole input grows with the conversation, and with prompt
 * caching the cache's reads and writes are the ones its marks allow (scripts/cache-usage.ts).
 * Returns one problem per line; none when the course keeps them.
 */

const MESSAGE_ID = /^msg_01[A-Za-z0-9]{22}$/;
const TOOL_USE_ID = /^toolu_01[A-Za-z0-9]{22}$/;

export function checkCassettes(course: Course): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const once = (id: string, where: string) => {
    const first = seen.get(id);
    if (first) problems.push(`${where}: ${id} is already used at ${first}`);
    else seen.set(id, where);
  };
  for (const lesson of course.lessons) {
    for (const { name, cassette } of lesson.cases) {
      const at = (i: number) => `${lesson.id}/${name} call ${i + 1}`;
      // A threaded request is read as the conversation the API rebuilds for it.
      const threads = createThreadStore();
      const requests: Record<string, unknown>[] = [];
      for (const [i, call] of cassette.calls.entries()) {
        const { request: raw, response } = call;
        const expanded = threads.expand(raw);
        const request = expanded.ok ? expanded.request : raw;
        threads.record(raw, request, response);
        requests.push(request);
        const where = at(i);
        if (!MESSAGE_ID.test(response.id))
          problems.push(`${where}: id ${response.id} is not msg_01 + 22 letters and digits`);
        once(response.id, where);
        for (const block of response.content) {
          if (block.type !== 'tool_use') continue;
          if (!TOOL_USE_ID.test(block.id))
            problems.push(`${where}: id ${block.id} is not toolu_01 + 22 letters and digits`);
          once(block.id, where);
        }
        if (response.model !== request.model) {
          problems.push(
            `${where}: the reply is from ${response.model}, the request asks ${String(request.model)}`,
          );
        }
        const { input_tokens: input, output_tokens: output } = response.usage;
        const maxTokens = Number(request.max_tokens);
        if (output > maxTokens)
          problems.push(`${where}: output_tokens ${output} is over max_tokens ${maxTokens}`);
        if (response.stop_reason === 'max_tokens' && output !== maxTokens) {
          problems.push(
            `${where}: a reply cut off at max_tokens ${maxTokens} wrote ${output} tokens`,
          );
        }
        problems.push(...stopProblems(where, request, response));
        // The call this one goes on from: the last of its own conversation (an agent's
        // subagents each start their own), unless a compaction rewrote the conversation.
        let j = i - 1;
        while (j >= 0 && !continues(requests[j]!, request)) j--;
        const before = j >= 0 ? cassette.calls[j] : undefined;
        if (before) {
          // The whole input: with caching, input_tokens is only what follows the last mark.
          const whole = wholeInput(response.usage);
          const was = wholeInput(before.response.usage);
          const count = (n: unknown) => (Array.isArray(n) ? n.length : 0);
          const more = count(request.messages) > count(requests[j]!.messages);
          if (whole < was || (more && whole === was)) {
            const label = whole === input ? 'input_tokens' : 'the whole input';
            problems.push(
              `${where}: ${label} ${whole} does not grow with the conversation (was ${was})`,
            );
          }
        }
        for (const [n, attempt] of (call.interrupted ?? []).entries()) {
          attemptProblems(`${where} attempt ${n + 1}`, attempt, input);
        }
      }
      const last = cassette.calls.at(-1)?.response.usage;
      for (const [n, attempt] of (cassette.failed?.interrupted ?? []).entries()) {
        const where = `${lesson.id}/${name} failed request, attempt ${n + 1}`;
        const first = cassette.failed?.interrupted[0]?.[0]?.event;
        const input = first?.type === 'message_start' ? first.message.usage.input_tokens : 0;
        attemptProblems(where, attempt, input);
        if (last && input <= last.input_tokens) {
          problems.push(
            `${where}: input_tokens ${input} does not grow with the conversation (was ${last.input_tokens})`,
          );
        }
      }
      problems.push(...cacheProblems(cassette.calls, at));
    }
  }
  return problems;

  /**
   * An attempt an error event cut off is a message of its own, with ids used once, answering
   * the same request as its call: the same input tokens.
   */
  function attemptProblems(where: string, attempt: readonly TimedEvent[], input: number) {
    for (const { event } of attempt) {
      if (event.type === 'message_start') {
        const { id, usage } = event.message;
        if (!MESSAGE_ID.test(id))
          problems.push(`${where}: id ${id} is not msg_01 + 22 letters and digits`);
        once(id, where);
        if (usage.input_tokens !== input) {
          problems.push(
            `${where}: input_tokens ${usage.input_tokens}, where the same request takes ${input}`,
          );
        }
      }
      if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
        const { id } = event.content_block;
        if (!TOOL_USE_ID.test(id))
          problems.push(`${where}: id ${id} is not toolu_01 + 22 letters and digits`);
        once(id, where);
      }
    }
  }
}

/**
 * What the API sends with a stop: the stop sequence it met (one the request asked for, and
 * only then), and the refusal's details (only for a refusal).
 */
function stopProblems(
  where: string,
  request: Record<string, unknown>,
  response: ApiResponse,
): string[] {
  const problems: string[] = [];
  const asked = Array.isArray(request.stop_sequences) ? request.stop_sequences : [];
  const met = response.stop_sequence ?? null;
  if (response.stop_reason === 'stop_sequence') {
    if (met === null || !asked.includes(met)) {
      problems.push(
        `${where}: stopped at ${JSON.stringify(met)}, which the request's stop_sequences do not hold`,
      );
    }
  } else if (met !== null) {
    problems.push(
      `${where}: stop_sequence is ${JSON.stringify(met)} on a reply that stopped with ${response.stop_reason}`,
    );
  }
  const refused = response.stop_details?.type === 'refusal';
  if ((response.stop_reason === 'refusal') !== refused) {
    problems.push(`${where}: stop_details must say refusal exactly when stop_reason does`);
  }
  return problems;
}
