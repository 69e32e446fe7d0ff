import type { FileMap } from '../../../core/index.ts';

/**
 * What the tutor needs from the editor and the runner. The app shell supplies both, so the
 * tutor depends on neither feature's internals.
 */
export interface TutorEditor {
  /** The text of a lesson file as the editor holds it. */
  read(path: string): string | undefined;
  /** Replaces an editable file's text as one undoable edit. */
  write(path: string, text: string): void;
  /** Undoes the last edit of a file. */
  undo(path: string): void;
  /** Calls `listener` whenever the file's text changes; returns the unsubscribe. */
  onChange(path: string, listener: () => void): () => void;
  /** Highlights the first occurrence of `match` and scrolls to it; undefined clears. */
  highlight(target: { file: string; match: string; in: 'code' | 'reference' } | undefined): void;
}

export interface TutorRunner {
  /**
   * Runs the learner's files against the lesson's recordings, as the Run button does with
   * live mode off: a tutor's run is never live, whatever the switch says.
   */
  run(): void;
  /** Runs the reference with an experiment's change through the same controller: the run is
   * the tutor's, so it neither marks the learner's code nor counts as their attempt. */
  runReference(files: FileMap): void;
}
