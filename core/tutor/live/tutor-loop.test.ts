import { describe, expect, it } from 'vitest';
import Anthropic from '@anthropic-ai/sdk';
import type { ApiErrorBody, ApiRequest, ApiResponse } from '../../api/messages.ts';
import { inputTokensAtMost } from '../../live/call-budget.ts';
import type { LessonReport } from '../../grade/report.ts';
import type { Lesson } from '../../lesson/types.ts';
import type { CassetteRejection } from '../../cassette/rejections.ts';
import type { ModelAnswer } from '../../run/model-source.ts';
import type { ChatMessage, TutorReply } from '../conversation.ts';
import type { RunOutcome, TutorActions, TutorContext } from '../responder.ts';
import { STAND_IN_KEY } from '../../../scripts/api-stand-in/start-api-stand-in.ts';
import { useStandIn } from '../../../scripts/api-stand-in/test-support.ts';
import { spellOut } from '../../lesson/quoted-text.ts';
import { createOfflineResponder } from '../offline-responder.ts';
import { createLiveResponder, type LiveAnswer } from './live-responder.ts';
import { runTutorLoop } from './tutor-loop.ts';
import { fixtureLesson } from '../../../scripts/test-support/fixture-course.ts';

/** The live tutor against the Messages API stand-in: the stand-in is the model. */

const holder = useStandIn();
const lesson = fixtureLesson('the-while-loop');
const MODEL = 'claude-sonnet-5-5';
const referenceLoop = lesson.reference['src/loop.ts']!;
const loopBody = referenceLoop.slice(referenceLoop.indexOf('export async function runLoop'));

function responder(
  over: { key?: string; budget?: number; maxTurns?: number; live?: boolean } = {},
) {
  const answers: LiveAnswer[] = [];
  const live = createLiveResponder({
    connection: {
      available: () => over.live ?? true,
      answer: sdkSend(holder.standIn.url, over.key ?? STAND_IN_KEY),
      model: () => MODEL,
    },
    fallback: createOfflineResponder(),
    ...(over.budget !== undefined ? { budget: over.budget } : {}),
    ...(over.maxTurns !== undefined
      ? { limits: { maxTurns: over.maxTurns, questionTokens: 60_000, replyTokens: 1024 } }
      : {}),
    onAnswer: (answer) => void answers.push(answer),
  });
  return { live, answers };
}

async function ask(
  text: string,
  over: Parameters<typeof responder>[0] = {},
  pageOver: Parameters<typeof testPage>[1] = {},
) {
  const page = testPage(lesson, pageOver);
  const { live, answers } = responder(over);
  await live.respond({
    input: { text },
    context: page.context,
    actions: page.actions,
    say: page.say,
  });
  return { page, answers, live };
}

const highlightThenAnswer = [
  {
    reply: {
      content: [
        { type: 'text', text: 'Look at where the loop should be.' },
        {
          type: 'tool_use',
          id: 'toolu_01',
          name: 'highlight_lines',
          input: { file: 'src/loop.ts', start: 53, end: 61 },
        },
      ],
    },
  },
  {
    reply: {
      content: [{ type: 'text', text: 'Your runLoop throws: write the while loop there.' }],
    },
  },
];

describe('the live tutor loop', () => {
  it('sends the lesson and the learner’s code, runs highlight_lines and answers after the tool_result', async () => {
    holder.standIn.script(highlightThenAnswer);
    const { page, answers } = await ask(
      'why does the loop check stop_reason?',
      {},
      {
        code: { 'src/loop.ts': lesson.starter['src/loop.ts']!.replace('cap = 25', 'cap = 7') },
      },
    );
    const sent = holder.standIn.requests();
    expect(sent).toHaveLength(2);
    const first = sent[0]!.body as {
      system: string;
      tools: { name: string }[];
      messages: unknown[];
    };
    expect(first.system).toContain(lesson.title);
    expect(first.system).toContain(lesson.task.slice(0, 60));
    expect(first.system).toContain('cap = 7');
    expect(first.system).toContain('Never write the solution');
    expect(first.tools.map((t) => t.name)).toEqual([
      'highlight_lines',
      'run_code',
      'show_experiment',
      'show_hint',
      'open_lesson_section',
    ]);
    expect(first.messages).toEqual([
      { role: 'user', content: 'why does the loop check stop_reason?' },
    ]);
    const second = sent[1]!.body as { messages: { role: string; content: unknown }[] };
    expect(second.messages[2]).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_01',
          content: 'Highlighted src/loop.ts lines 53-61.',
        },
      ],
    });
    const lines = lesson.starter['src/loop.ts']!.replace('cap = 25', 'cap = 7')
      .split('\n')
      .slice(52, 61)
      .join('\n');
    expect(page.did).toEqual([`point code src/loop.ts ${JSON.stringify(lines)}`]);
    expect(page.said).toHaveLength(1);
    expect(page.said[0]!.text).toBe(
      'Look at where the loop should be.\n\nYour runLoop throws: write the while loop there.',
    );
    expect(page.said[0]!.highlight).toEqual({ file: 'src/loop.ts', match: lines });
    expect(page.said[0]!.lines?.[0]).toMatch(
      /^live · 2 model calls · \d+ tokens · session \d+ \/ 300000$/,
    );
    const [answer] = answers;
    expect(answer!.loop.end).toEqual({ kind: 'answered', stopReason: 'end_turn' });
    expect(answer!.loop.turns.map((t) => t.tools.map((x) => x.name))).toEqual([
      ['highlight_lines'],
      [],
    ]);
    expect(answer!.loop.tokens).toBeGreaterThan(0);
  });

  it('answers a bad tool call with an is_error tool_result the model can correct', async () => {
    holder.standIn.script([
      {
        reply: {
          content: [
            { type: 'tool_use', id: 'toolu_02', name: 'show_hint', input: { level: 'all' } },
          ],
        },
      },
      {
        reply: {
          content: [
            { type: 'tool_use', id: 'toolu_03', name: 'show_hint', input: { level: 'nudge' } },
          ],
        },
      },
      { reply: { content: [{ type: 'text', text: 'The hint is open.' }] } },
    ]);
    const { page } = await ask('I am stuck, what now?');
    const results = holder.standIn
      .requests()
      .map((r) => (r.body as { messages: { content: unknown }[] }).messages.at(-1)!.content);
    expect(results[1]).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_02',
        content: expect.stringContaining('No hint level "all"'),
        is_error: true,
      },
    ]);
    expect(page.did).toEqual(['hint']);
    expect(page.said.at(-1)!.text).toBe('The hint is open.');
  });

  it('stops at the turn cap and says so, keeping what it said', async () => {
    const again = (id: string) => ({
      reply: {
        content: [
          { type: 'text', text: `Running (${id}).` },
          { type: 'tool_use', id, name: 'run_code', input: {} },
        ],
      },
    });
    holder.standIn.script([again('toolu_a'), again('toolu_b'), again('toolu_c')]);
    const { page, answers } = await ask('does my code work?', { maxTurns: 2 });
    expect(holder.standIn.requests()).toHaveLength(2);
    expect(page.did).toEqual(['run', 'run']);
    expect(answers[0]!.lessonId).toBe('the-while-loop');
    expect(answers[0]!.loop.end).toEqual({
      kind: 'limit',
      why: 'the tutor reached its cap of 2 model calls',
    });
    expect(page.said.at(-1)!.text).toContain(
      '(Stopped: the tutor reached its cap of 2 model calls.)',
    );
  });

  it('sends the saved conversation before a follow-up, so it still makes sense after a reload', async () => {
    holder.standIn.script([{ reply: { content: [{ type: 'text', text: 'Yes, that one.' }] } }]);
    const line = (role: ChatMessage['role'], text: string, at: number): ChatMessage => ({
      id: `saved-${at}`,
      role,
      at,
      text,
    });
    // A fresh responder (a reloaded page) over a conversation saved with the learner's work.
    const { page } = await ask(
      'the one in the loop?',
      {},
      {
        conversation: [
          line('learner', 'which check ends the loop?', 1),
          line('tutor', 'The check on stop_reason.', 2),
          line('learner', 'the one in the loop?', 3),
        ],
      },
    );
    const body = holder.standIn.requests()[0]!.body as { messages: unknown[] };
    expect(body.messages).toEqual([
      { role: 'user', content: 'which check ends the loop?' },
      { role: 'assistant', content: 'The check on stop_reason.' },
      { role: 'user', content: 'the one in the loop?' },
    ]);
    expect(page.said[0]!.text).toBe('Yes, that one.');
  });

  it('sends nothing once the session budget is spent, and answers offline', async () => {
    const { page } = await ask('why does the loop check stop_reason?', { budget: 0 });
    expect(holder.standIn.requests()).toHaveLength(0);
    expect(page.said[0]!.text).toContain('session budget');
    expect(page.said.length).toBeGreaterThan(1);
  });

  it('makes no call that could pass the session budget: a reply gets the room left, and a call without room is not made', async () => {
    // The size of this question's first call, counted as the loop counts it.
    holder.standIn.script([{ reply: { content: [{ type: 'text', text: 'ok' }] } }]);
    await ask('why does the loop check stop_reason?');
    const bound = inputTokensAtMost(holder.standIn.requests()[0]!.body as ApiRequest);
    holder.standIn.reset();

    // Room for 400 tokens of reply; the model uses them all and asks for a tool.
    const budget = bound + 400;
    holder.standIn.script([
      {
        reply: {
          content: highlightThenAnswer[0]!.reply.content,
          usage: { input_tokens: bound - 100, output_tokens: 400 },
        },
      },
      highlightThenAnswer[1]!,
    ]);
    const { page, answers, live } = await ask('why does the loop check stop_reason?', { budget });
    const sent = holder.standIn.requests();
    expect(sent.map((r) => (r.body as ApiRequest)['max_tokens'])).toEqual([400]);
    expect(answers[0]!.loop.end).toMatchObject({
      kind: 'limit',
      why: expect.stringMatching(
        /^the next model call could pass the session's token budget: it sends up to \d+ tokens, and 100 are left$/,
      ),
    });
    expect(live.spent()).toBe(budget - 100);
    expect(page.said.at(-1)!.text).toContain('(Stopped: the next model call could pass');

    // Too little room for any reply: nothing is sent, and the offline tutor answers.
    holder.standIn.reset();
    const none = await ask('why does the loop check stop_reason?', { budget: bound + 100 });
    expect(holder.standIn.requests()).toHaveLength(0);
    expect(none.page.said[0]!.text).toMatch(
      /^The live tutor did not ask the model: the next model call could pass the session's token budget: it sends up to \d+ tokens, and \d+ are left\. Answering offline\.$/,
    );
    expect(none.page.said.length).toBeGreaterThan(1);
  });

  it('leaves commands to the offline tutor: nothing is sent', async () => {
    const { page } = await ask('hint');
    expect(holder.standIn.requests()).toHaveLength(0);
    expect(page.did).toEqual(['hint']);
  });

  it('falls back to the offline tutor with a note on a 401, and on no network', async () => {
    const bad = await ask('why does the loop check stop_reason?', { key: 'sk-ant-wrong' });
    expect(shown(bad.page.said[0]!)).toContain('401');
    expect(shown(bad.page.said[0]!)).toContain('did not accept the key');
    expect(shown(bad.page.said[0]!)).toContain('Answering offline instead');
    expect(bad.page.said.length).toBeGreaterThan(1);

    const page = testPage(lesson);
    const gone = createLiveResponder({
      connection: {
        available: () => true,
        answer: sdkSend('http://127.0.0.1:9', STAND_IN_KEY),
        model: () => MODEL,
      },
      fallback: createOfflineResponder(),
    });
    await gone.respond({
      input: { text: 'why does the loop check stop_reason?' },
      context: page.context,
      actions: page.actions,
      say: page.say,
    });
    expect(shown(page.said[0]!)).toContain('connection_error');
    expect(shown(page.said[0]!)).toContain('Answering offline instead');
    expect(gone.spent()).toBe(0);
  });

  it('falls back on a 429 too', async () => {
    holder.standIn.script([{ error: { status: 429, retryAfter: 0.01 } }]);
    const { page } = await ask('why does the loop check stop_reason?');
    expect(shown(page.said[0]!)).toContain('429');
    expect(shown(page.said[0]!)).toContain('Rate limited');
  });

  it('holds back a reply that holds the reference solution before a pass, and shows it after', async () => {
    const leaking = {
      reply: { content: [{ type: 'text', text: `Here it is:\n\`\`\`ts\n${loopBody}\n\`\`\`` }] },
    };
    holder.standIn.script([leaking]);
    const before = await ask('just give me the code');
    expect(before.page.said).toHaveLength(1);
    expect(before.page.said[0]!.text).toMatch(
      /^I held back my reply: it contained a large part of the reference solution/,
    );
    expect(before.page.said[0]!.text).not.toContain('runTools(response.content');
    expect(before.answers[0]!.heldBack).toBe(true);

    holder.standIn.script([leaking]);
    const after = await ask('just give me the code', {}, { unlocked: true });
    expect(after.page.said[0]!.text).toContain('runTools(response.content');
    expect(after.answers[0]!.heldBack).toBe(false);
  });
});

describe("the live tutor loop, on answers that are not the API's", () => {
  /** One question, its one call answered by `answer`. */
  const askOnce = (answer: ModelAnswer) =>
    runTutorLoop({
      api: { answer: () => answer },
      model: MODEL,
      system: 'You are a tutor.',
      tools: [],
      runTool: () => Promise.resolve({ content: '' }),
      question: 'why?',
      budget: 10_000,
    });

  it('ends at a limit when its source stops before the call (a wallet)', async () => {
    const loop = await askOnce({ ok: false, stop: 'the wallet is empty' });
    expect([loop.end, loop.turns.length]).toEqual([
      { kind: 'limit', why: 'the wallet is empty' },
      1,
    ]);
  });

  it('ends on the 400 its source refused the request with', async () => {
    const body: ApiErrorBody = {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'messages: at least one message' },
    };
    const rejection: CassetteRejection = {
      kind: 'invalid-request',
      requestNumber: 1,
      recorded: 0,
      status: 400,
      body,
      explanation: 'The request has no messages.',
    };
    const loop = await askOnce({ ok: false, rejection });
    expect(loop.end).toEqual({ kind: 'error', status: 400, body });
  });
});

/**
 * For the live tutor's tests: a page the tutor acts on (plain variables
 * and a log of what it did), and a model source made of the real SDK, as the page's connection is.
 */

function testPage(
  lesson: Lesson,
  over: {
    code?: Record<string, string>;
    unlocked?: boolean;
    report?: LessonReport;
    conversation?: ChatMessage[];
  } = {},
) {
  const state = { hintsShown: 0 };
  const did: string[] = [];
  const said: TutorReply[] = [];
  const code = { ...lesson.starter, ...over.code };
  const outcome: RunOutcome = over.report
    ? { kind: 'finished', source: 'mine', report: over.report }
    : { kind: 'stopped', why: 'nothing to run in this test' };
  const actions: TutorActions = {
    run: async () => {
      did.push('run');
      return outcome;
    },
    showNextHint: () => {
      state.hintsShown++;
      did.push('hint');
    },
    point: (anchor, where) =>
      did.push(`point ${where} ${anchor.file} ${JSON.stringify(anchor.match)}`),
    open: (target) => did.push(`open ${JSON.stringify(target)}`),
    showSolution: () => did.push('solution'),
    resetCode: () => [],
    undoReset: () => undefined,
    openLesson: (id) => did.push(`lesson ${id}`),
  };
  const context: TutorContext = {
    lesson,
    next: undefined,
    hintsShown: () => state.hintsShown,
    attempted: () => over.report !== undefined,
    unlocked: () => over.unlocked ?? false,
    solutionOpen: () => false,
    lastRun: () => (over.report ? { source: 'mine', report: over.report } : undefined),
    code: (path) => code[path],
    lastExperiment: () => undefined,
    conversation: () => over.conversation ?? [],
  };
  return { context, actions, did, said, say: (reply: TutorReply) => void said.push(reply), state };
}

/** The page's connection in miniature: the real SDK, answers and errors as data. */
function sdkSend(baseURL: string, apiKey: string) {
  const client = new Anthropic({ apiKey, baseURL, maxRetries: 0 });
  return async (request: ApiRequest): Promise<ModelAnswer> => {
    try {
      const params = request as unknown as Anthropic.MessageCreateParamsNonStreaming;
      const response = await client.messages.create(params);
      return { ok: true, response: JSON.parse(JSON.stringify(response)) as ApiResponse };
    } catch (error) {
      if (error instanceof Anthropic.APIError && typeof error.status === 'number') {
        return { ok: false, status: error.status, body: error.error as ApiErrorBody };
      }
      const message = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        status: 0,
        body: { type: 'error', error: { type: 'connection_error', message } },
      };
    }
  };
}

/** A reply as the learner reads it: what it quotes in its place. */
function shown(reply: TutorReply): string {
  return spellOut(reply.text, reply.quoted);
}
