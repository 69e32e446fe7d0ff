import { MESSAGE_THREADS_BETA, type ApiRequest, type ApiResponse } from '../../api/messages.ts';
import { AnthropicError } from './errors.ts';

/**
 * A message thread's local view of the conversation, as the tool runner uses it: a port of
 * `ThreadState` (node_modules/@anthropic-ai/sdk/src/lib/internal/threads/ThreadState.ts, 1.14)
 * for replies that arrive whole. The real Messages API keeps a threaded conversation on the
 * server (the `message-threads-2026-08-12` beta): the first request sends the whole history
 * with `thread: { type: 'create' }`, each later one only the messages since the last reply,
 * with `thread: { type: 'continue', previous_message_id }` and without `system` and `tools`.
 *
 * Left out, because a recording never calls for them: replaying a thread the server lost
 * (`thread_not_found` and the other replay errors), a stream cut off before `message_stop`, a
 * fallback model's reply, a container, and taking `cache_control` off messages already sent.
 */

/** A message as sent: `{ role, content }`. */
export type MessageParam = { role: string; content: unknown } & Record<string, unknown>;

/** One message of the history, and the reply it records if the thread received it. */
interface Entry {
  param: MessageParam;
  reply: ApiResponse | null;
}

type Anchor =
  | { type: 'never_threaded' }
  | { type: 'create' }
  | { type: 'continue'; previousMessageId: string; createdWith: CreateOnlyJSON };

/** Request fields the server takes from the thread on a `continue`, and refuses again. */
const CREATE_ONLY_FIELDS = ['system', 'tools'] as const;
type CreateOnlyJSON = Record<(typeof CREATE_ONLY_FIELDS)[number], string | undefined>;

/** A reply with one of these stop reasons is a turn the server goes on with. */
export function isUnfinishedStopReason(stopReason: unknown): boolean {
  return stopReason === 'pause_turn' || stopReason === 'compaction';
}

/** A turn in flight: the fields it sends, and the history edits made while it was out. */
export class Turn {
  deferredMessages: MessageParam[] = [];
  replacementHistory: MessageParam[] | null = null;
  readonly createOnly: CreateOnlyJSON;
  constructor(
    readonly fields: Record<string, unknown>,
    readonly ownMessages: readonly Entry[],
    public ownCreateOnly: Record<string, unknown>,
  ) {
    this.createOnly = createOnlyJSON(fields);
  }
}

export class ThreadState {
  #fields: Record<string, unknown>;
  #stored: Entry[] = [];
  #staged: Entry[] = [];
  #anchor: Anchor;
  #turn: Turn | null = null;

  constructor(params: Record<string, unknown>, threading: boolean) {
    const { messages, unsupportedRequestBehavior: _, ...fields } = params;
    rejectThreadField(fields);
    this.#fields = fields;
    this.#anchor = threading ? { type: 'create' } : { type: 'never_threaded' };
    this.push((messages as MessageParam[] | undefined) ?? []);
  }

  get threading(): boolean {
    return this.#anchor.type === 'create' || this.#anchor.type === 'continue';
  }

  get previousMessageId(): string | null {
    return this.#anchor.type === 'continue' ? this.#anchor.previousMessageId : null;
  }

  /** The whole history: what the server holds, then what waits for the next turn. */
  get messages(): MessageParam[] {
    const messages =
      this.#turn?.replacementHistory?.slice() ??
      [...this.#stored, ...this.#staged].map((entry) => entry.param);
    if (this.#turn) messages.push(...this.#turn.deferredMessages);
    return messages;
  }

  /** The thread as the params of one call for the whole conversation. */
  get params(): Record<string, unknown> & { messages: MessageParam[] } {
    const ownCreateOnly = this.#anchor.type === 'create' ? this.#turn?.ownCreateOnly : undefined;
    return { ...this.#fields, ...ownCreateOnly, messages: this.messages };
  }

  /** Stages messages for the next turn, skipping the reply just recorded. */
  push(messages: Iterable<MessageParam | ApiResponse>): void {
    if (this.#turn) {
      this.#turn.deferredMessages.push(...[...messages].map(toMessageParam));
      return;
    }
    for (const message of messages) {
      if (this.#repeatsLastReply(message)) continue;
      this.#staged.push({ param: toMessageParam(message), reply: null });
    }
  }

  get #lastReply(): ApiResponse | null {
    for (const entries of [this.#staged, this.#stored]) {
      for (let i = entries.length - 1; i >= 0; i--) {
        const reply = entries[i]!.reply;
        if (reply) return reply;
      }
    }
    return null;
  }

  #repeatsLastReply(message: MessageParam | ApiResponse): boolean {
    if ('id' in message) return message.id === this.#lastReply?.id;
    const last = this.#staged.at(-1) ?? this.#stored.at(-1);
    return last?.reply != null && sameMessage(message, last.param);
  }

  update(fields: Record<string, unknown> = {}): void {
    rejectThreadField(fields);
    this.#fields = { ...this.#fields, ...definedEntries(fields) };
    for (const field of CREATE_ONLY_FIELDS) {
      if (fields[field] !== undefined) delete this.#turn?.ownCreateOnly[field];
    }
  }

  /** Replaces the request fields with those of `params`, then `setMessages()`. */
  setParams({ messages, ...fields }: Record<string, unknown> & { messages: MessageParam[] }): void {
    this.#fields = fields;
    if (this.#turn) this.#turn.ownCreateOnly = {};
    this.setMessages(messages);
  }

  /**
   * Takes the history from `messages`: what only adds to the history is staged; any other list
   * replaces it and starts a new thread, which sends the whole history again.
   */
  setMessages(messages: MessageParam[]): void {
    const entries = [...this.#stored, ...this.#staged];
    if (this.#turn) {
      const sent = entries.map((entry) => entry.param);
      if (startsWith(messages, sent)) {
        this.#turn.replacementHistory = null;
        this.#turn.deferredMessages = messages.slice(sent.length);
      } else {
        this.#turn.replacementHistory = messages;
        this.#turn.deferredMessages = [];
      }
      return;
    }
    const stored = this.#stored.map((entry) => entry.param);
    if (!startsWith(messages, stored)) {
      this.#stored = [];
      if (this.threading) this.#anchor = { type: 'create' };
    }
    this.#staged = [];
    const replies = new Map(
      entries.filter((entry) => entry.reply).map((entry) => [entry.param.content, entry]),
    );
    for (const message of messages.slice(this.#stored.length)) {
      if (this.#repeatsLastReply(message)) continue;
      this.#staged.push({
        ...(replies.get(message.content) ?? { reply: null }),
        param: toMessageParam(message),
      });
    }
  }

  /** Whether the next turn has something to send: staged messages, or a paused reply. */
  get hasTurnToSend(): boolean {
    return (
      this.#staged.length > 0 || isUnfinishedStopReason(this.#stored.at(-1)?.reply?.stop_reason)
    );
  }

  startTurn(messages: Iterable<MessageParam | ApiResponse>, fields: Record<string, unknown>): Turn {
    if (this.#turn) {
      throw new AnthropicError(
        'Another `send()`, `parse()` or `stream()` is already in progress on this thread',
      );
    }
    rejectThreadField(fields);
    const alreadyStaged = this.#staged.length;
    this.push(messages);
    const ownMessages = this.#staged.slice(alreadyStaged);
    const ownCreateOnly: Record<string, unknown> = {};
    if (fields.system !== undefined) ownCreateOnly.system = fields.system;
    if (fields.tools !== undefined) ownCreateOnly.tools = fields.tools;
    return (this.#turn = new Turn(
      { ...this.#fields, ...definedEntries(fields) },
      ownMessages,
      ownCreateOnly,
    ));
  }

  endTurn(turn: Turn): void {
    this.#turn = null;
    this.#staged = this.#staged.filter((entry) => !turn.ownMessages.includes(entry));
    if (turn.replacementHistory) this.setMessages(turn.replacementHistory);
    this.push(turn.deferredMessages);
  }

  /**
   * Records `message` as the reply of `turn`, for the next turn to continue from. A thread keeps
   * nothing of a refused turn, and the turn after it starts a new thread.
   */
  recordReply(turn: Turn, message: ApiResponse): void {
    if (message.stop_reason === 'refusal' && this.#anchor.type !== 'never_threaded') {
      if (this.previousMessageId !== null) this.#anchor = { type: 'create' };
      return;
    }
    this.#stored.push(...this.#staged);
    this.#staged = [];
    this.#stored.push({ param: toMessageParam(message), reply: message });
    if (this.#anchor.type === 'create') this.#fields = { ...this.#fields, ...turn.ownCreateOnly };
    if (this.threading) {
      this.#anchor = {
        type: 'continue',
        previousMessageId: message.id,
        createdWith: turn.createOnly,
      };
    }
  }

  /** The body of `turn`'s request, but `stream`: a `continue` sends only what the server lacks. */
  buildCreateArguments(turn: Turn): ApiRequest {
    this.#checkCreateOnly(turn.createOnly);
    const anchor = this.#anchor;
    const stored = anchor.type === 'continue' ? [] : this.#stored.map((entry) => entry.param);
    const params: ApiRequest = {
      ...turn.fields,
      messages: [...stored, ...this.#staged.map((entry) => entry.param)],
    };
    const betas = (params.betas as string[] | undefined) ?? [];
    if (this.threading && !betas.includes(MESSAGE_THREADS_BETA)) {
      params.betas = [...betas, MESSAGE_THREADS_BETA];
    }
    if (anchor.type === 'create') {
      params.thread = { type: 'create' };
    } else if (anchor.type === 'continue') {
      params.thread = { type: 'continue', previous_message_id: anchor.previousMessageId };
      for (const field of CREATE_ONLY_FIELDS) delete params[field];
    }
    return params;
  }

  /** Throws if the thread refuses a turn with the overrides `fields`, before it is sent. */
  checkNextTurn(fields: Record<string, unknown>): void {
    this.#checkCreateOnly(createOnlyJSON({ ...this.#fields, ...definedEntries(fields) }));
  }

  #checkCreateOnly(createOnly: CreateOnlyJSON): void {
    if (this.#anchor.type !== 'continue') return;
    const { createdWith } = this.#anchor;
    const changed = CREATE_ONLY_FIELDS.filter((field) => createOnly[field] !== createdWith[field]);
    if (changed.length) {
      const names = changed.map((field) => `\`${field}\``).join(' and ');
      throw new AnthropicError(
        `Cannot change ${names} on a thread: the server keeps the \`system\` and \`tools\` the thread was created ` +
          'with. To change them, start a new thread from `thread.params`.',
      );
    }
  }
}

function createOnlyJSON(fields: Record<string, unknown>): CreateOnlyJSON {
  return { system: JSON.stringify(fields.system), tools: JSON.stringify(fields.tools) };
}

/** Throws if `fields` has a `thread`: the thread sets it for each request itself. */
export function rejectThreadField(fields: object): void {
  if ('thread' in fields && fields.thread !== undefined) {
    throw new TypeError(
      '`thread` cannot be set here. The message thread sets it for each request itself.',
    );
  }
}

/** `object` without the keys whose value is `undefined`. */
export function definedEntries<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

function startsWith(messages: readonly MessageParam[], prefix: readonly MessageParam[]): boolean {
  return prefix.length <= messages.length && prefix.every((m, i) => sameMessage(m, messages[i]!));
}

/** Whether every field of the two messages is equal; a reply as received counts as its param. */
export function sameMessage(a: MessageParam | ApiResponse, b: MessageParam | ApiResponse): boolean {
  const [left, right] = [toMessageParam(a), toMessageParam(b)];
  const keys = Object.keys({ ...left, ...right });
  return keys.every(
    (key) => left[key] === right[key] || JSON.stringify(left[key]) === JSON.stringify(right[key]),
  );
}

export function toMessageParam(message: MessageParam | ApiResponse): MessageParam {
  return 'id' in message ? { role: message.role, content: message.content } : message;
}
