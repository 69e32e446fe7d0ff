import {
  createLiveSession,
  liveInput,
  wholeInput,
  type CompileError,
  type FileMap,
  type Lesson,
  type ModelSource,
  type StreamEvent,
  type UserAnswerer,
} from '../../../core/index.ts';
import { approvals } from './approvals.ts';
import type { LiveRunEnd } from '../../host/page/runner-client.ts';
import type { LiveReport, LiveSettings } from '../../store/live-slice.ts';
import { baseUrlProblem } from './allowed-origins.ts';
import { liveApi } from './live-connection.ts';
import { isOffline, OFFLINE_TEXT } from './offline.ts';
import { compileReport, liveReport } from './live-report.ts';

/**
 * One live run, on the page's side (this module loads with live mode, never on a first
 * visit): a live session over the page's connection (each request checked as a cassette checks
 * it, the wallet's limits, the calls kept for Record) answers the model calls that the runner
 * frame relays from the learner's code.
 */

/** The runner's live entry, composed in by the app shell (features/runner/runs.ts `runLive`). */
export type RunLive = (
  files: FileMap,
  options: { input: unknown; model: ModelSource; user?: UserAnswerer },
) => Promise<
  { ok: false; compileErrors: CompileError[] } | ({ ok: true } & LiveRunEnd) | undefined
>;

export interface LiveRunHooks {
  /** After each answered call: the calls and tokens so far, and the tokens this call used. */
  onMeter(calls: number, tokens: { input_tokens: number; output_tokens: number }): void;
  /** The API refused the key (401). */
  onKeyRejected(): void;
  /** A streamed reply's text so far, as it arrives (its last `STREAMED_CHARS`). */
  onStreamText(text: string): void;
}

/** Characters of a streamed reply's text the panel shows as it arrives. */
const STREAMED_CHARS = 4_000;

/** Why no call can be made at all (a base URL outside the policy, no network), or undefined. */
export function liveRunProblem(settings: LiveSettings): string | undefined {
  const problem = baseUrlProblem(settings.baseURL);
  if (problem) return `No call was made. ${problem}`;
  if (isOffline()) return OFFLINE_TEXT;
}

/**
 * Runs the files live with `question` (on `project`'s files, for a lesson with a workspace: a
 * visible case's name); undefined when a newer run took its place. The person answers the
 * harness's questions (approvals) through the live panel's prompt.
 */
export async function runLiveSession(
  lesson: Lesson,
  files: FileMap,
  { question, project }: { question: string; project?: string },
  settings: LiveSettings,
  runLive: RunLive,
  hooks: LiveRunHooks,
): Promise<LiveReport | undefined> {
  const model = settings.model.trim();
  const session = createLiveSession({
    api: liveApi,
    limits: { maxTurns: settings.maxCalls, maxTokens: settings.maxTokens },
    ...(model ? { model } : {}),
  });
  let streamed = '';
  const onStreamEvent = (event: StreamEvent) => {
    if (event.type === 'message_start') streamed = '';
    else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
      streamed = (streamed + event.delta.text).slice(-STREAMED_CHARS);
    } else return;
    hooks.onStreamText(streamed);
  };
  const metered: ModelSource = {
    async answer(request, options) {
      const answer = await session.answer(request, { ...options, onStreamEvent });
      if (answer.ok) {
        const { usage } = answer.response;
        // The wallet counts every token sent, so "in" is the whole input, cached or not.
        hooks.onMeter(session.calls.length, {
          input_tokens: usage ? wholeInput(usage) : 0,
          output_tokens: usage?.output_tokens ?? 0,
        });
      } else if ('status' in answer && answer.status === 401) hooks.onKeyRejected();
      return answer;
    },
  };
  const input = liveInput(lesson, question, project) ?? { prompt: question };
  const ended = await runLive(files, { input, model: metered, user: approvals.user });
  if (!ended) return undefined;
  const context = {
    lessonId: lesson.id,
    input,
    question,
    calls: session.calls,
    stopped: session.stopped,
  };
  return ended.ok
    ? liveReport(ended.run, ended.frames, context)
    : compileReport(ended.compileErrors, context);
}
