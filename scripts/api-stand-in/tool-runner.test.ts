import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../core/api/messages.ts';
import type { Cassette } from '../../core/lesson/schema.ts';
import { BetaToolRunner } from '../../core/sandbox/sdk/tool-runner.ts';
import type { ScriptedReply } from './script-steps.ts';
import { STAND_IN_KEY } from './start-api-stand-in.ts';
import { model, sdk, useStandIn } from './test-support.ts';

/**
 * The SDK stand-in's `client.beta.messages.toolRunner` (core/sandbox/sdk/tool-runner.ts, a port)
 * against the real one (`@anthropic-ai/sdk` 1.14): the same replies, the same code driving
 * each, and the same requests, yields and final state, message thread and all. The real one
 * runs against the API stand-in, which keeps threads as the API does.
 */
const held = useStandIn();

type Reply = ScriptedReply & { id: string; stop_reason: string };
type Driver = (runner: RunnerLike) => Promise<void>;

/** What both runners offer the code that drives them. */
interface RunnerLike extends AsyncIterable<ApiResponse> {
  params: { messages: unknown[]; max_tokens: number } & Record<string, unknown>;
  setMessagesParams(mutator: (params: never) => unknown): void;
  pushMessages(...messages: unknown[]): void;
  done(): Promise<ApiResponse>;
  runUntilDone(): Promise<ApiResponse>;
}

const WEATHER: Record<string, string> = { Chicago: '4°C, windy with light rain' };

function tools(ran: string[]) {
  return [
    {
      name: 'get_weather',
      description: 'Returns the current weather in a city.',
      input_schema: {
        type: 'object' as const,
        properties: { city: { type: 'string' } },
        required: ['city'],
      },
      parse: (input: unknown) => input as { city: string },
      run: ({ city }: { city: string }) => {
        ran.push(city);
        const weather = WEATHER[city];
        if (!weather) throw new Error(`no weather data for "${city}"`);
        return weather;
      },
    },
  ];
}

const text = (value: string) => ({ type: 'text' as const, text: value });
const use = (id: string, city: string) => ({
  type: 'tool_use' as const,
  id,
  name: 'get_weather',
  input: { city },
});
const usage = { input_tokens: 420, output_tokens: 40 };
const reply = (id: string, stop_reason: string, content: ScriptedReply['content']): Reply => ({
  id,
  stop_reason,
  content,
  usage,
});

/** One run of a scenario: the bodies sent, the stop reasons yielded, and how it ended. */
interface Observed {
  sent: ApiRequest[];
  yielded: string[];
  ran: string[];
  final: string;
  messages: unknown;
}

async function withRealSdk(
  replies: Reply[],
  params: Record<string, unknown>,
  drive: Driver,
): Promise<Observed> {
  held.standIn.script(replies.map((r) => ({ reply: r })));
  const ran: string[] = [];
  const client = sdk(held.standIn);
  const runnerParams = { ...params, tools: tools(ran) } as unknown as Parameters<
    typeof client.beta.messages.toolRunner
  >[0];
  const runner = client.beta.messages.toolRunner(runnerParams) as unknown as RunnerLike;
  return observe(runner, drive, ran, () =>
    held.standIn.requests().map((r) => r.body as ApiRequest),
  );
}

async function withStandIn(
  replies: Reply[],
  params: Record<string, unknown>,
  drive: Driver,
): Promise<Observed> {
  const sent: ApiRequest[] = [];
  const queue = [...replies];
  const create = async (request: ApiRequest): Promise<ApiResponse> => {
    // As beta.ts: `betas` travel as a header.
    const { betas: _betas, ...body } = request;
    sent.push(JSON.parse(JSON.stringify(body)) as ApiRequest);
    const next = queue.shift();
    if (!next) throw new Error('no reply left');
    return {
      type: 'message',
      role: 'assistant',
      model,
      stop_sequence: null,
      ...next,
    } as unknown as ApiResponse;
  };
  const ran: string[] = [];
  const runner = new BetaToolRunner(create, { ...params, tools: tools(ran) }, true);
  return observe(runner as unknown as RunnerLike, drive, ran, () => sent);
}

async function observe(
  runner: RunnerLike,
  drive: Driver,
  ran: string[],
  sent: () => ApiRequest[],
): Promise<Observed> {
  const yielded: string[] = [];
  const watched: RunnerLike = {
    get params() {
      return runner.params;
    },
    setMessagesParams: (mutator) => runner.setMessagesParams(mutator),
    pushMessages: (...messages) => runner.pushMessages(...messages),
    done: () => runner.done(),
    // The runner's own: what it yields is not seen here.
    runUntilDone: () => runner.runUntilDone(),
    async *[Symbol.asyncIterator]() {
      for await (const message of runner) {
        yielded.push(message.stop_reason);
        yield message;
      }
    },
  };
  await drive(watched);
  const final = (await runner.done()).id;
  return { sent: sent().map(courseFields), yielded, ran, final, messages: runner.params.messages };
}

/** The fields a course cassette records (the stand-in's replies carry more). */
function courseFields(body: ApiRequest): ApiRequest {
  return JSON.parse(JSON.stringify(body)) as ApiRequest;
}

const start = {
  model,
  max_tokens: 1024,
  messages: [{ role: 'user', content: 'Weather in Chicago?' }],
};

const toTheEnd: Driver = async (runner) => {
  for await (const _ of runner) {
    // each reply
  }
};

/** Asks again with twice the room when a reply is cut off inside a tool call. */
const retryCutToolCalls: Driver = async (runner) => {
  for await (const message of runner) {
    const last = message.content.at(-1);
    if (message.stop_reason === 'max_tokens' && last?.type === 'tool_use') {
      runner.setMessagesParams(((params: RunnerLike['params']) => ({
        ...params,
        max_tokens: params.max_tokens * 2,
      })) as never);
    }
  }
};

const scenarios: {
  name: string;
  replies: Reply[];
  params?: Record<string, unknown>;
  drive?: Driver;
}[] = [
  {
    name: 'a tool call, then an answer',
    replies: [
      reply('msg_01Aaaaaaaaaaaaaaaaaaaaaa', 'tool_use', [
        text('Checking.'),
        use('toolu_01A', 'Chicago'),
      ]),
      reply('msg_01Bbbbbbbbbbbbbbbbbbbbbb', 'end_turn', [text('It is 4°C in Chicago.')]),
    ],
  },
  {
    name: 'a tool that throws and an unknown tool, in one reply',
    replies: [
      reply('msg_01Cccccccccccccccccccccc', 'tool_use', [
        use('toolu_01B', 'Springfield'),
        { type: 'tool_use', id: 'toolu_01C', name: 'get_time', input: {} },
      ]),
      reply('msg_01Dddddddddddddddddddddd', 'end_turn', [text('No data for Springfield.')]),
    ],
  },
  {
    name: 'max_iterations with the model still asking for tools',
    params: { max_iterations: 2 },
    replies: [
      reply('msg_01Eeeeeeeeeeeeeeeeeeeeee', 'tool_use', [use('toolu_01D', 'Chicago')]),
      reply('msg_01Ffffffffffffffffffffff', 'tool_use', [use('toolu_01E', 'Chicago')]),
    ],
  },
  {
    name: 'a paused turn, resumed',
    replies: [
      reply('msg_01Gggggggggggggggggggggg', 'pause_turn', [text('Let me think.')]),
      reply('msg_01Hhhhhhhhhhhhhhhhhhhhhh', 'end_turn', [text('Chicago is cold.')]),
    ],
  },
  {
    name: 'a refusal',
    replies: [reply('msg_01Iiiiiiiiiiiiiiiiiiiiii', 'refusal', [])],
  },
  {
    name: 'max_tokens inside a tool call, stopped',
    replies: [reply('msg_01Jjjjjjjjjjjjjjjjjjjjjj', 'max_tokens', [use('toolu_01F', 'Chi')])],
  },
  {
    name: 'max_tokens inside a tool call, asked again with setMessagesParams',
    drive: retryCutToolCalls,
    replies: [
      reply('msg_01Kkkkkkkkkkkkkkkkkkkkkk', 'tool_use', [use('toolu_01G', 'Chicago')]),
      reply('msg_01Llllllllllllllllllllll', 'max_tokens', [text('Now '), use('toolu_01H', 'Chi')]),
      reply('msg_01Mmmmmmmmmmmmmmmmmmmmmm', 'tool_use', [
        text('Now '),
        use('toolu_01I', 'Chicago'),
      ]),
      reply('msg_01Nnnnnnnnnnnnnnnnnnnnnn', 'end_turn', [text('Still 4°C.')]),
    ],
  },
  {
    name: 'without a thread',
    params: { thread: false },
    replies: [
      reply('msg_01Oooooooooooooooooooooo', 'tool_use', [use('toolu_01J', 'Chicago')]),
      reply('msg_01Pppppppppppppppppppppp', 'end_turn', [text('4°C.')]),
    ],
  },
  {
    name: 'runUntilDone',
    drive: async (runner) => void (await runner.runUntilDone()),
    replies: [
      reply('msg_01Qqqqqqqqqqqqqqqqqqqqqq', 'tool_use', [use('toolu_01K', 'Chicago')]),
      reply('msg_01Rrrrrrrrrrrrrrrrrrrrrr', 'end_turn', [text('4°C.')]),
    ],
  },
  {
    name: 'a message pushed while a reply is handled',
    drive: async (runner) => {
      let pushed = false;
      for await (const message of runner) {
        if (message.stop_reason === 'end_turn' && !pushed) {
          pushed = true;
          runner.pushMessages({ role: 'user', content: 'And tomorrow?' });
        }
      }
    },
    replies: [
      reply('msg_01Ssssssssssssssssssssss', 'end_turn', [text('4°C today.')]),
      reply('msg_01Tttttttttttttttttttttt', 'end_turn', [text('No forecast, sorry.')]),
    ],
  },
];

describe('the tool runner in a run sends what the real SDK sends', () => {
  for (const { name, replies, params = {}, drive = toTheEnd } of scenarios) {
    it(name, async () => {
      const real = await withRealSdk(replies, { ...start, ...params }, drive);
      const ours = await withStandIn(replies, { ...start, ...params }, drive);
      expect(ours).toEqual(real);
      expect(real.sent.length).toBeGreaterThan(0);
    });
  }
});

/**
 * The lesson's reference (fixtures/tool-runner), the file a learner ends with, runs unchanged
 * on the real SDK against each of its cases, strict: every request it sends is the recorded
 * one, and it prints what the case expects.
 */
describe("tool-runner's reference with the real SDK", () => {
  const lesson = new URL('../../fixtures/tool-runner/', import.meta.url);
  const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, lesson), 'utf8'));
  const cases = readdirSync(new URL('cases/', lesson));

  afterEach(() => vi.unstubAllEnvs());

  for (const name of cases) {
    it(name, async () => {
      const cassette = read(`cases/${name}/cassette.json`) as Cassette;
      const { input } = read(`cases/${name}/case.json`) as {
        input: { prompt: string; maxIterations: number };
      };
      held.standIn.script([{ cassette, strict: true }]);
      vi.stubEnv('ANTHROPIC_API_KEY', STAND_IN_KEY);
      vi.stubEnv('ANTHROPIC_BASE_URL', held.standIn.url);
      vi.resetModules();
      const { agent } =
        (await import('../../fixtures/tool-runner/reference/src/tool-runner.ts')) as {
          agent(prompt: string, maxIterations: number): Promise<unknown>;
        };
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      try {
        const outcome = await agent(input.prompt, input.maxIterations);
        const printed = { outcome, log: log.mock.calls.map((args) => args.join(' ')) };
        expect(printed).toEqual(read(`cases/${name}/expected.json`));
      } finally {
        log.mockRestore();
      }
      expect(held.standIn.requests().map((r) => r.status)).toEqual(cassette.calls.map(() => 200));
      expect(held.standIn.pending()).toBe(0);
    });
  }
});
