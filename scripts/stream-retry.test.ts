import { describe, expect, it } from 'vitest';
import { startGrading, type Lesson, type LessonCase } from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost } from '../cli/node-host.ts';

/**
 * A stream cut off by an `error` event, through the whole run: the cassette replays the
 * interrupted attempt, the worker throws the event as the SDK's `APIError` from the learner's
 * `for await`, and a retry of the same request gets the whole stream.
 */
const loaded = loadPackagedCourse('streaming-replies', { sealed: false });
if ('error' in loaded) throw new Error(loaded.error);
const lesson = loaded.course.lessons[0] as Lesson;
const hello = lesson.cases.find((c) => c.name === 'hello')!;
const host = createNodeHost();
const OVERLOADED = { type: 'overloaded_error', message: 'Overloaded' };

/** `hello`, its one call first cut off after three events by `overloaded_error`. */
function interruptedHello(): LessonCase {
  const cassette = structuredClone(hello.cassette);
  const call = cassette.calls[0]!;
  const error = OVERLOADED;
  call.interrupted = [[...call.stream!.slice(0, 3), { ms: 5, event: { type: 'error', error } }]];
  return { ...hello, cassette };
}

/** A harness that reads `hello` as its own, retrying `retries` times on an APIError. */
const harness = (retries: number) => `
import { defineHarness } from '@theinference/harness';
import { APIError } from '@anthropic-ai/sdk';
import { readReply, TOOLS } from './src/agent';

export default defineHarness<{ prompt: string }>(async (h) => {
  const request = {
    model: 'claude-sonnet-5-5', max_tokens: 1024, tools: TOOLS, stream: true,
    messages: [{ role: 'user', content: h.input.prompt }],
  };
  const failed: string[] = [];
  for (let attempt = 0; ; attempt++) {
    try {
      const { content } = await readReply((await h.streamMessage(request)) as never, () => {});
      h.print({ content, failed });
      return;
    } catch (error) {
      if (!(error instanceof APIError) || attempt >= ${retries}) throw error;
      failed.push(String(error.type) + ': ' + error.message);
    }
  }
});
`;

async function grade(retries: number) {
  const only: Lesson = {
    ...lesson,
    // An id of its own: the host keeps a lesson's last bundle, and this harness differs.
    id: `${lesson.id}-retries-${retries}`,
    harness: harness(retries),
    cases: [{ ...interruptedHello(), expected: null }],
  };
  const report = await startGrading(host, only, lesson.reference).result;
  return report.cases[0]!;
}

describe('a stream cut off by an error event', () => {
  it('is answered whole on the retry, and the transcript shows the error on its own turn', async () => {
    const report = await grade(1);
    expect(report.actual).toEqual({
      content: (hello.expected as { message: { content: unknown } }).message.content,
      // The real SDK's wording: an error event's APIError has the event's body as its message.
      failed: [`overloaded_error: ${JSON.stringify({ type: 'error', error: OVERLOADED })}`],
    });
    expect(report.turns.map((t) => [t.error?.body.error.type, t.response?.stop_reason])).toEqual([
      ['overloaded_error', undefined],
      [undefined, 'end_turn'],
    ]);
  });

  it("fails a run that does not retry with the SDK's APIError, on the turn the error cut off", async () => {
    const report = await grade(0);
    expect([report.kind, report.message.split(' (at ')[0]]).toEqual([
      'runtime',
      `APIError: ${JSON.stringify({ type: 'error', error: OVERLOADED })}`,
    ]);
    expect(report.turns.map((t) => t.error?.status)).toEqual([200]);
  });
});
