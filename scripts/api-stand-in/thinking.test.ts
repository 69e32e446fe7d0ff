import type Anthropic from '@anthropic-ai/sdk';
import { BadRequestError } from '@anthropic-ai/sdk';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cassette } from '../../core/lesson/schema.ts';
import { startApiStandIn, STAND_IN_KEY, type ApiStandIn } from './start-api-stand-in.ts';
import { sdk } from './test-support.ts';

/**
 * Thinking through the real SDK: the stand-in streams the thinking lesson's recordings
 * (thinking_delta, signature_delta, redacted_thinking whole), the SDK's own `MessageStream`
 * assembles them, the lesson's reference runs unchanged against it, and a loop that drops the
 * thinking is refused with the API's 400, because the stand-in knows the blocks it sent.
 */
const LESSON = new URL('../../fixtures/thinking/', import.meta.url);
const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, LESSON), 'utf8'));
const cassette = (name: string) => read(`cases/${name}/cassette.json`) as Cassette;
const THINKING = { type: 'adaptive', display: 'summarized' } as const;

let standIn: ApiStandIn | undefined;
/** A stand-in that streams at once: the pace is not what these tests are about. */
async function quickStandIn(): Promise<ApiStandIn> {
  standIn = await startApiStandIn({ streamPace: 0 });
  return standIn;
}
afterEach(async () => {
  vi.unstubAllEnvs();
  await standIn?.close();
  standIn = undefined;
});

interface Reference {
  agent(
    prompt: string,
    onText: (text: string) => void,
    options?: { thinking?: unknown; onThinking?: (thinking: string) => void },
  ): Promise<string>;
  readReply(
    events: AsyncIterable<unknown>,
    onText: (text: string) => void,
    onThinking?: (thinking: string) => void,
  ): Promise<Anthropic.Message>;
}

/** The reference's module, its client (`new Anthropic()`, at import) pointed at `url`. */
async function reference(url: string): Promise<Reference> {
  vi.stubEnv('ANTHROPIC_API_KEY', STAND_IN_KEY);
  vi.stubEnv('ANTHROPIC_BASE_URL', url);
  vi.resetModules();
  return (await import('../../fixtures/thinking/reference/src/agent.ts')) as Reference;
}

/** Runs the reference's agent on a case, as the harness does; returns what it prints. */
async function runAgent(name: string, withThinking = true) {
  const server = await quickStandIn();
  server.script([{ cassette: cassette(name), strict: true }]);
  const { agent } = await reference(server.url);
  const input = read(`cases/${name}/case.json`) as { input: { prompt: string } };
  const texts: string[] = [];
  const thinking: string[] = [];
  const onThinking = (piece: string) => void thinking.push(piece);
  const options = withThinking ? { thinking: THINKING, onThinking } : { onThinking };
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    const answer = await agent(input.input.prompt, (t) => texts.push(t), options);
    const printed = { answer, texts, thinking, log: log.mock.calls.map((a) => a.join(' ')) };
    return { printed, server };
  } finally {
    log.mockRestore();
  }
}

describe('a streamed reply that thinks, through the real SDK', () => {
  it("assembles in the SDK's MessageStream to the recorded reply, thinking and signature included", async () => {
    const server = await quickStandIn();
    const recorded = cassette('hello-thinking');
    server.script([{ cassette: recorded, strict: true }]);
    const pieces: string[] = [];
    const stream = sdk(server).messages.stream(recorded.calls[0]!.request as never);
    stream.on('thinking', (delta) => pieces.push(delta));
    const message = await stream.finalMessage();
    const { content } = recorded.calls[0]!.response;
    expect(message.content).toEqual(content);
    expect(pieces.join('')).toBe((content[0] as { thinking: string }).thinking);
  });

  it("is read by the reference's readReply to the message the harness prints", async () => {
    const server = await quickStandIn();
    server.script([{ cassette: cassette('hello-thinking'), strict: true }]);
    const { readReply } = await reference(server.url);
    const request = cassette('hello-thinking').calls[0]!.request;
    const events = await sdk(server).messages.create(
      request as unknown as Anthropic.MessageCreateParamsStreaming,
    );
    const shown: string[] = [];
    const message = await readReply(
      events,
      (t) => shown.push(`text ${JSON.stringify(t)}`),
      (t) => shown.push(`thinking ${JSON.stringify(t)}`),
    );
    const expected = read('cases/hello-thinking/expected.json') as {
      message: { content: unknown };
      trace: string[];
    };
    expect(message.content).toEqual(expected.message.content);
    expect(shown).toEqual(expected.trace.filter((line) => / "/.test(line)));
  });
});

describe("the thinking lesson's reference with the real SDK", () => {
  it.each(['chicago', 'miami-then-seattle', 'redacted-denver'])(
    'runs %s as its case expects, every reply sent back with its thinking',
    async (name) => {
      const { printed, server } = await runAgent(name);
      expect(printed).toEqual(read(`cases/${name}/expected.json`));
      const bodies = server.requests().map((r) => r.body as Record<string, unknown>);
      expect(bodies).toEqual(cassette(name).calls.map((call) => call.request));
      expect(server.pending()).toBe(0);
    },
  );

  it('sends no thinking without the option, and the blocks of the default go back too', async () => {
    const { printed, server } = await runAgent('default-thinking', false);
    expect(printed).toEqual(read('cases/default-thinking/expected.json'));
    const bodies = server.requests().map((r) => r.body as Record<string, unknown>);
    expect(bodies.map((body) => 'thinking' in body)).toEqual([false, false]);
  });
});

describe('a loop that drops the thinking', () => {
  it("is refused by the stand-in with the API's 400, through the real SDK", async () => {
    const server = await quickStandIn();
    const recorded = cassette('chicago');
    server.script([{ cassette: recorded }]);
    const client = sdk(server);
    const first = recorded.calls[0]!;
    const reply = await client.messages
      .stream(first.request as unknown as Anthropic.MessageStreamParams)
      .finalMessage();
    const use = reply.content.find((b) => b.type === 'tool_use')!;
    const request = {
      ...(first.request as unknown as Anthropic.MessageCreateParamsNonStreaming),
      stream: false as const,
      messages: [
        { role: 'user' as const, content: 'Weather in Chicago?' },
        { role: 'assistant' as const, content: reply.content.filter((b) => b.type !== 'thinking') },
        {
          role: 'user' as const,
          content: [{ type: 'tool_result' as const, tool_use_id: use.id, content: '4°C' }],
        },
      ],
    };
    const refused = await client.messages.create(request).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).error).toMatchObject({
      error: {
        type: 'invalid_request_error',
        message: expect.stringMatching(
          /^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `text`\./,
        ),
      },
    });
  });
});
