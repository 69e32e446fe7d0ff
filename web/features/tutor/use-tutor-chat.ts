import { useCallback, useMemo, useState } from 'react';
import {
  CHAT_LIMITS,
  createOfflineResponder,
  quoteMark,
  type ChatIntent,
  type Lesson,
  type LastRun,
  type TutorRunOutcome,
  type TutorActions,
  type TutorAnchor,
  type TutorContext,
  type TutorReply,
  type TutorResponder,
} from '../../../core/index.ts';
import { hasAttempted, referenceUnlocked } from '../../store/progress-slice.ts';
import type { RunState } from '../../store/run-slice.ts';
import { useAppStore } from '../../store/store.ts';
import type { TutorEditor, TutorRunner } from './tutor-editor.ts';

/** The lesson after this one, as the app shell links to it. */
export interface NextLesson {
  id: string;
  title: string;
  href: string;
}

/** Lines the conversation points at; each request is a new object, so it points again. */
export interface Pointing {
  anchor: TutorAnchor;
  in: 'code' | 'reference';
}

/** The tutor's answers without a model: the default responder. */
const offline = createOfflineResponder();

interface Options {
  lesson: Lesson;
  editor: TutorEditor | undefined;
  runner: TutorRunner;
  next: NextLesson | undefined;
  /** Who answers; the offline tutor unless the app shell hands in another (a live one). */
  responder?: TutorResponder;
}

/**
 * The conversation's side of the page: what the tutor may look at and do (read from the
 * store and the editor when asked), and `send`, which posts the learner's line and hands it
 * to the responder.
 */
export function useTutorChat({ lesson, editor, runner, next, responder = offline }: Options) {
  const [pointing, setPointing] = useState<Pointing>();
  const context = useMemo(() => tutorContext(lesson, editor, next), [lesson, editor, next]);
  const actions = useMemo<TutorActions>(
    () => ({
      run: () => followRun(lesson.id, runner.run),
      showNextHint: () =>
        useAppStore.getState().showNextHint(lesson.id, lesson.tutor?.hints.length ?? 0),
      point: (anchor, where) => setPointing({ anchor, in: where }),
      open: (target, explanation) => {
        const runId = useAppStore.getState().run?.id;
        useAppStore.getState().requestTutor({
          lessonId: lesson.id,
          target,
          ...(explanation && runId !== undefined ? { explanation: { ...explanation, runId } } : {}),
        });
      },
      showSolution: () => useAppStore.getState().setSolutionOpen(true),
      resetCode: () => {
        if (!editor) return [];
        const changed = Object.entries(lesson.starter)
          .filter(([path]) => !lesson.readOnly.includes(path))
          .filter(([path, starter]) => {
            const text = editor.read(path);
            return text !== undefined && text !== starter;
          });
        for (const [path, starter] of changed) editor.write(path, starter);
        useAppStore.getState().setSolutionOpen(false);
        return changed.map(([path]) => path);
      },
      undoReset: (paths) => {
        for (const path of paths) editor?.undo(path);
      },
      openLesson: (lessonId) => {
        if (next?.id === lessonId) window.location.assign(next.href);
      },
    }),
    [lesson, editor, runner, next],
  );

  const send = useCallback(
    (input: { text: string } | { intent: ChatIntent; label: string }) => {
      const store = useAppStore.getState();
      if ('text' in input) {
        const text = input.text.trim().slice(0, CHAT_LIMITS.input);
        if (text === '') return;
        store.addChatMessage(lesson.id, { role: 'learner', text });
      } else if (input.intent.type !== 'open' && input.intent.type !== 'point') {
        // A choice is said, as if typed; showing something again is not a turn of its own.
        store.addChatMessage(lesson.id, { role: 'learner', text: input.label });
      }
      const say = (reply: TutorReply) =>
        useAppStore.getState().addChatMessage(lesson.id, { ...reply, role: 'tutor' });
      const turn = {
        input: 'text' in input ? { text: input.text } : { intent: input.intent },
        context,
        actions,
        say,
      };
      responder.respond(turn).catch((error: unknown) => {
        say({
          text: `Something went wrong in the tutor: ${quoteMark('error')}`,
          quoted: { error: describe(error) },
        });
      });
    },
    [lesson.id, context, actions, responder],
  );
  return { send, pointing };
}

function tutorContext(
  lesson: Lesson,
  editor: TutorEditor | undefined,
  next: NextLesson | undefined,
): TutorContext {
  const state = useAppStore.getState;
  return {
    lesson,
    next: next && { id: next.id, title: next.title },
    hintsShown: () => state().hintsShown[lesson.id] ?? 0,
    attempted: () => hasAttempted(state().progress[lesson.id]),
    unlocked: () => referenceUnlocked(state().progress[lesson.id]),
    solutionOpen: () => state().solutionOpen,
    lastRun: () => lastRun(state().run, lesson.id),
    code: (path) => editor?.read(path),
    conversation: () => state().chats[lesson.id] ?? [],
    lastExperiment: () => {
      const chat = state().chats[lesson.id] ?? [];
      for (let i = chat.length - 1; i >= 0; i--) {
        for (const action of chat[i]?.actions ?? []) {
          const { intent } = action;
          if (intent.type === 'open' && 'experiment' in intent.target) {
            return intent.target.experiment;
          }
        }
      }
      return undefined;
    },
  };
}

/** The latest finished run of the lesson: the current one, or the one before it. */
function lastRun(run: RunState | undefined, lessonId: string): LastRun | undefined {
  if (!run || run.lessonId !== lessonId) return undefined;
  if (run.phase === 'done' && run.report) return { source: run.source, report: run.report };
  const previous = run.previous;
  return previous?.report ? { source: previous.source, report: previous.report } : undefined;
}

/**
 * Starts a run as the Run button does and follows it (or a newer run of the learner's that
 * replaces it) until it ends.
 */
function followRun(lessonId: string, start: () => void): Promise<TutorRunOutcome> {
  const since = useAppStore.getState().run?.id ?? 0;
  start();
  return new Promise((resolve) => {
    // The store hears of a run a moment after it starts (run-controller.ts): no run yet is not
    // a dropped one; a run cleared away is (the learner opened another lesson).
    const check = (run: RunState | undefined, cleared = false): boolean => {
      if (run ? run.lessonId !== lessonId : cleared) {
        resolve({ kind: 'stopped', why: 'The run was dropped: another lesson was opened.' });
        return true;
      }
      if (!run || run.id <= since) return false;
      if (run.source === 'reference') {
        resolve({
          kind: 'stopped',
          why: "An experiment's run on the reference solution replaced yours before it finished.",
        });
        return true;
      }
      if (run.phase === 'done' && run.report) {
        resolve({ kind: 'finished', source: run.source, report: run.report });
        return true;
      }
      if (run.phase === 'cancelled') {
        resolve({ kind: 'stopped', why: 'The run was stopped before it finished.' });
        return true;
      }
      if (run.phase === 'crashed') {
        resolve({ kind: 'stopped', why: run.error ?? 'The run could not finish.' });
        return true;
      }
      return false;
    };
    if (check(useAppStore.getState().run)) return;
    const unsubscribe = useAppStore.subscribe((state, previous) => {
      if (state.run !== previous.run && check(state.run, previous.run !== undefined)) {
        unsubscribe();
      }
    });
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
