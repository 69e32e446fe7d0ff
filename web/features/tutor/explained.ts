import type { Quoted } from '../../../core/index.ts';

/** A failing case the tutor was asked to explain, as a tutor section shows it. */
export interface Explained {
  caseName: string;
  /** Markdown: the tutor's paragraph about this run. */
  paragraph: string;
  /**
   * The title of the experiment whose change was in the learner's code when it ran, if one
   * was: the failure is then the experiment's, and the card says so.
   */
  experiment?: string;
  /** What the paragraph quotes from the run, shown as text (see `quoteMark`). */
  quoted: Quoted;
  dismiss(): void;
}
