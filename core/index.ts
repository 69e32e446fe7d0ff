/** The public entry of the course engine: everything a host (web, CLI) uses. */
export type * from './api/messages.ts';
export { MESSAGE_THREADS_BETA } from './api/messages.ts';
export type { StreamEvent, TimedEvent } from './api/stream-events.ts';
export type { Course, FileMap, Lesson, LessonCase, LessonProblem } from './lesson/types.ts';
export { loadCourse, type LoadCourseResult } from './lesson/load-course.ts';
export { filesForLesson } from './lesson/starter-from.ts';
export { PACK_LIMITS, readPackBytes } from './lesson/course-pack.ts';
export { sealCourse } from './grade/seal-course.ts';
export { LEARNER_LIBS } from './lesson/learner-libs.ts';
export {
  type HintLevel,
  type Tutor,
  type TutorAnchor,
  type TutorExperiment,
  type TutorTarget,
} from './lesson/tutor-schema.ts';
export { applyExperimentEdit, findAnchor } from './lesson/tutor-text.ts';
export { explainFailure } from './tutor/explain-failure.ts';
export { QUOTE_MARK, hasQuoteMark, quoteMark, type Quoted } from './lesson/quoted-text.ts';
export {
  carriedFiles,
  carryForward,
  clashDefault,
  latestWith,
  rebaseCarried,
  type CarryChoice,
  type CarryClash,
  type CarryForward,
  type LearnerCode,
} from './lesson/carry-forward.ts';
export { missingExports } from './run/missing-exports.ts';
export { createCassetteSession, type CassetteRejection } from './cassette/session.ts';
export { diffJson, type DiffEntry } from './json/json-diff.ts';
export { lineDiff } from './workspace/line-diff.ts';
export { asFiles, fileChanges, type FileChange } from './workspace/file-changes.ts';
export {
  esbuildBundler,
  type BundleInputs,
  type BundleResult,
  type Bundler,
  type CompileError,
  type EsbuildLike,
} from './run/bundle.ts';
export { RELAY_LIMITS } from './wire/limits.ts';
export type { StackFrame } from './run/stack-map.ts';
export type { SerializedError } from './wire/errors.ts';
export { createRpc, type Rpc, type RpcCall } from './wire/rpc.ts';
export { type Clock, type GradingHost, type SpawnWorker, type WorkerEvents } from './run/host.ts';
export {
  gradeBundle,
  startGrading,
  unrunCase,
  unrunRun,
  type CaseGrading,
} from './grade/start-grading.ts';
export { cachedBundler } from './run/bundle-cache.ts';
export type { AnswerOptions, ApiRetry, ModelAnswer, ModelSource } from './run/model-source.ts';
export type { CaseRun, RunEvent } from './run/events.ts';
export { createLiveSession, usedTokens, type LiveCall } from './live/live-session.ts';
export type { Cassette } from './lesson/schema.ts';
export { lessonQuestion, liveInput, liveStarts, recordedInput } from './live/live-input.ts';
export { denyingUser, type UserAnswer, type UserAnswerer } from './run/user-source.ts';
export { parseDecision, type ApprovalCall, type Decision } from './wire/approval.ts';
export { callPreview } from './workspace/call-preview.ts';
export { explainApiError } from './live/api-error-text.ts';
export { errorBody } from './live/sdk-failures.ts';
export { createSdkSend, MAX_RETRIES, type RetryNotice } from './live/sdk-send.ts';
export { checkLiveRun, type LiveCheck } from './live/check-live-run.ts';
export { summarizeLive } from './live/summarize-live.ts';
export { formatTokens, wholeInput } from './api/usage.ts';
export { startLiveRun, type LiveRunOptions, type LiveRunResult } from './live/run-live.ts';
export {
  jsonFile,
  readCassette,
  recordCase,
  recordCassette,
  type Recorded,
  type RecordedCaseMeta,
} from './live/cassette-recording.ts';
export type * from './grade/report.ts';
export { gradeCase } from './grade/grade-case.ts';
export { describeDiffEntry } from './grade/describe-diff.ts';
export { buildTurns, consoleLines, summarizeCase } from './grade/transcript.ts';
export { conversationsOf, type TurnConversation } from './grade/conversations.ts';
export { cacheLine } from './grade/cache-line.ts';
export { thinkingSummary } from './grade/thinking-text.ts';
export {
  describeEvent,
  eventTimes,
  replayAt,
  type ReplayBlock,
  type TurnStream,
} from './grade/stream-replay.ts';
export { LONG_LINK_CHARS, decodeSharePayload, encodeShareFragment } from './share/share-link.ts';
export { COMMANDS } from './tutor/commands.ts';
export {
  CHAT_LIMITS,
  type ChatAction,
  type ChatIntent,
  type ChatMessage,
  type TutorReply,
} from './tutor/conversation.ts';
export type {
  LastRun,
  RunOutcome as TutorRunOutcome,
  TutorActions,
  TutorContext,
  TutorResponder,
} from './tutor/responder.ts';
export { createOfflineResponder } from './tutor/offline-responder.ts';
export { indexLesson, matchQuestion, type MatchResult, type MatchTarget } from './tutor/match.ts';
export { lessonPassages } from './tutor/passages.ts';
export {
  createLiveResponder,
  type LiveAnswer,
  type LiveTutorConnection,
} from './tutor/live/live-responder.ts';
