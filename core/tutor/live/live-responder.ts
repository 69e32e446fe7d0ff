import { explainApiError } from '../../live/api-error-text.ts';
import { quoteMark } from '../../lesson/quoted-text.ts';
import type { ModelSource } from '../../run/model-source.ts';
import { parseCommand } from '../commands.ts';
import type { TutorResponder } from '../responder.ts';
import { exchangesFrom } from './chat-history.ts';
import { findReferenceLeak, shownText } from './reference-leak.ts';
import {
  DEFAULT_SESSION_BUDGET,
  DEFAULT_TUTOR_LIMITS,
  runTutorLoop,
  HISTORY_KEPT,
  type TutorLimits,
  type TutorLoopResult,
} from './tutor-loop.ts';
import { tutorSystemPrompt } from './tutor-prompt.ts';
import { runTutorTool, tutorTools } from './tutor-tools.ts';

/**
 * The tutor with a key: free-form questions go to the live loop (tutor-loop.ts); commands,
 * buttons, and every question while live mode is off or failing go to the offline tutor, so
 * the conversation never stops. A reply that gives away the reference before the learner may
 * see it is held back.
 */

/** The page's live connection, as the tutor needs it: a model source that may be off. */
export interface LiveTutorConnection extends ModelSource {
  /** Live mode is on and a key is set. */
  available(): boolean;
  /** The model to ask (live mode's setting). */
  model(): string;
}

/** One question the live loop answered (or tried to): what "How did the tutor answer?" shows. */
export interface LiveAnswer {
  /** The lesson the question was asked in. */
  lessonId: string;
  question: string;
  loop: TutorLoopResult;
  heldBack: boolean;
  /** Session tokens used after it, and the budget. */
  sessionTokens: number;
  budget: number;
}

export interface LiveResponderOptions {
  connection: LiveTutorConnection;
  /** The offline tutor: commands, buttons, and the fallback. */
  fallback: TutorResponder;
  limits?: TutorLimits;
  budget?: number;
  /** Told of each live answer, for the transcript toggle and the token counts. */
  onAnswer?(answer: LiveAnswer): void;
  now?: () => number;
}

export interface LiveResponder extends TutorResponder {
  /** Tokens the session has used. */
  spent(): number;
}

export function createLiveResponder(options: LiveResponderOptions): LiveResponder {
  const limits = options.limits ?? DEFAULT_TUTOR_LIMITS;
  const budget = options.budget ?? DEFAULT_SESSION_BUDGET;
  let spent = 0;
  return {
    spent: () => spent,
    async respond(turn) {
      const { input } = turn;
      if ('intent' in input || parseCommand(input.text) || !options.connection.available()) {
        return options.fallback.respond(turn);
      }
      if (budget - spent <= 0) {
        turn.say({
          text: `The live tutor's session budget (${budget} tokens) is spent; answering offline.`,
        });
        return options.fallback.respond(turn);
      }
      const { context, actions } = turn;
      const { lesson } = context;
      const editable = Object.keys(lesson.starter).filter(
        (path) => !lesson.readOnly.includes(path),
      );
      const code: Record<string, string> = {};
      for (const path of editable) code[path] = context.code(path) ?? lesson.starter[path] ?? '';
      const past = exchangesFrom(context.conversation(), HISTORY_KEPT);
      const loop = await runTutorLoop({
        api: options.connection,
        model: options.connection.model(),
        system: tutorSystemPrompt({
          lesson,
          code,
          lastRun: context.lastRun(),
          unlocked: context.unlocked(),
        }),
        tools: tutorTools(lesson, editable),
        runTool: (name, toolInput) => runTutorTool(name, toolInput, context, actions),
        question: input.text,
        history: past,
        limits,
        budget: budget - spent,
        ...(options.now ? { now: options.now } : {}),
      });
      spent += loop.tokens;
      const leak = context.unlocked()
        ? undefined
        : findReferenceLeak(loop.text, {
            reference: lesson.reference,
            starter: lesson.starter,
            learner: code,
            shown: shownText(lesson),
          });
      options.onAnswer?.({
        lessonId: lesson.id,
        question: input.text,
        loop,
        heldBack: leak !== undefined,
        sessionTokens: spent,
        budget,
      });
      if (loop.end.kind === 'limit' && loop.turns.length === 0) {
        // Not one call fitted what is left: nothing was sent, and the offline tutor answers.
        turn.say({
          text: `The live tutor did not ask the model: ${loop.end.why}. Answering offline.`,
        });
        return options.fallback.respond(turn);
      }
      if (loop.end.kind === 'error') {
        const { status, body } = loop.end;
        // The API's words (which can echo the request): quoted as text.
        turn.say({
          text: `The live tutor could not answer (${quoteMark('error')}). Answering offline instead.`,
          quoted: {
            error: `${status === 0 ? body.error.type : status}: ${explainApiError(status, body)}`,
          },
        });
        return options.fallback.respond(turn);
      }
      const usage = `live · ${loop.turns.length} model ${loop.turns.length === 1 ? 'call' : 'calls'} · ${loop.tokens} tokens · session ${spent} / ${budget}`;
      if (leak) {
        turn.say({
          text: `I held back my reply: it contained a large part of the reference solution (${leak.shared} of its ${leak.of} tokens), which opens after you pass or choose Show solution. Ask for a hint, or ask about one line.`,
          lines: [usage],
        });
        return;
      }
      const note = loop.end.kind === 'limit' ? `\n\n(Stopped: ${loop.end.why}.)` : '';
      const text = (loop.text || 'The live tutor ended without words.') + note;
      turn.say({ text, lines: [usage], ...(loop.highlight ? { highlight: loop.highlight } : {}) });
    },
  };
}
