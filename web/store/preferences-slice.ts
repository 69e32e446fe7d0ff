import type { StateCreator } from 'zustand';

export type ThemePreference = 'system' | 'light' | 'dark';

/**
 * The widths of the side columns, in percent of the workspace's width; the editor takes the
 * rest. Percentages, so a layout the learner chose keeps its proportions in a resized window.
 */
export interface PaneSizes {
  lesson: number;
  results: number;
}

export const DEFAULT_PANE_SIZES: PaneSizes = { lesson: 28, results: 30 };
/** The range a side column may take, in percent (its minimum in pixels is the stylesheet's). */
export const PANE_LIMITS = { min: 15, max: 50 } as const;

/**
 * Where the results sit on a wide screen. Below the editor by default: code is read in long
 * lines (the starters' comments run to ~100 columns), and a third column left the editor ~570
 * px at 1440 px wide. Below, the results can also fold to their verdict.
 */
export interface ResultsLayout {
  dock: 'below' | 'right';
  /** Below the editor: only the verdict shows. */
  collapsed: boolean;
  /** Below the editor: the results' height, in percent of the code column's. */
  height: number;
}

export const DEFAULT_RESULTS_LAYOUT: ResultsLayout = {
  dock: 'below',
  collapsed: false,
  height: 38,
};
/** The range of the results' height below the editor, in percent. */
export const RESULTS_HEIGHT_LIMITS = { min: 15, max: 75 } as const;

/** The text sizes offered, in pixels of code text (the page's other text scales along). */
export const FONT_SIZES = [12, 13, 14, 15, 16, 18, 20] as const;
export const DEFAULT_FONT_SIZE = 14;

/** Choices the learner made about the app itself. */
export interface PreferencesSlice {
  /** Re-run after a pause in typing. Off by default. */
  watch: boolean;
  theme: ThemePreference;
  /** Where to open when the URL names no lesson. */
  lastLessonId: string | undefined;
  paneSizes: PaneSizes;
  /** The editor's font size in pixels; the lesson and results scale with it. */
  fontSize: number;
  resultsLayout: ResultsLayout;
  /** Long lines wrap in the editor (on by default: comments read as prose). */
  wordWrap: boolean;
  setWatch(watch: boolean): void;
  setTheme(theme: ThemePreference): void;
  setLastLessonId(lessonId: string): void;
  /** Sets one side column's width (clamped to PANE_LIMITS). */
  setPaneSize(pane: keyof PaneSizes, percent: number): void;
  /** Back to the default width of one column (double-click on its divider). */
  resetPaneSize(pane: keyof PaneSizes): void;
  setFontSize(px: number): void;
  /** Changes part of the results' layout (the height is clamped to its limits). */
  setResultsLayout(change: Partial<ResultsLayout>): void;
  setWordWrap(wrap: boolean): void;
}

export const createPreferencesSlice: StateCreator<PreferencesSlice> = (set) => ({
  watch: false,
  theme: 'system',
  lastLessonId: undefined,
  paneSizes: DEFAULT_PANE_SIZES,
  fontSize: DEFAULT_FONT_SIZE,
  resultsLayout: DEFAULT_RESULTS_LAYOUT,
  wordWrap: true,
  setWatch: (watch) => set({ watch }),
  setTheme: (theme) => set({ theme }),
  setLastLessonId: (lastLessonId) => set({ lastLessonId }),
  setPaneSize: (pane, percent) =>
    set((state) => ({ paneSizes: { ...state.paneSizes, [pane]: clampPane(percent) } })),
  resetPaneSize: (pane) =>
    set((state) => ({ paneSizes: { ...state.paneSizes, [pane]: DEFAULT_PANE_SIZES[pane] } })),
  setFontSize: (fontSize) => set({ fontSize: closestFontSize(fontSize) }),
  setResultsLayout: (change) =>
    set((state) => {
      const next = { ...state.resultsLayout, ...change };
      return { resultsLayout: { ...next, height: clampResultsHeight(next.height) } };
    }),
  setWordWrap: (wordWrap) => set({ wordWrap }),
});

/** The results' height below the editor, in whole tenths of a percent within its limits. */
export function clampResultsHeight(percent: number): number {
  if (!Number.isFinite(percent)) return DEFAULT_RESULTS_LAYOUT.height;
  const { min, max } = RESULTS_HEIGHT_LIMITS;
  return Math.round(Math.min(max, Math.max(min, percent)) * 10) / 10;
}

/** A side column's width, in whole tenths of a percent within PANE_LIMITS. */
export function clampPane(percent: number): number {
  if (!Number.isFinite(percent)) return PANE_LIMITS.min;
  const clamped = Math.min(PANE_LIMITS.max, Math.max(PANE_LIMITS.min, percent));
  return Math.round(clamped * 10) / 10;
}

/** The offered size nearest to `px`. */
export function closestFontSize(px: number): number {
  let best: number = DEFAULT_FONT_SIZE;
  for (const size of FONT_SIZES) if (Math.abs(size - px) < Math.abs(best - px)) best = size;
  return best;
}
