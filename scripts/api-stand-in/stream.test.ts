import type Anthropic from '@anthropic-ai/sdk';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cassette } from '../../core/lesson/schema.ts';
import { startApiStandIn, STAND_IN_KEY } from './start-api-stand-in.ts';
import { ask, sdk, useStandIn } from './test-support.ts';

/**
 * Streaming through the real SDK: the stand-in serves a streamed request as server-sent events,
 * and streaming-replies' reference, the file a learner ends with, runs unchanged against it.
 */
const held = useStandIn();
const LESSON = new URL('../../fixtures/streaming-replies/', import.meta.url);
const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, LESSON), 'utf8'));
const cassette = (name: string) => read(`cases/${name}/cassette.json`) as Cassette;

afterEach(() => vi.unstubAllEnvs());

/** The reference's module, its client (`new Anthropic()`, at import) pointed at `url`. */
async function reference(url: string) {
  vi.stubEnv('ANTHROPIC_API_KEY', STAND_IN_KEY);
  vi.stubEnv('ANTHROPIC_BASE_URL', url);
  vi.resetModules();
  return (await import('../../fixtures/streaming-replies/reference/src/agent.ts')) as {
    agent(prompt: string, onText: (text: string) => void): Promise<string>;
    readReply(
      events: AsyncIterable<unknown>,
      onText: (text: string) => void,
    ): Promise<{ content: unknown; stop_reason: unknown; usage: { output_tokens: number } }>;
  };
}

describe('a streamed request', () => {
  it("is answered with a cassette's events, which the SDK's MessageStream assembles to the recorded reply", async () => {
    const recorded = cassette('checking-denver');
    held.standIn.script([{ cassette: recorded, strict: true }]);
    const texts: string[] = [];
    const stream = sdk(held.standIn).messages.stream(recorded.calls[0]!.request as never);
    stream.on('text', (delta) => texts.push(delta));
    const message = await stream.finalMessage();
    const { content, stop_reason, usage } = recorded.calls[0]!.response;
    expect([message.content, message.stop_reason, message.usage.output_tokens]).toEqual([
      content,
      stop_reason,
      usage.output_tokens,
    ]);
    expect(texts.join('')).toBe((content[0] as { text: string }).text);
    const logged = held.standIn.requests()[0];
    expect([logged?.status, logged?.aborted]).toEqual([200, false]);
  });

  it('makes the events of a scripted reply, and notes a stream the client aborted', async () => {
    const standIn = await startApiStandIn({ streamPace: 1 });
    try {
      standIn.script([
        { reply: { content: [{ type: 'text', text: 'one two three four five six seven' }] } },
      ]);
      const stream = await sdk(standIn).messages.create({ ...ask(), stream: true });
      const types: string[] = [];
      for await (const event of stream) {
        types.push(event.type);
        if (event.type === 'content_block_delta') break;
      }
      expect(types).toEqual(['message_start', 'content_block_start', 'content_block_delta']);
      await vi.waitFor(() => expect(standIn.requests()[0]?.aborted).toBe(true));
    } finally {
      await standIn.close();
    }
  });
});

describe("streaming-replies' reference with the real SDK", () => {
  it('reads a raw stream to the message the harness prints for hello', async () => {
    held.standIn.script([{ cassette: cassette('hello'), strict: true }]);
    const { readReply } = await reference(held.standIn.url);
    const request = cassette('hello').calls[0]!.request;
    const streaming = request as unknown as Anthropic.MessageCreateParamsStreaming;
    const events = await sdk(held.standIn).messages.create(streaming);
    const texts: string[] = [];
    const { content, stop_reason, usage } = await readReply(events, (t) => texts.push(t));
    const expected = read('cases/hello/expected.json') as {
      message: { content: unknown; stop_reason: unknown; usage: unknown };
      trace: string[];
    };
    expect({ content, stop_reason, usage: pick(usage) }).toEqual(expected.message);
    const shown = expected.trace.filter((line) => line.startsWith('text '));
    expect(texts.map((t) => `text ${JSON.stringify(t)}`)).toEqual(shown);
  });

  it('runs the agent over streamed replies, as the chicago case expects', async () => {
    held.standIn.script([{ cassette: cassette('chicago'), strict: true }]);
    const { agent } = await reference(held.standIn.url);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const texts: string[] = [];
    try {
      const answer = await agent('Weather in Chicago?', (t) => texts.push(t));
      expect({ answer, texts, log: log.mock.calls.map((args) => args.join(' ')) }).toEqual(
        read('cases/chicago/expected.json'),
      );
    } finally {
      log.mockRestore();
    }
    expect(
      held.standIn.requests().map((r) => [r.status, (r.body as { stream?: unknown }).stream]),
    ).toEqual([
      [200, true],
      [200, true],
    ]);
    expect(held.standIn.pending()).toBe(0);
  });
});

/** The counts a course cassette records (the SDK's usage has more). */
function pick(usage: { output_tokens: number; input_tokens?: number }) {
  return { input_tokens: usage.input_tokens, output_tokens: usage.output_tokens };
}
