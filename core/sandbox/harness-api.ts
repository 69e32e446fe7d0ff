import type { ApiRequest, ApiResponse, TextBlock, ToolUseBlock } from '../api/messages.ts';
import type { EventStream } from './event-stream.ts';
import type { ApprovalCall, Decision } from '../wire/approval.ts';

// The virtual workspace and its tools, for harnesses that give the learner's code files to
// work on (part two): pure code, run in the sandbox with the case, never on a disk.
export { createWorkspace, type Workspace } from '../workspace/workspace.ts';
export { workspaceTools, type WorkspaceToolName } from '../workspace/workspace-tools.ts';
export { FILE_TOOL_DEFINITIONS, fileToolDefinitions } from '../workspace/tool-definitions.ts';

/**
 * What a lesson's harness (`program.ts`) is given. The harness imports what it grades
 * from the learner's files, drives it against the recorded model, and prints one JSON
 * value that the grader compares with the case's `expected.json`.
 */
export interface Harness<Input = unknown> {
  /** The case's `input` from `case.json`. */
  readonly input: Input;
  /**
   * Sends one Messages API request to the recorded model. A refused one rejects with the SDK's
   * `BadRequestError`. Its type lists the blocks part one's `ModelResponse` reads, text and
   * tool_use; a recording that thinks has its thinking blocks in `content` too, in the order
   * they came (a lesson about thinking streams, `streamMessage`, whose events type them).
   */
  createMessage(request: ApiRequest): Promise<ApiResponse<TextBlock | ToolUseBlock>>;
  /**
   * Sends one streaming request (`stream: true`) to the recorded model: it resolves, once the
   * request passed the same checks, with the reply's raw events as an async iterable (the SDK's
   * `Stream<RawMessageStreamEvent>`: pings skipped, a mid-stream `error` thrown, read once).
   * A stream the code stops reading, or reads twice, fails the case.
   */
  streamMessage(request: ApiRequest): Promise<EventStream>;
  /**
   * Wraps tool implementations so that each execution appears in the transcript. The result
   * dispatches by name; an unknown name throws `Error("unknown tool: <name>")`.
   */
  tools(impls: Record<string, ToolImpl>): ToolRunner;
  /**
   * Asks the user about a call that needs their approval, and resolves with their decision:
   * the case's scripted user (`input.answers`, in the order the questions come) when a case is
   * graded, the person at the keyboard in live mode. Rejects when no answer is left.
   */
  ask(call: ApprovalCall): Promise<Decision>;
  /** The lines the code has logged so far with `console.log` / `console.info`, as shown. */
  consoleLines(): string[];
  /** Prints the case's result. Call it once, with JSON-serialisable data. */
  print(value: unknown): void;
}

export type ToolImpl = (input: Record<string, unknown>) => unknown;
export type ToolRunner = (name: string, input: Record<string, unknown>) => Promise<string>;
export type HarnessMain<Input = unknown> = (h: Harness<Input>) => Promise<void>;

/** Declares a harness; the identity function, there for the types. */
export function defineHarness<Input>(main: HarnessMain<Input>): HarnessMain<Input> {
  return main;
}
