/** The public entry of the course engine: everything a host (web, CLI) uses. */
export type * from './api/messages.ts';
export type { Course, FileMap, Lesson, LessonCase, LessonProblem } from './lesson/types.ts';
export { loadCourse, type LoadCourseResult } from './lesson/load-course.ts';
export { LEARNER_LIBS } from './lesson/learner-libs.ts';
export {
  HINT_LEVELS,
  type HintLevel,
  type Tutor,
  type TutorAnchor,
  type TutorExperiment,
  type TutorFailure,
  type TutorHint,
  type TutorQuestion,
  type TutorTarget,
} from './lesson/tutor-schema.ts';
export { applyExperimentEdit, findAnchor, type LineRange } from './lesson/tutor-text.ts';
export { explainFailure, type FailureExplanation } from './lesson/tutor-failure.ts';
export { carryForward, type CarryForward } from './lesson/carry-forward.ts';
export type { CassetteRejection } from './cassette/session.ts';
export { displayPath, type DiffEntry } from './cassette/json-diff.ts';
export {
  esbuildBundler,
  type BundleInputs,
  type BundleResult,
  type CompileError,
} from './run/bundle.ts';
export { RELAY_LIMITS, RUN_LIMITS, WORKER_MESSAGE_BUDGET } from './run/limits.ts';
export type { StackFrame } from './run/stack-map.ts';
export type { SerializedError, ConsoleLevel } from './run/protocol.ts';
export {
  PRELUDE_LINES,
  type Bundler,
  type Clock,
  type EsbuildLike,
  type GradingHost,
  type SpawnWorker,
  type WorkerEvents,
  type WorkerHandle,
} from './run/host.ts';
export {
  prepareBundle,
  startGrading,
  type GradingHandle,
  type GradingOptions,
} from './run/grade-files.ts';
export type * from './grade/report.ts';
export type * from './run/model-answerer.ts';
// The rest of live mode's functions are in core/live/index.ts: only live mode's own (lazily
// loaded) code needs them, so the page's first visit does not carry them.
export {
  startLiveRun,
  type LiveCall,
  type LiveReport,
  type LiveRunHandle,
  type LiveRunOptions,
} from './live/live-run.ts';
export type { LiveCheck, LiveVerdict } from './live/check-live-run.ts';
export type { CaseFiles, RecordResult } from './live/record-case.ts';
export { formatTokens, summarizeLive } from './live/summarize-live.ts';
export { summarizeCase, summarizeTurns } from './grade/transcript.ts';
export {
  LONG_LINK_CHARS,
  MAX_SHARE_BYTES,
  SHARE_VERSION,
  changedFiles,
  decodeSharePayload,
  encodeShareFragment,
  type DecodeResult,
  type ShareProblem,
} from './share/share-link.ts';
