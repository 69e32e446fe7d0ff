import type { ApiRequest, ApiResponse, ReplyBlock } from '../../api/messages.ts';
import { createAccumulator, type MessageStreamEvent } from '../../api/stream-events.ts';
import type { EventStream } from '../event-stream.ts';
import { AnthropicError, APIUserAbortError } from './errors.ts';

/**
 * `client.messages.stream(params)` in a run: the SDK's `MessageStream` helper
 * (node_modules/@anthropic-ai/sdk/src/lib/MessageStream.ts, 1.14) over a replayed stream, with
 * the part of its surface a replay honours faithfully: the events `connect`, `streamEvent`,
 * `text`, `thinking`, `signature`, `contentBlock`, `message`, `finalMessage`, `error`, `abort` and `end` (with `on`,
 * `once`, `off`, `emitted`), `finalMessage()`, `finalText()`, `done()`, `abort()`, async
 * iteration over the raw events, `currentMessage`, `messages` and `receivedMessages`. Its
 * snapshots grow as the SDK's do; a tool's input stays `{}` until its `content_block_stop`
 * (the SDK parses the partial JSON as it comes: `inputJson` is not offered here).
 */

type Listener = (...args: never[]) => void;
interface Events {
  connect: () => void;
  streamEvent: (event: MessageStreamEvent, snapshot: ApiResponse) => void;
  text: (textDelta: string, textSnapshot: string) => void;
  thinking: (thinkingDelta: string, thinkingSnapshot: string) => void;
  signature: (signature: string) => void;
  contentBlock: (content: ReplyBlock) => void;
  message: (message: ApiResponse) => void;
  finalMessage: (message: ApiResponse) => void;
  error: (error: AnthropicError) => void;
  abort: (error: APIUserAbortError) => void;
  end: () => void;
}

export class MessageStream implements AsyncIterable<MessageStreamEvent> {
  messages: unknown[];
  receivedMessages: ApiResponse[] = [];
  readonly controller = { abort: () => this.abort(), signal: { aborted: false } };
  #listeners = new Map<keyof Events, { listener: Listener; once: boolean }[]>();
  #stream: EventStream | undefined;
  #snapshot: ApiResponse | undefined;
  #ended = false;
  #errored = false;
  #aborted = false;
  #error: AnthropicError | undefined;
  #done: Promise<void>;

  constructor(params: ApiRequest, open: (request: ApiRequest) => Promise<EventStream>) {
    this.messages = Array.isArray(params.messages) ? [...(params.messages as unknown[])] : [];
    this.#done = this.#run(open({ ...params, stream: true }));
    // As the SDK: a failure is reported to `error` listeners and by `finalMessage()`, and
    // is not an unhandled rejection of its own.
    this.#done.catch(() => {});
  }

  get ended(): boolean {
    return this.#ended;
  }
  get errored(): boolean {
    return this.#errored;
  }
  get aborted(): boolean {
    return this.#aborted;
  }
  get currentMessage(): ApiResponse | undefined {
    return this.#snapshot;
  }

  on<E extends keyof Events>(event: E, listener: Events[E]): this {
    this.#add(event, listener as Listener, false);
    return this;
  }
  once<E extends keyof Events>(event: E, listener: Events[E]): this {
    this.#add(event, listener as Listener, true);
    return this;
  }
  off<E extends keyof Events>(event: E, listener: Events[E]): this {
    const list = this.#listeners.get(event) ?? [];
    this.#listeners.set(
      event,
      list.filter((entry) => entry.listener !== (listener as Listener)),
    );
    return this;
  }
  /** Resolves with the arguments of the next `event` (the SDK's `emitted`). */
  emitted<E extends keyof Events>(event: E): Promise<Parameters<Events[E]>[0]> {
    return new Promise((resolve, reject) => {
      if (event !== 'error') this.once('error', reject);
      this.once(event, ((value: Parameters<Events[E]>[0]) => resolve(value)) as Events[E]);
    });
  }

  abort(): void {
    if (this.#ended) return;
    this.controller.signal.aborted = true;
    this.#stream?.controller.abort();
  }

  async done(): Promise<void> {
    await this.#done;
  }

  async finalMessage(): Promise<ApiResponse> {
    await this.done();
    const last = this.receivedMessages.at(-1);
    if (!last)
      throw new AnthropicError('stream ended without producing a Message with role=assistant');
    return last;
  }

  async finalText(): Promise<string> {
    const message = await this.finalMessage();
    const texts = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
    if (texts.length === 0) {
      throw new AnthropicError('stream ended without producing a content block with type=text');
    }
    return texts.join(' ');
  }

  [Symbol.asyncIterator](): AsyncIterator<MessageStreamEvent> {
    const queue: MessageStreamEvent[] = [];
    const readers: {
      resolve(r: IteratorResult<MessageStreamEvent>): void;
      reject(e: unknown): void;
    }[] = [];
    let finished = false;
    this.on('streamEvent', (event) => {
      const reader = readers.shift();
      if (reader) reader.resolve({ value: event, done: false });
      else queue.push(event);
    });
    const close = (error?: unknown) => {
      finished = true;
      for (const reader of readers.splice(0)) {
        if (error) reader.reject(error);
        else reader.resolve({ value: undefined, done: true });
      }
    };
    this.on('end', () => close());
    this.on('abort', (error) => close(error));
    this.on('error', (error) => close(error));
    return {
      next: () => {
        const value = queue.shift();
        if (value) return Promise.resolve({ value, done: false });
        if (finished) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => readers.push({ resolve, reject }));
      },
      return: () => {
        this.abort();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  #add(event: keyof Events, listener: Listener, once: boolean): void {
    const list = this.#listeners.get(event) ?? [];
    list.push({ listener, once });
    this.#listeners.set(event, list);
  }

  #emit<E extends keyof Events>(event: E, ...args: Parameters<Events[E]>): void {
    const list = this.#listeners.get(event) ?? [];
    this.#listeners.set(
      event,
      list.filter((entry) => !entry.once),
    );
    for (const { listener } of list) (listener as (...a: Parameters<Events[E]>) => void)(...args);
  }

  async #run(opened: Promise<EventStream>): Promise<void> {
    try {
      const stream = await opened;
      this.#stream = stream;
      if (this.controller.signal.aborted) stream.controller.abort();
      this.#emit('connect');
      const accumulator = createAccumulator();
      for await (const event of stream) {
        const problem = accumulator.add(event);
        if (problem) throw new AnthropicError(`Unexpected event order: ${problem}`);
        const snapshot = accumulator.snapshot;
        if (!snapshot) continue;
        this.#snapshot = snapshot;
        this.#emit('streamEvent', event, snapshot);
        this.#dispatch(event, snapshot);
      }
      if (stream.controller.signal.aborted) throw new APIUserAbortError();
      if (!accumulator.ended) throw new AnthropicError('request ended without sending any chunks');
      this.#ended = true;
      this.#emit('end');
    } catch (thrown) {
      this.#fail(thrown);
      throw this.#error;
    }
  }

  #dispatch(event: MessageStreamEvent, snapshot: ApiResponse): void {
    const block = snapshot.content.at(-1);
    if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
      if (block?.type === 'text') this.#emit('text', event.delta.text, block.text);
    } else if (event.type === 'content_block_delta' && block?.type === 'thinking') {
      if (event.delta.type === 'thinking_delta') {
        this.#emit('thinking', event.delta.thinking, block.thinking);
      } else if (event.delta.type === 'signature_delta') this.#emit('signature', block.signature);
    } else if (event.type === 'content_block_stop' && block) {
      this.#emit('contentBlock', block);
    } else if (event.type === 'message_stop') {
      const message = copy(snapshot);
      this.messages.push({ role: 'assistant', content: message.content });
      this.receivedMessages.push(message);
      this.#emit('message', message);
      this.#emit('finalMessage', message);
    }
  }

  #fail(thrown: unknown): void {
    this.#ended = true;
    const error =
      thrown instanceof AnthropicError
        ? thrown
        : new AnthropicError(String(thrown), { cause: thrown });
    this.#error = error;
    if (error instanceof APIUserAbortError) {
      this.#aborted = true;
      this.#emit('abort', error);
    } else {
      this.#errored = true;
      this.#emit('error', error);
    }
    this.#emit('end');
  }
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
