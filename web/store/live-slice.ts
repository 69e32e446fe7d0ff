import type { StateCreator } from 'zustand';
import type { CaseReport, CompileError, LiveCall, LiveCheck, Usage } from '../../core/index.ts';

/** Live mode's settings: saved with the learner's preferences. Never the key (key-store.ts). */
export interface LiveSettings {
  /** The model sent in place of the code's; '' sends the code's own (the lesson's). */
  model: string;
  /** The API base URL: the SDK's default, a gateway, or a test stand-in. */
  baseURL: string;
  /** Model calls one run may make. */
  maxCalls: number;
  /** Tokens one run may use. */
  maxTokens: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  model: '',
  baseURL: 'https://api.anthropic.com',
  maxCalls: 10,
  maxTokens: 50_000,
};

/** A finished live run, as the live panel shows it and Record saves it. */
export interface LiveReport {
  lessonId: string;
  /** The harness's input: the stage's, with the learner's question as its prompt. */
  input: unknown;
  /** The input a recorded case gives: with the person's answers as its scripted user. */
  caseInput: unknown;
  question: string;
  compileErrors: CompileError[];
  /** The run as the timeline shows a case; its status comes from the live checks. */
  report: CaseReport;
  checks: LiveCheck[];
  /** Why the wallet's limits ended the run, when they did. */
  stopped?: string;
  /** The calls the API answered, in order: what a recording keeps. */
  calls: readonly LiveCall[];
  /** What the harness printed, as JSON text. */
  outputs: string[];
  usage: Usage;
}

/** A live run of the current lesson, as the panel shows it. Never persisted. */
export interface LiveRunState {
  id: number;
  lessonId: string;
  phase: 'running' | 'done' | 'crashed';
  /** Calls answered and tokens used so far (the wallet's meter while it runs). */
  calls: number;
  usage: Usage;
  report?: LiveReport;
  /** Why the run could not happen at all. */
  error?: string;
  /** While it runs: the text of the reply the API is streaming, so far. */
  streaming?: string;
}

/** Why the key dialog is open. */
export type KeyDialogReason = 'closed' | 'needed' | 'change' | 'rejected';

export interface LiveSlice {
  /** Live mode is on: Run calls the real API. Off in every new tab. */
  liveOn: boolean;
  liveSettings: LiveSettings;
  /** The learner's own question per lesson, while the tab lives. */
  liveQuestions: Record<string, string>;
  /** Per lesson with a workspace: the visible case whose project a live run starts from. */
  liveProjects: Record<string, string>;
  liveRun: LiveRunState | undefined;
  /** Tokens used by every live call in this tab. */
  liveSessionUsage: Usage;
  keyDialog: KeyDialogReason;
  setLiveOn(on: boolean): void;
  setLiveSettings(change: Partial<LiveSettings>): void;
  setLiveQuestion(lessonId: string, question: string): void;
  /** Back to the question the lesson (its chosen project) asks. */
  resetLiveQuestion(lessonId: string): void;
  setLiveProject(lessonId: string, caseName: string): void;
  beginLiveRun(id: number, lessonId: string): void;
  /** A call was answered (using `added` tokens): the run's meter, and the session's tokens. */
  meterLiveRun(id: number, calls: number, added: Usage): void;
  /** Tokens spent through the key outside a live run (the live tutor's calls): the session's. */
  addLiveSessionUsage(added: Usage): void;
  /** The text of the reply being streamed, so far. */
  streamLiveRun(id: number, text: string): void;
  finishLiveRun(id: number, report: LiveReport): void;
  crashLiveRun(id: number, error: string): void;
  clearLiveRun(): void;
  setKeyDialog(reason: KeyDialogReason): void;
}

const NO_USAGE: Usage = { input_tokens: 0, output_tokens: 0 };

const addUsage = (a: Usage, b: Usage): Usage => ({
  input_tokens: a.input_tokens + b.input_tokens,
  output_tokens: a.output_tokens + b.output_tokens,
});

export const createLiveSlice: StateCreator<LiveSlice> = (set) => {
  const ifCurrent = (id: number, change: (run: LiveRunState) => Partial<LiveRunState>) =>
    set((state) =>
      state.liveRun?.id === id
        ? { liveRun: { ...state.liveRun, ...change(state.liveRun) } }
        : state,
    );
  return {
    liveOn: false,
    liveSettings: DEFAULT_LIVE_SETTINGS,
    liveQuestions: {},
    liveProjects: {},
    liveRun: undefined,
    liveSessionUsage: NO_USAGE,
    keyDialog: 'closed',
    setLiveOn: (liveOn) => set({ liveOn }),
    setLiveSettings: (change) => set((s) => ({ liveSettings: { ...s.liveSettings, ...change } })),
    setLiveQuestion: (lessonId, question) =>
      set((s) => ({ liveQuestions: { ...s.liveQuestions, [lessonId]: question } })),
    resetLiveQuestion: (lessonId) =>
      set((s) => {
        const { [lessonId]: _own, ...rest } = s.liveQuestions;
        return { liveQuestions: rest };
      }),
    setLiveProject: (lessonId, caseName) =>
      set((s) => ({ liveProjects: { ...s.liveProjects, [lessonId]: caseName } })),
    beginLiveRun: (id, lessonId) =>
      set({ liveRun: { id, lessonId, phase: 'running', calls: 0, usage: NO_USAGE } }),
    meterLiveRun: (id, calls, added) =>
      set((state) => ({
        liveSessionUsage: addUsage(state.liveSessionUsage, added),
        liveRun:
          state.liveRun?.id === id
            ? { ...state.liveRun, calls, usage: addUsage(state.liveRun.usage, added) }
            : state.liveRun,
      })),
    addLiveSessionUsage: (added) =>
      set((state) => ({ liveSessionUsage: addUsage(state.liveSessionUsage, added) })),
    streamLiveRun: (id, streaming) => ifCurrent(id, () => ({ streaming })),
    finishLiveRun: (id, report) =>
      ifCurrent(id, () => ({ phase: 'done', report, streaming: undefined })),
    crashLiveRun: (id, error) => ifCurrent(id, () => ({ phase: 'crashed', error })),
    clearLiveRun: () => set({ liveRun: undefined }),
    setKeyDialog: (keyDialog) => set({ keyDialog }),
  };
};

/** A saved value of the settings, kept where well-formed; undefined when nothing is. */
export function sanitizeLiveSettings(value: unknown): LiveSettings | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { model, baseURL, maxCalls, maxTokens } = value as Record<string, unknown>;
  const count = (v: unknown, fallback: number) =>
    Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : fallback;
  return {
    model: typeof model === 'string' ? model : DEFAULT_LIVE_SETTINGS.model,
    baseURL: typeof baseURL === 'string' && baseURL ? baseURL : DEFAULT_LIVE_SETTINGS.baseURL,
    maxCalls: count(maxCalls, DEFAULT_LIVE_SETTINGS.maxCalls),
    maxTokens: count(maxTokens, DEFAULT_LIVE_SETTINGS.maxTokens),
  };
}
