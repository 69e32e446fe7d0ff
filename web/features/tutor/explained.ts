/** A failing case the tutor was asked to explain, as a tutor section shows it. */
export interface Explained {
  caseName: string;
  /** Markdown: the tutor's paragraph about this run. */
  paragraph: string;
  dismiss(): void;
}
