import type { ApiErrorBody, ApiMessage, ApiResponse, ToolResultBlock } from '../../api/messages.ts';
import type { ToolExecution, Turn } from '../../grade/report.ts';
import { inputTokensAtMost, type AnsweredCall } from '../../live/call-budget.ts';
import type { AbortSignalLike, ModelSource } from '../../run/model-source.ts';
import type { TutorAnchor } from '../../lesson/tutor-schema.ts';
import type { ToolDefinition, ToolOutcome } from './tutor-tools.ts';

/**
 * The live tutor's agent loop, the one the course teaches: send the conversation, and while
 * the model stops on `tool_use`, run each tool and send its `tool_result` back; stop on any
 * other stop reason, at the turn cap, or before a call that could pass the question's token
 * limit or the session's budget (its input, counted from above, and its `max_tokens`: a
 * call's reply is cut to the room left, and a call with too little room is not made). The
 * host hands in `api` (the page's live connection), so the loop runs wherever a Messages API
 * can be reached, and in tests against the API stand-in.
 */

export interface TutorLimits {
  /** Model calls one question may make. */
  maxTurns: number;
  /** Tokens (input and output, over its calls) one question may use. */
  questionTokens: number;
  /** `max_tokens` of each call. */
  replyTokens: number;
}

export const DEFAULT_TUTOR_LIMITS: TutorLimits = {
  maxTurns: 6,
  questionTokens: 60_000,
  replyTokens: 1_024,
};

/** Tokens the whole chat session may use, over every question, until the page reloads. */
export const DEFAULT_SESSION_BUDGET = 300_000;

/** A question and the answer it got: earlier exchanges go with the next question. */
export interface Exchange {
  question: string;
  answer: string;
}

export interface TutorLoopOptions {
  /** What answers the loop's calls: the page's live connection, or a test's stand-in. */
  api: ModelSource;
  model: string;
  system: string;
  tools: readonly ToolDefinition[];
  runTool(name: string, input: unknown): Promise<ToolOutcome>;
  question: string;
  history?: readonly Exchange[];
  limits?: TutorLimits;
  /** Tokens the session has left before this question. */
  budget: number;
  signal?: AbortSignalLike;
  /** Milliseconds, for each turn's duration (the timeline shows them). */
  now?: () => number;
}

export type TutorLoopEnd =
  /** The model ended its turn (end_turn, max_tokens, refusal...): its words are the answer. */
  | { kind: 'answered'; stopReason: string }
  /** A bound stopped the loop; what it said so far is kept. */
  | { kind: 'limit'; why: string }
  /** The API failed (status 0: no answer at all). */
  | { kind: 'error'; status: number; body: ApiErrorBody };

export interface TutorLoopResult {
  end: TutorLoopEnd;
  /** What the tutor said, over every turn, in order. */
  text: string;
  /** The lines its last highlight_lines call pointed at. */
  highlight?: TutorAnchor;
  /** The loop's own transcript, in the shape the learner's runs have. */
  turns: Turn[];
  tokens: number;
}

/** Past exchanges sent before a question. */
export const HISTORY_KEPT = 6;

/**
 * The least room a call's reply is given: a quarter of a full reply (`replyTokens`, 1,024).
 * With less, an answer stops mid-paragraph, and the call still costs its whole input.
 */
export const MIN_REPLY_TOKENS = 256;

export async function runTutorLoop(options: TutorLoopOptions): Promise<TutorLoopResult> {
  const limits = options.limits ?? DEFAULT_TUTOR_LIMITS;
  const now = options.now ?? (() => Date.now());
  const messages: ApiMessage[] = [];
  for (const { question, answer } of (options.history ?? []).slice(-HISTORY_KEPT)) {
    messages.push({ role: 'user', content: question }, { role: 'assistant', content: answer });
  }
  messages.push({ role: 'user', content: options.question });
  const turns: Turn[] = [];
  const said: string[] = [];
  let tokens = 0;
  let highlight: TutorAnchor | undefined;
  let last: AnsweredCall | undefined;
  const result = (end: TutorLoopEnd): TutorLoopResult => ({
    end,
    text: said.join('\n\n'),
    ...(highlight ? { highlight } : {}),
    turns,
    tokens,
  });

  for (let index = 1; ; index++) {
    if (index > limits.maxTurns) {
      return result({
        kind: 'limit',
        why: `the tutor reached its cap of ${limits.maxTurns} model calls`,
      });
    }
    const sessionLeft = options.budget - tokens;
    const questionLeft = limits.questionTokens - tokens;
    const left = Math.min(sessionLeft, questionLeft);
    const bound =
      sessionLeft <= questionLeft
        ? "the session's token budget"
        : `the question's limit of ${limits.questionTokens} tokens`;
    if (left <= 0) {
      return result({
        kind: 'limit',
        why:
          sessionLeft <= 0
            ? "the session's token budget is spent"
            : `the question used its limit of ${limits.questionTokens} tokens`,
      });
    }
    const request = {
      model: options.model,
      max_tokens: limits.replyTokens,
      system: options.system,
      tools: options.tools,
      messages: [...messages],
    };
    const input = inputTokensAtMost(request, last);
    if (left - input < MIN_REPLY_TOKENS) {
      return result({
        kind: 'limit',
        why: `the next model call could pass ${bound}: it sends up to ${input} tokens, and ${left} are left`,
      });
    }
    request.max_tokens = Math.min(limits.replyTokens, left - input);
    const started = now();
    const sent = await options.api.answer(
      request,
      options.signal ? { signal: options.signal } : {},
    );
    const turn: Turn = {
      index,
      request: { messageCount: messages.length, newestMessage: messages.at(-1), raw: request },
      durationMs: 0,
      tools: [],
    };
    turns.push(turn);
    if (!sent.ok) {
      turn.durationMs = now() - started;
      // Not sent: a limit of the source's own (a wallet) ended it, or it refused the request.
      if ('stop' in sent) return result({ kind: 'limit', why: sent.stop });
      const { status, body } = 'rejection' in sent ? sent.rejection : sent;
      return result({ kind: 'error', status, body });
    }
    const response: ApiResponse = sent.response;
    turn.response = response;
    turn.durationMs = now() - started;
    tokens += response.usage.input_tokens + response.usage.output_tokens;
    last = { request, response };
    for (const block of response.content)
      if (block.type === 'text' && block.text.trim()) said.push(block.text);
    messages.push({ role: 'assistant', content: response.content });
    if (response.stop_reason !== 'tool_use') {
      return result({ kind: 'answered', stopReason: response.stop_reason ?? 'unknown' });
    }
    const results: ToolResultBlock[] = [];
    for (const block of response.content) {
      if (block.type !== 'tool_use') continue;
      const toolStarted = now();
      const outcome = await options.runTool(block.name, block.input);
      const execution: ToolExecution = {
        name: block.name,
        input: block.input,
        durationMs: now() - toolStarted,
        output: outcome.content,
      };
      if (outcome.isError) execution.error = { name: 'ToolError', message: outcome.content };
      turn.tools.push(execution);
      if (outcome.highlight) highlight = outcome.highlight;
      results.push({
        type: 'tool_result',
        tool_use_id: block.id,
        content: outcome.content,
        ...(outcome.isError ? { is_error: true } : {}),
      });
    }
    messages.push({ role: 'user', content: results });
  }
}
