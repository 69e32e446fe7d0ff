/**
 * The subset of the Anthropic Messages API that cassettes record and replay.
 * Field names follow the API's JSON exactly, so a cassette is real traffic.
 */

/** Why the model stopped generating. */
export type StopReason =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'stop_sequence'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded';

export interface TextBlock {
  type: 'text';
  text: string;
}

export interface ToolUseBlock {
  type: 'tool_use';
  /** Recorded ids are fixed (`toolu_...`), so replays are deterministic. */
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string | TextBlock[];
  is_error?: boolean;
}

/**
 * The model's reasoning, when thinking is on: its text (summarized, or `""` when the request's
 * `display` is `omitted`) and the `signature` that lets the API verify the block when it comes
 * back in a later request. Sent back unchanged, byte for byte.
 */
export interface ThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

/** Thinking the safety systems redacted: `data` is opaque and encrypted, sent back unchanged. */
export interface RedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

/** A block of a model reply, as cassettes record them. */
export type ReplyBlock = TextBlock | ThinkingBlock | RedactedThinkingBlock | ToolUseBlock;

export type ContentBlock = ReplyBlock | ToolResultBlock;

/** One message of a conversation as sent in a request. */
export interface ApiMessage {
  role: 'user' | 'assistant';
  content: string | ContentBlock[];
}

/**
 * What a call cost, in tokens. With prompt caching, the request's input is split three ways:
 * `cache_read_input_tokens` (the prefix read from the cache), `cache_creation_input_tokens`
 * (the part up to the last breakpoint, written to it), and `input_tokens` (only what comes
 * after the last breakpoint). The whole input is their sum. Recordings without caching leave
 * the cache counts out.
 */
export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  /** The cache write split by lifetime; the two add up to `cache_creation_input_tokens`. */
  cache_creation?: CacheCreation | null;
}

/** Tokens written to the cache, by the lifetime their breakpoint asked for. */
export interface CacheCreation {
  ephemeral_5m_input_tokens: number;
  ephemeral_1h_input_tokens: number;
}

/**
 * A successful response from `POST /v1/messages`. `Block` narrows what its content may hold
 * where a caller knows (the harness's `createMessage`, as part one's types read it).
 */
export interface ApiResponse<Block extends ReplyBlock = ReplyBlock> {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: Block[];
  stop_reason: StopReason;
  stop_sequence?: string | null;
  /** For a `refusal`, the policy category that triggered it; otherwise null. */
  stop_details?: RefusalStopDetails | null;
  usage: Usage;
}

/** What the API says about a refusal. */
export interface RefusalStopDetails {
  type: 'refusal';
  category: 'cyber' | 'bio' | 'frontier_llm' | 'reasoning_extraction' | 'general_harms' | null;
  explanation: string | null;
}

/** The JSON body of an API error response (`{ type: "error", error: {...} }`). */
export interface ApiErrorBody {
  type: 'error';
  error: { type: string; message: string };
}

/** A request to `POST /v1/messages`; learners may send any JSON, so fields are loose. */
export type ApiRequest = Record<string, unknown>;

/**
 * The beta a threaded request names (`thread: { type: 'create' | 'continue' }`): the API keeps
 * the conversation, so each later request sends only the new messages. The SDK sends it as the
 * `anthropic-beta` header; the tool runner runs over a thread by default.
 */
export const MESSAGE_THREADS_BETA = 'message-threads-2026-08-12';
