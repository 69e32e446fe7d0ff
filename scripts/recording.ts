import { randomBytes, randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  startGrading,
  type Cassette,
  type GradingHost,
  type Lesson,
  type LessonCase,
} from '../core/index.ts';
import { FIXTURES_DIR } from '../cli/node-host.ts';
import type { TimedEvent } from '../core/api/stream-events.ts';
import { streamFor } from './stream-of.ts';
import { estimateCachedInput } from './cache-usage.ts';
import { estimateInputTokens, estimateOutputTokens } from './token-estimate.ts';

/**
 * Writes a case's requests and expected output as the lesson's reference makes them, so that
 * an author writes only the model's side of a cassette (scripts/record-case.ts; the member
 * cases scripts/domain-cases.ts makes). Each `request` may be `{}` or out of date, and an id
 * not yet shaped as the API's (`msg_new`, `toolu_new`) gets a fresh one (from `ids`, when
 * given), as does a thinking block's `signature` and a redacted block's `data` left as `new`. A count left at 0 in a response's `usage` gets an estimate in line with the course's
 * recordings.
 */
export async function recordCase(
  host: GradingHost,
  lesson: Lesson,
  testCase: LessonCase,
  ids: (prefix: string) => string = randomId,
): Promise<{ ok: true; calls: number } | { ok: false; error: string }> {
  const dir = join(FIXTURES_DIR, lesson.id, 'cases', testCase.name);
  const calls: Cassette['calls'] = JSON.parse(JSON.stringify(testCase.cassette.calls));
  // The request the recording ends on, when the API cut off every attempt at it: its attempts
  // are the author's (scripts/interrupt-call.ts), its request the reference's.
  const failed: Cassette['failed'] = testCase.cassette.failed && {
    ...testCase.cassette.failed,
    request: { ...testCase.cassette.failed.request },
  };
  const cassette = (): Cassette => ({ calls, ...(failed ? { failed } : {}) });
  /** Which counts the author left at 0, for an estimate. */
  const estimate = calls.map(({ response: { usage } }) => ({
    input: usage.input_tokens === 0,
    output: usage.output_tokens === 0,
  }));
  for (const { response } of calls) {
    if (!/^msg_01[A-Za-z0-9]{22}$/.test(response.id)) response.id = ids('msg');
    for (const block of response.content) {
      if (block.type === 'tool_use' && !/^toolu_01[A-Za-z0-9]{22}$/.test(block.id)) {
        block.id = ids('toolu');
      }
      if (block.type === 'thinking' && block.signature === 'new') block.signature = opaque(240);
      if (block.type === 'redacted_thinking' && block.data === 'new') block.data = opaque(420);
    }
  }

  /** A streaming request's reply is recorded as its events too (scripts/stream-of.ts). */
  const streamed = () => {
    for (const call of calls) {
      if (call.request.stream === true) call.stream = streamFor(call.response, call.stream);
      else delete call.stream;
      for (const attempt of call.interrupted ?? []) {
        shapeAttempt(attempt, call.response.usage.input_tokens, ids);
      }
    }
    // The attempts of the same request cost the same input: an estimate, once it is recorded.
    const input = failed?.request.messages ? estimateInputTokens(failed.request) : 0;
    for (const attempt of failed?.interrupted ?? []) shapeAttempt(attempt, input, ids);
  };
  /** Grades the reference against the cassette as recorded so far, the case made visible. */
  const gradeReference = async () => {
    streamed();
    const visible: LessonCase = {
      ...testCase,
      visible: true,
      expected: null,
      cassette: cassette(),
    };
    const only: Lesson = { ...lesson, cases: [visible] };
    const report = await startGrading(host, only, lesson.reference).result;
    return report.cases[0]!;
  };

  // A request fixed per round (the failed request's too), and the estimates settled once or
  // twice as the requests change.
  for (let round = 0; round <= 2 * (calls.length + 2); round++) {
    const report = await gradeReference();
    const refused = report.turns.find((turn) => turn.rejection);
    if (!refused) {
      if (report.kind !== 'diff' && report.kind !== 'pass') {
        return {
          ok: false,
          error: `The reference does not finish against these responses: ${report.message}`,
        };
      }
      // Estimated counts change what a harness that prints usage prints, and what a loop that
      // counts tokens does next (its budget, when it compacts): grade again until they settle.
      if (estimateUsage(calls, estimate)) continue;
      streamed();
      writeFileSync(join(dir, 'cassette.json'), `${JSON.stringify(cassette(), null, 2)}\n`);
      writeFileSync(join(dir, 'expected.json'), `${JSON.stringify(report.actual, null, 2)}\n`);
      return { ok: true, calls: calls.length };
    }
    const rejection = refused.rejection!;
    // The call it stands for (the turn's index counts retried attempts too).
    const at = rejection.requestNumber - 1;
    if (rejection.kind === 'divergence' && at === calls.length && failed) {
      failed.request = refused.request.raw as Record<string, unknown>;
      continue;
    }
    if (rejection.kind !== 'divergence' || !calls[at]) {
      return {
        ok: false,
        error: `Request #${refused.index} was refused: ${rejection.body.error.message}`,
      };
    }
    calls[at].request = refused.request.raw as Record<string, unknown>;
  }
  return { ok: false, error: 'The requests did not settle: is the reference deterministic?' };
}

/**
 * Sets the counts the author left at 0 (`estimate`) from the requests as they stand: the input
 * with the cache's share of it when the request marks breakpoints (scripts/cache-usage.ts), the
 * output from the reply. True when a count changed.
 */
function estimateUsage(
  calls: Cassette['calls'],
  estimate: readonly { input: boolean; output: boolean }[],
): boolean {
  const inputs = estimateCachedInput(calls.map((call) => call.request));
  let changed = false;
  for (const [i, { response }] of calls.entries()) {
    const before = JSON.stringify(response.usage);
    if (estimate[i]?.input) {
      const { output_tokens: output } = response.usage;
      response.usage = { ...inputs[i]!, output_tokens: output };
    }
    if (estimate[i]?.output) response.usage.output_tokens = estimateOutputTokens(response.content);
    changed ||= JSON.stringify(response.usage) !== before;
  }
  return changed;
}

/**
 * An attempt cut off mid-stream, as the API would have started it: ids of its own (a retry is
 * a new message, its tool calls new calls), and the input tokens of the request it answers (the same on every
 * attempt), where the author left them at 0.
 */
function shapeAttempt(attempt: TimedEvent[], inputTokens: number, ids: (prefix: string) => string) {
  for (const { event } of attempt) {
    if (event.type === 'message_start') {
      if (!/^msg_01[A-Za-z0-9]{22}$/.test(event.message.id)) event.message.id = ids('msg');
      if (event.message.usage.input_tokens === 0) event.message.usage.input_tokens = inputTokens;
    }
    const block = event.type === 'content_block_start' ? event.content_block : undefined;
    if (block?.type === 'tool_use' && !/^toolu_01[A-Za-z0-9]{22}$/.test(block.id)) {
      block.id = ids('toolu');
    }
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * An opaque value shaped as the API's signatures and redacted data are: base64 of `bytes`
 * bytes, the first a protobuf field tag (0x12), so it starts `E` as the real ones do.
 */
function opaque(bytes: number): string {
  return Buffer.from([0x12, ...randomBytes(bytes - 1)]).toString('base64');
}

/** A fresh id as the API shapes them: the prefix, `01`, then 22 letters and digits. */
function randomId(prefix: string): string {
  return `${prefix}_01${Array.from({ length: 22 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;
}
