import type Anthropic from '@anthropic-ai/sdk';
import { APIError } from '@anthropic-ai/sdk';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Cassette } from '../../core/lesson/schema.ts';
import { startApiStandIn, STAND_IN_KEY, type ApiStandIn } from './start-api-stand-in.ts';

/**
 * Errors mid-stream through the real SDK: the stand-in plays each case's recording as
 * server-sent events (the attempts an error event cut off, then the whole stream; or only the
 * cut-off attempts of a request the recording ends on), and the references of stream-errors
 * (create + its own reader) and streaming-agent (the SDK's MessageStream) run unchanged
 * against it, printing what their harness prints.
 */
const LESSONS = ['stream-errors', 'streaming-agent'] as const;

interface Reference {
  agent(
    prompt: string,
    onText: (t: string) => void,
    onRetry: (e: APIError) => void,
  ): Promise<string>;
  streamReply(
    params: Anthropic.MessageCreateParamsStreaming,
    onText: (t: string) => void,
    onRetry: (e: APIError) => void,
  ): Promise<Anthropic.Message>;
  TOOLS: Anthropic.Tool[];
}

let standIn: ApiStandIn;
// At once: the gaps are the transcript's business, not this proof's.
beforeAll(async () => (standIn = await startApiStandIn({ streamPace: 0 })));
afterAll(() => standIn.close());
afterEach(() => {
  vi.unstubAllEnvs();
  standIn.reset();
});

const fixture = (lesson: string, path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/${lesson}/${path}`, import.meta.url), 'utf8'));

/** The lesson's reference, its client (`new Anthropic()`, at import) pointed at the stand-in. */
async function reference(lesson: string): Promise<Reference> {
  vi.stubEnv('ANTHROPIC_API_KEY', STAND_IN_KEY);
  vi.stubEnv('ANTHROPIC_BASE_URL', standIn.url);
  vi.resetModules();
  const path = `../../fixtures/${lesson}/reference/src/agent.ts`;
  return (await import(/* @vite-ignore */ path)) as Reference;
}

/** What the lessons' harness (program.ts) prints, with the real SDK's error classes. */
async function run(ref: Reference, input: { prompt: string; oneReply?: boolean }) {
  const shown: string[] = [];
  const onText = (text: string) => void shown.push(`text ${JSON.stringify(text)}`);
  const onRetry = (error: APIError) => void shown.push(`retry after APIError ${error.type}`);
  const thrown = (error: unknown) => {
    if (!(error instanceof APIError)) throw error;
    // Mid-stream, the SDK's error has no HTTP status: the stream had begun with a 200.
    expect(error.status).toBeUndefined();
    return `APIError ${error.type}`;
  };
  if (input.oneReply) {
    const params: Anthropic.MessageCreateParamsStreaming = {
      model: 'claude-sonnet-5-5',
      max_tokens: 1024,
      tools: ref.TOOLS,
      messages: [{ role: 'user', content: input.prompt }],
      stream: true,
    };
    try {
      const { content, stop_reason } = await ref.streamReply(params, onText, onRetry);
      return { message: { content, stop_reason }, shown };
    } catch (error) {
      return { thrown: thrown(error), shown };
    }
  }
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const lines = () => log.mock.calls.map((args) => args.join(' '));
  try {
    const answer = await ref.agent(input.prompt, onText, onRetry);
    return { answer, shown, log: lines() };
  } catch (error) {
    return { thrown: thrown(error), shown, log: lines() };
  } finally {
    log.mockRestore();
  }
}

/** Every request the recording answers: each call's cut-off attempts and its whole stream, then the failed request's attempts. */
function attempts(cassette: Cassette): number {
  const retried = cassette.calls.reduce((n, call) => n + 1 + (call.interrupted?.length ?? 0), 0);
  return retried + (cassette.failed?.interrupted.length ?? 0);
}

describe.each(LESSONS)("%s's reference with the real SDK", (lesson) => {
  const cases = readdirSync(new URL(`../../fixtures/${lesson}/cases/`, import.meta.url));

  it.each(cases)(
    'prints what %s expects, each attempt a streamed request of its own',
    async (name) => {
      const cassette = fixture(lesson, `cases/${name}/cassette.json`) as Cassette;
      const { input } = fixture(lesson, `cases/${name}/case.json`) as {
        input: { prompt: string; oneReply?: boolean };
      };
      standIn.script([{ cassette, strict: true }]);
      const printed = await run(await reference(lesson), input);
      expect(printed).toEqual(fixture(lesson, `cases/${name}/expected.json`));
      const sent = standIn
        .requests()
        .map((r) => [r.status, (r.body as { stream?: unknown }).stream]);
      expect(sent).toEqual(Array.from({ length: attempts(cassette) }, () => [200, true]));
      expect(standIn.pending()).toBe(0);
    },
  );
});
