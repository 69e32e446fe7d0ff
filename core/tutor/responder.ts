import type { LessonReport } from '../grade/report.ts';
import type { Quoted } from '../lesson/quoted-text.ts';
import type { TutorAnchor, TutorTarget } from '../lesson/tutor-schema.ts';
import type { Lesson } from '../lesson/types.ts';
import type { ChatIntent, ChatMessage, TutorReply } from './conversation.ts';

/**
 * The seam between the tutor's conversation and whoever answers in it. The panel hands each
 * of the learner's lines to a `TutorResponder` with what it may look at (`TutorContext`) and
 * what it may do (`TutorActions`); the responder says its replies. The offline responder
 * (offline-responder.ts) answers from the lesson's authored text; a live one can call a model
 * instead, with the same actions as its tools, and fall back to the offline one.
 */
export interface TutorResponder {
  respond(turn: TutorTurn): Promise<void>;
}

export interface TutorTurn {
  /** What the learner typed, or the button they chose. */
  input: { text: string } | { intent: ChatIntent };
  context: TutorContext;
  actions: TutorActions;
  /** Posts a tutor message to the conversation; may be called any number of times. */
  say(reply: TutorReply): void;
}

/** A finished run of the lesson, as the results show it. */
export interface LastRun {
  /** Whose code it graded: the learner's, a share link's, or the reference with an experiment. */
  source: 'mine' | 'shared' | 'reference';
  report: LessonReport;
}

/** What the tutor may look at, read when it asks (never a stale copy). */
export interface TutorContext {
  /** The lesson, with its tutor. */
  lesson: Lesson;
  /** The lesson after this one, if any. */
  next: { id: string; title: string } | undefined;
  /** How many of the lesson's hints the learner has opened. */
  hintsShown(): number;
  /** The learner has run their own code on this lesson. */
  attempted(): boolean;
  /** The reference solution may be shown: they passed, or asked for it. */
  unlocked(): boolean;
  /** The reference solution is open beside the code. */
  solutionOpen(): boolean;
  /** The latest finished run of this lesson, if any. */
  lastRun(): LastRun | undefined;
  /** A lesson file as the editor holds it now. */
  code(path: string): string | undefined;
  /** The experiment the conversation last opened (its id), to go on to the next one. */
  lastExperiment(): string | undefined;
  /** The lesson's conversation as saved, oldest first (the line being answered is the last). */
  conversation(): readonly ChatMessage[];
}

/** How a run the tutor started ended. */
export type RunOutcome =
  | { kind: 'finished'; source: LastRun['source']; report: LessonReport }
  | { kind: 'stopped'; why: string };

/** What the tutor may do in the page: the same things the learner's buttons do. */
export interface TutorActions {
  /**
   * Runs the learner's code against the lesson's recordings, as the Run button does with live
   * mode off, and resolves when the run ends. Never live: the tutor does not spend the
   * learner's key on code (a share link's, say) the learner has not chosen to run live.
   */
  run(): Promise<RunOutcome>;
  /** Opens the next hint, as the hint button does. */
  showNextHint(): void;
  /** Highlights lines and scrolls to them. */
  point(anchor: TutorAnchor, where: 'code' | 'reference'): void;
  /** Opens a section of the tutor panel, with why the learner's case failed when it is about one. */
  open(
    target: TutorTarget,
    explanation?: { caseName: string; paragraph: string; quoted: Quoted },
  ): void;
  /** Opens the reference solution beside the code (the caller checks it may). */
  showSolution(): void;
  /** Puts the starter back in every editable file that differs; returns those files. */
  resetCode(): string[];
  /** Undoes a reset of these files. */
  undoReset(paths: string[]): void;
  /** Opens another lesson. */
  openLesson(lessonId: string): void;
}
