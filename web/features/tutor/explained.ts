import type { Quoted } from '../../../core/index.ts';

/** A failing case the tutor was asked to explain, as a tutor section shows it. */
export interface Explained {
  caseName: string;
  /** Markdown: the tutor's paragraph about this run. */
  paragraph: string;
  /** What the paragraph quotes from the run, shown as text (see `quoteMark`). */
  quoted: Quoted;
  dismiss(): void;
}
