import type { ApiRequest, ApiResponse } from '../../api/messages.ts';
import { AnthropicError } from './errors.ts';
import {
  definedEntries,
  isUnfinishedStopReason,
  ThreadState,
  type MessageParam,
} from './message-thread.ts';

/**
 * `client.beta.messages.toolRunner(params)` in a run: a port of the SDK's `BetaToolRunner`
 * (node_modules/@anthropic-ai/sdk/src/lib/tools/BetaToolRunner.ts, 1.14) for replies that
 * arrive whole, over the same message thread (message-thread.ts) and so with the same requests:
 * the runner calls the model, runs the runnable tools of a `tool_use` reply (all at once, their
 * results in one user message, in the order of the calls), resumes a `pause_turn`, and stops
 * at any other stop reason or after `max_iterations` requests. It yields each reply to a
 * `for await`; `runUntilDone()`, `done()` and `await runner` give the last one.
 *
 * What a course's recordings cannot exercise is not offered, and says so when asked for:
 * `stream: true` (and `runToolsEagerly`), toolsets, `addTools()` / `removeTools()`,
 * `compactBeforeNextTurn()` and `deferToolCall()`.
 */

/** A tool the runner can run: a tool definition with `run` and (from the SDK's helpers) `parse`. */
interface RunnableTool {
  name: string;
  run(input: unknown, context?: unknown): unknown;
  parse?(input: unknown): unknown;
}

type Params = Record<string, unknown> & { messages: MessageParam[] };
type Create = (params: ApiRequest) => Promise<ApiResponse>;

/** The fields of a tool that its definition in a request carries (`BETA_CLIENT_TOOL_UNION_KEYS`). */
const TOOL_DEFINITION_KEYS = [
  'input_schema',
  'name',
  'allowed_callers',
  'cache_control',
  'defer_loading',
  'description',
  'eager_input_streaming',
  'input_examples',
  'strict',
  'type',
  'configs',
  'display_height_px',
  'display_width_px',
  'display_number',
  'enable_zoom',
  'max_characters',
];

const NOT_OFFERED = "is not part of the course's stand-in for the SDK's tool runner";

export class BetaToolRunner {
  #consumed = false;
  #mutated = false;
  #thread: ThreadState;
  #settings: Record<string, unknown>;
  #create: Create;
  #messagesWithoutReply: MessageParam[] | undefined;
  #message: Promise<ApiResponse> | undefined;
  #toolResponse: Promise<MessageParam | null> | undefined;
  #completion = withResolvers<ApiResponse>();
  #iterationCount = 0;

  constructor(create: Create, params: Record<string, unknown>, threading: boolean) {
    const { settings, thread, threadParams } = splitToolRunnerParams(params);
    rejectCompactionParam(threadParams);
    rejectUnoffered(settings);
    this.#create = create;
    this.#settings = definedEntries(settings);
    const state = new ThreadState(threadParams, threading && thread !== false);
    // A copy, so that a message the caller edits later goes out as it was given.
    state.setMessages(JSON.parse(JSON.stringify(threadParams.messages ?? [])) as MessageParam[]);
    this.#thread = state;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<ApiResponse, void, undefined> {
    if (this.#consumed) throw new AnthropicError('Cannot iterate over a consumed stream');
    this.#consumed = true;
    this.#mutated = true;
    this.#toolResponse = undefined;
    try {
      while (true) {
        const maxIterations = this.#settings.max_iterations as number | undefined;
        if (maxIterations && this.#iterationCount >= maxIterations) break;

        this.#mutated = false;
        this.#toolResponse = undefined;
        this.#iterationCount++;
        this.#message = undefined;

        yield await this.#send();
        const callerMessages = this.#messagesWithoutReply!;
        this.#messagesWithoutReply = undefined;

        let toAnswer: MessageParam | undefined;
        if (!this.#mutated) {
          const message = await this.#message!;
          const next = nextStep(message.stop_reason);
          if (next === 'stop') break;
          // On "resume" there is nothing to push: the thread already holds the paused reply.
          if (next === 'resume') continue;
          toAnswer = lastAssistantMessage(this.#thread.messages);
        } else {
          // The caller has taken over the history, so the last reply no longer says how it ends.
          this.#thread.checkNextTurn(turnParams(this.#thread));
          this.#thread.setMessages(callerMessages);
          toAnswer = callerMessages.at(-1);
        }

        if (hasToolUse(toAnswer)) this.#thread.checkNextTurn(turnParams(this.#thread));
        const toolMessage = await this.#generateToolResponse(toAnswer);
        if (toolMessage) {
          // Tool results go right after the calls they answer, ahead of what the caller added.
          const history = this.#thread.messages;
          const answered = history.map((m) => m.role).lastIndexOf('assistant') + 1;
          this.#thread.setMessages([
            ...history.slice(0, answered),
            toolMessage,
            ...history.slice(answered),
          ]);
        } else if (!this.#mutated && !this.#thread.hasTurnToSend) {
          break;
        }
      }
      if (!this.#message) {
        throw new AnthropicError('ToolRunner concluded without a message from the server');
      }
      this.#completion.resolve(await this.#message);
    } catch (error) {
      this.#consumed = false;
      this.#messagesWithoutReply = undefined;
      this.#completion.promise.catch(() => {});
      this.#completion.reject(error);
      this.#completion = withResolvers();
      throw error;
    }
  }

  /** Sends the thread's next turn; `#message` is set before the reply is awaited. */
  #send(): Promise<ApiResponse> {
    const thread = this.#thread;
    const { tools } = thread.params;
    const turn = thread.startTurn([], turnParams(thread));
    const message = (async () => {
      try {
        const request = thread.buildCreateArguments(turn);
        const reply = await this.#create({ ...request, stream: false });
        thread.recordReply(turn, reply);
        return reply;
      } finally {
        thread.endTurn(turn);
      }
    })();
    this.#message = message;
    // The thread keeps the runnable tools; each turn sends only their definitions.
    if (tools) thread.update({ tools });
    this.#messagesWithoutReply = thread.messages;
    return message;
  }

  /**
   * Updates the params of the next request: they replace the current ones, so start from
   * `runner.params`. While you handle a reply, `params.messages` does not hold it yet, and the
   * next request goes out with the messages you set.
   */
  setMessagesParams(paramsOrMutator: Params | ((previous: Readonly<Params>) => Params)): void {
    const params =
      typeof paramsOrMutator === 'function' ? paramsOrMutator(this.params) : paramsOrMutator;
    rejectCompactionParam(params);
    const { settings, threadParams } = splitToolRunnerParams(params);
    rejectUnoffered(settings);
    this.#settings = definedEntries(settings);
    const messages = threadParams.messages ?? [];
    if (this.#messagesWithoutReply) {
      this.#messagesWithoutReply = messages;
      this.#thread.setParams({ ...threadParams, messages: this.#thread.messages });
    } else {
      this.#thread.setParams({ ...threadParams, messages });
    }
    this.#mutated = true;
    this.#toolResponse = undefined;
  }

  /** Request options (headers, signal) change nothing a recording answers. */
  setRequestOptions(_options: unknown): void {}

  /** The tool results for the last reply, run once however often this is called. */
  async generateToolResponse(): Promise<MessageParam | null> {
    const message = (await this.#message) ?? this.#thread.messages.at(-1);
    if (!message) return null;
    return this.#generateToolResponse(message);
  }

  #generateToolResponse(
    last: MessageParam | ApiResponse | undefined,
  ): Promise<MessageParam | null> {
    this.#toolResponse ??= generateToolResponse(this.#runnableTools(), last);
    return this.#toolResponse;
  }

  #runnableTools(): Map<string, RunnableTool> {
    const runnable = new Map<string, RunnableTool>();
    for (const tool of (this.#thread.params.tools as unknown[] | undefined) ?? []) {
      if (isRunnable(tool)) runnable.set(tool.name, tool);
    }
    return runnable;
  }

  /** Resolves with the last reply once the loop is over, however it is consumed. */
  done(): Promise<ApiResponse> {
    return this.#completion.promise;
  }

  /** Runs the loop to its end if nothing is reading it yet, and resolves with the last reply. */
  async runUntilDone(): Promise<ApiResponse> {
    if (!this.#consumed) {
      for await (const _ of this) {
        // The loop itself sends and answers each turn.
      }
    }
    return this.done();
  }

  /** The params of the next request, as the runner holds them (with its own settings). */
  get params(): Readonly<Params> {
    return {
      ...this.#thread.params,
      ...(this.#messagesWithoutReply && { messages: [...this.#messagesWithoutReply] }),
      ...this.#settings,
    };
  }

  /** Adds messages to the conversation for the next request. */
  pushMessages(...messages: MessageParam[]): void {
    this.setMessagesParams((params) => ({
      ...params,
      messages: [...params.messages, ...messages],
    }));
  }

  compactBeforeNextTurn(): never {
    throw new AnthropicError(`compactBeforeNextTurn() ${NOT_OFFERED}`);
  }
  addTools(): never {
    throw new AnthropicError(`addTools() ${NOT_OFFERED}`);
  }
  removeTools(): never {
    throw new AnthropicError(`removeTools() ${NOT_OFFERED}`);
  }
  deferToolCall(): void {}
  get deferredToolCalls(): never[] {
    return [];
  }

  /** `await runner` is `await runner.runUntilDone()`. */
  then<T1 = ApiResponse, T2 = never>(
    onfulfilled?: ((value: ApiResponse) => T1 | PromiseLike<T1>) | null,
    onrejected?: ((reason: unknown) => T2 | PromiseLike<T2>) | null,
  ): Promise<T1 | T2> {
    return this.runUntilDone().then(onfulfilled, onrejected);
  }
}

/** How the loop goes on after a reply: run its tools, let the server resume it, or stop. */
function nextStep(stopReason: unknown): 'run_tools' | 'resume' | 'stop' {
  if (isUnfinishedStopReason(stopReason)) return 'resume';
  return stopReason === 'tool_use' ? 'run_tools' : 'stop';
}

/**
 * Runs every tool call of `last` at once and answers them in one user message, in order. A
 * tool that throws is answered `Error: <message>`, `is_error: true`; so is an unknown tool.
 */
async function generateToolResponse(
  runnable: ReadonlyMap<string, RunnableTool>,
  last: MessageParam | ApiResponse | undefined,
): Promise<MessageParam | null> {
  if (!last || last.role !== 'assistant' || !Array.isArray(last.content)) return null;
  const uses = (last.content as Record<string, unknown>[]).filter((b) => b.type === 'tool_use');
  if (uses.length === 0) return null;
  const content = await Promise.all(
    uses.map(async (use) => {
      const tool = runnable.get(String(use.name));
      if (!tool) {
        const text = `Error: Tool '${String(use.name)}' not found`;
        return { type: 'tool_result', tool_use_id: use.id, content: text, is_error: true };
      }
      try {
        const input = tool.parse ? tool.parse(use.input) : use.input;
        const output = await tool.run(input, { toolUse: use, toolUseBlock: use });
        return { type: 'tool_result', tool_use_id: use.id, content: output };
      } catch (error) {
        const text = `Error: ${error instanceof Error ? error.message : String(error)}`;
        return { type: 'tool_result', tool_use_id: use.id, content: text, is_error: true };
      }
    }),
  );
  return { role: 'user', content };
}

/** What every turn sends as `tools`: each tool's API fields, never its functions. */
function turnParams(thread: ThreadState): Record<string, unknown> {
  const { tools } = thread.params;
  return Array.isArray(tools) ? { tools: tools.map(toolDefinition) } : {};
}

function toolDefinition(tool: unknown): unknown {
  if (!isRunnable(tool)) return tool;
  const fields = tool as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(fields).filter(([key]) => TOOL_DEFINITION_KEYS.includes(key)),
  );
}

function isRunnable(tool: unknown): tool is RunnableTool {
  return typeof tool === 'object' && tool !== null && 'run' in tool && 'name' in tool;
}

/** The assistant turn the loop answers next, unless tool results already follow it. */
function lastAssistantMessage(messages: MessageParam[]): MessageParam | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'assistant') return message;
    const content = message.content;
    if (
      Array.isArray(content) &&
      content.some((b) => (b as { type?: unknown }).type === 'tool_result')
    ) {
      return undefined;
    }
  }
  return undefined;
}

function hasToolUse(message: MessageParam | undefined): boolean {
  const content = message?.content;
  return (
    Array.isArray(content) && content.some((b) => (b as { type?: unknown }).type === 'tool_use')
  );
}

/** The runner's own settings, whether it threads, and the thread's params. */
function splitToolRunnerParams(params: Record<string, unknown>) {
  const { stream, max_iterations, runToolsEagerly, thread, ...threadParams } = params;
  if (thread !== undefined && thread !== false) {
    throw new TypeError(
      '`thread` cannot be set in the params of a tool runner. The runner sets it for each request itself. ' +
        'To run without a message thread, pass `thread: false`.',
    );
  }
  return {
    settings: { stream, max_iterations, runToolsEagerly },
    thread,
    threadParams: threadParams as Params,
  };
}

function rejectCompactionParam(params: object): void {
  if ('compaction' in params && params.compaction != null) {
    throw new AnthropicError(
      '`compaction` cannot be set on a tool runner: every request in the loop would compact again. ' +
        'Call `runner.compactBeforeNextTurn()` when the conversation should be compacted instead.',
    );
  }
}

function rejectUnoffered(settings: Record<string, unknown>): void {
  if (settings.runToolsEagerly && !settings.stream) {
    throw new TypeError(
      "`runToolsEagerly: true` needs `stream: true` in the tool runner's params, because a reply that " +
        "isn't streamed arrives whole.",
    );
  }
  if (settings.stream)
    throw new AnthropicError(`A streaming tool runner (\`stream: true\`) ${NOT_OFFERED}`);
}

function withResolvers<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
