/**
 * Adds an attempt cut off by a mid-stream `error` event to a case's cassette, for an author to
 * record a retry (fixtures/README.md, "Streamed calls").
 *
 *   npx tsx scripts/interrupt-call.ts <lesson> <case> <call> <error_type> [--after N] [--text "..."]
 *
 * `<call>` is a recorded call's number (1-based): the attempt goes under its `interrupted`,
 * before its whole stream, and is made from its reply (with `--text` as its first text block's
 * text: a retry is sampled anew, so what the cut attempt showed need not be what the retry
 * says). Or `failed`: the request the recording ends on, whose attempts are all cut off (made
 * from `--text`; the request is `{ "stream": true }` until `scripts/record-case.ts` writes it).
 * The attempt is the reply's first `--after` events (5 when absent: the message, its first
 * block, a ping and two pieces of text), then the error with the API's words for its type.
 * Then run `npx tsx scripts/record-case.ts <lesson> <case>`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiResponse } from '../core/api/messages.ts';
import { FIXTURES_DIR } from '../cli/node-host.ts';
import { interruptedOf } from './stream-of.ts';

const [lessonId, caseName, callArg, errorType, ...rest] = process.argv.slice(2);
if (!lessonId || !caseName || !callArg || !errorType) {
  console.error(
    'usage: npx tsx scripts/interrupt-call.ts <lesson> <case> <call|failed> <error_type> [--after N] [--text "..."]',
  );
  process.exit(2);
}
const option = (name: string) => {
  const at = rest.indexOf(name);
  return at < 0 ? undefined : rest[at + 1];
};
const after = Number(option('--after') ?? 5);
const text = option('--text');

const path = join(FIXTURES_DIR, lessonId, 'cases', caseName, 'cassette.json');
interface Call {
  request: Record<string, unknown>;
  response: ApiResponse;
  interrupted?: unknown[][];
}
const cassette = JSON.parse(readFileSync(path, 'utf8')) as {
  calls: Call[];
  failed?: { request: Record<string, unknown>; interrupted: unknown[][] };
};

/** Fresh ids for the attempt: `msg_new` and `toolu_new` get theirs when the case is recorded. */
const attemptOf = (reply: ApiResponse) => {
  const content = reply.content.map((block, i) => {
    // A retry is sampled anew: its tool calls get ids of their own.
    if (block.type === 'tool_use') return { ...block, id: 'toolu_new' };
    return i === 0 && block.type === 'text' && text !== undefined ? { ...block, text } : block;
  });
  return interruptedOf({ ...reply, id: 'msg_new', content }, after, errorType);
};

if (callArg === 'failed') {
  if (text === undefined) {
    console.error('a failed request has no reply to cut: give the attempt its --text');
    process.exit(2);
  }
  // The model of the conversation so far, or the course's.
  const model = cassette.calls.at(-1)?.response.model ?? 'claude-sonnet-5-5';
  const reply: ApiResponse = {
    id: 'msg_new',
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    stop_details: null,
    usage: { input_tokens: 0, output_tokens: 1 },
  };
  cassette.failed ??= { request: { stream: true }, interrupted: [] };
  cassette.failed.interrupted.push(attemptOf(reply));
} else {
  const call = cassette.calls[Number(callArg) - 1];
  if (!call) {
    console.error(`${caseName} has no call ${callArg}`);
    process.exit(1);
  }
  (call.interrupted ??= []).push(attemptOf(call.response));
}
writeFileSync(path, `${JSON.stringify(cassette, null, 2)}\n`);
console.log(`${lessonId}/${caseName}: an attempt cut off by ${errorType} added to ${callArg}`);
