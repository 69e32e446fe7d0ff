import type { Course } from '../core/index.ts';

/**
 * The recording conventions of fixtures/README.md that a schema cannot see: ids shaped as the
 * API's and used once across the course, each reply from the model asked, and `usage` that
 * behaves as real usage does. Returns one problem per line; none when the course keeps them.
 */

import type { ApiResponse } from '../core/index.ts';
import { createThreadStore } from '../core/cassette/message-thread.ts';

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
      // Usage grows within one conversation: an agent's subagents each start their own, and a
      // threaded request is read as the conversation the API rebuilds for it.
      const previousIn = new Map<string, { input: number; messages: number }>();
      const threads = createThreadStore();
      for (const [i, { request: raw, response }] of cassette.calls.entries()) {
        const expanded = threads.expand(raw);
        const request = expanded.ok ? expanded.request : raw;
        threads.record(raw, request, response);
        const conversation = JSON.stringify(
          Array.isArray(request.messages) ? request.messages[0] : undefined,
        );
        const previous = previousIn.get(conversation);
        const where = `${lesson.id}/${name} call ${i + 1}`;
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
        const messages = Array.isArray(request.messages) ? request.messages.length : 0;
        if (
          previous &&
          (input < previous.input || (messages > previous.messages && input === previous.input))
        ) {
          problems.push(
            `${where}: input_tokens ${input} does not grow with the conversation (was ${previous.input})`,
          );
        }
        previousIn.set(conversation, { input, messages });
      }
    }
  }
  return problems;
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
