import type { TutorAnchor, TutorTarget } from '../lesson/tutor-schema.ts';
import type { TutorCommand } from './commands.ts';

/**
 * The conversation with the tutor, as data: what the panel shows, what is saved with the
 * learner's work, and what any responder (the offline one, a live one later) produces.
 */

export type ChatRole = 'learner' | 'tutor';

/** What a button in a tutor message does when the learner chooses it. */
export type ChatIntent =
  /** A command, as if typed. */
  | { type: 'command'; command: TutorCommand }
  /**
   * The answer to one authored question, one walkthrough step (by its 0-based place), or a
   * passage of the lesson's text (by its id, `lesson/<heading>/<n>`).
   */
  | { type: 'answer'; kind: 'question' | 'step' | 'passage'; id: string }
  /** Opens a section of the tutor: an experiment, a question, the hints. */
  | { type: 'open'; target: TutorTarget }
  /** Points at lines again: in the learner's code, or in the reference solution view. */
  | { type: 'point'; anchor: TutorAnchor; in: 'code' | 'reference' }
  /** Takes back a reset: the files it changed get their text before it. */
  | { type: 'undo-reset'; paths: string[] };

/** A button under a tutor message. */
export interface ChatAction {
  label: string;
  intent: ChatIntent;
}

export interface ChatMessage {
  /** Unique across tabs and reloads (tabs merge their conversations by it). */
  id: string;
  role: ChatRole;
  /** When it was said (ms since the epoch): the order of a conversation merged from tabs. */
  at: number;
  /** The learner's words as typed, or the tutor's markdown. */
  text: string;
  /**
   * What the tutor's text quotes from a run or from learner code (a thrown message, a printed
   * value, an API's error), by name: each is put in as text where `text` marks it
   * (`quoteMark`), never read as markdown.
   */
  quoted?: Record<string, string>;
  /** Lines shown as they are, in a monospace block (a run's summary). */
  lines?: string[];
  /** How a run it reports ended, for the tutor's summary of a run. */
  outcome?: 'pass' | 'fail';
  /** The lines of code the message speaks of, found in the learner's file by their text. */
  highlight?: TutorAnchor;
  actions?: ChatAction[];
}

/** A message as a responder says it: the conversation gives it its id, role and time. */
export type TutorReply = Omit<ChatMessage, 'id' | 'role' | 'at'>;

/** Bounds on what a conversation keeps, so saved state stays small. */
export const CHAT_LIMITS = {
  /** Messages kept per lesson; older ones go first. */
  messages: 200,
  /** Characters of one message's text, and of each value it quotes. */
  text: 8_000,
  /** Values one message quotes (an explanation quotes a handful of facts). */
  quoted: 16,
  /** Characters the learner may type in one line. */
  input: 500,
  /** Lines of one message's monospace block. */
  lines: 12,
  /** Buttons under one message. */
  actions: 6,
} as const;
