import type { ApiResponse, Usage } from '../core/index.ts';
import { isJsonObject, jsonEqual } from '../core/json/json-diff.ts';
import { estimateInputTokens } from './token-estimate.ts';

/**
 * Prompt caching as the API does it, for the recordings of one case: what each request may
 * read from the cache and must write to it, so that an author's `usage` is real usage
 * (scripts/cassette-conventions.ts) and the recorder can estimate it (scripts/recording.ts).
 *
 * A request is read as positions in the API's order: each tool, each system block, each block
 * of each message (a string content is one text block). A `cache_control` marks a position (a
 * top-level one, the last); the prefix that ends there is written to the cache when it is at
 * least the model's minimum. A later request reads the longest prefix of its own that an earlier
 * request wrote, found from one of its marks looking back at most 20 positions. Of its input,
 * `cache_read_input_tokens` is that prefix, `cache_creation_input_tokens` the rest up to its last
 * mark, and `input_tokens` only what follows the last mark. Facts from Anthropic's prompt
 * caching page (read 2026-10-01): "The lookback window is 20 blocks"; at most 4 breakpoints;
 * total input = cache read + cache creation + input_tokens.
 */

/**
 * The minimum cacheable prompt length, per model: "512 tokens for Claude Fable 5.1, Claude
 * Mythos 5.1, Claude Opus 5.5, Claude Opus 5, Claude Sonnet 5.5, Claude Fable 5, and Claude
 * Mythos 5"; 1,024 for Opus 4.8, Sonnet 5, Sonnet 4.6 and 4.5; 4,096 for Haiku 4.5. Shorter
 * prefixes "will be processed without caching, and no error is returned".
 */
export const MIN_CACHEABLE: Record<string, number> = {
  'claude-sonnet-5-5': 512,
  'claude-opus-5-5': 512,
  'claude-opus-5': 512,
  'claude-sonnet-5': 1024,
  'claude-opus-4-8': 1024,
  'claude-sonnet-4-6': 1024,
  'claude-haiku-4-5': 4096,
};

/** Positions a mark looks back for an earlier entry, itself included. */
export const LOOKBACK = 20;

/** The tokens of a tool-use request before any of its own text (the API's tool-use system prompt). */
const BASE_TOKENS = 340;
/** Tokens of input after the last mark when the mark is on the last block: the reply's opening. */
const OPENING_TOKENS = 4;

const chars = (value: unknown) => JSON.stringify(value ?? null).length;

/** One position of a request: what it holds (for matching prefixes), its mark, its tokens. */
interface Position {
  key: string;
  mark?: Record<string, unknown>;
  tokens: number;
}

/** The positions of a request in the API's order, each with its estimated tokens. */
export function positionsOf(request: Record<string, unknown>): Position[] {
  const positions: Position[] = [];
  const add = (value: unknown, where: string, perToken: number) => {
    const block = isJsonObject(value) ? value : { type: 'text', text: value };
    const { cache_control: mark, ...rest } = block;
    positions.push({
      key: `${where}${JSON.stringify(unmarked(rest))}`,
      ...(isJsonObject(mark) && { mark }),
      tokens: chars(rest) / perToken,
    });
  };
  const tools = Array.isArray(request.tools) ? request.tools : [];
  for (const tool of tools) add(tool, 'tool:', 4.8);
  const system = request.system;
  if (typeof system === 'string') add(system, 'system:', 3.5);
  else if (Array.isArray(system)) for (const block of system) add(block, 'system:', 3.5);
  const messages = Array.isArray(request.messages) ? request.messages : [];
  for (const message of messages) {
    if (!isJsonObject(message)) continue;
    const content = typeof message.content === 'string' ? [message.content] : message.content;
    if (!Array.isArray(content)) continue;
    content.forEach((block, j) => add(block, `${String(message.role)}${j === 0 ? '^' : ''}:`, 3));
  }
  const last = positions.at(-1);
  if (last && isJsonObject(request.cache_control)) last.mark = request.cache_control;
  return positions;
}

/** A block without the marks inside it (a tool_result's own content blocks). */
function unmarked(block: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(block.content)) return block;
  const content = block.content.map((inner) => {
    if (!isJsonObject(inner)) return inner;
    const { cache_control: _mark, ...rest } = inner;
    return rest;
  });
  return { ...block, content };
}

/** The prefix of `positions` that ends at `index`, as a key. */
function prefixKey(model: unknown, positions: readonly Position[], index: number): string {
  return `${String(model)}\n${positions
    .slice(0, index + 1)
    .map((p) => p.key)
    .join('\n')}`;
}

/** Tokens of the prefix that ends at each position (the base included), by the estimate. */
function prefixTokens(positions: readonly Position[]): number[] {
  let sum = BASE_TOKENS;
  return positions.map((p) => Math.round((sum += p.tokens)));
}

/** Indexes of the marked positions. */
function marksOf(positions: readonly Position[]): number[] {
  return positions.flatMap((p, i) => (p.mark ? [i] : []));
}

/** What a request's marks can find in the cache: the entry of the longest prefix, and where it ends. */
function lookup(
  entries: ReadonlyMap<string, number | undefined>,
  model: unknown,
  positions: readonly Position[],
): { at: number; size: number | undefined } | undefined {
  let best: { at: number; size: number | undefined } | undefined;
  for (const mark of marksOf(positions)) {
    for (let at = mark; at >= 0 && at > mark - LOOKBACK; at--) {
      const key = prefixKey(model, positions, at);
      if (!entries.has(key)) continue;
      if (!best || at > best.at) best = { at, size: entries.get(key) };
      break;
    }
  }
  return best;
}

/** The cache's counts of a usage, 0 where absent or null. */
export function cacheCounts(usage: Usage): { written: number; read: number } {
  return {
    written: usage.cache_creation_input_tokens ?? 0,
    read: usage.cache_read_input_tokens ?? 0,
  };
}

/**
 * Whether `next` goes on from `previous`: the same model, tools and system, and every message
 * `previous` sent, unchanged but for cache marks, at the start of `next` (a retry sends the
 * same). Only then must its input be at least as large.
 */
export function continues(
  previous: Record<string, unknown>,
  next: Record<string, unknown>,
): boolean {
  const keys = (request: Record<string, unknown>) => positionsOf(request).map((p) => p.key);
  const before = keys(previous);
  const now = keys(next);
  return (
    previous.model === next.model &&
    before.length <= now.length &&
    jsonEqual(before, now.slice(0, before.length))
  );
}

/**
 * Estimated usage for a case's requests, in order, where an author leaves the counts to the
 * recorder: the whole input of each, by the course's estimate (at least one more than the
 * request it goes on from), split into what the cache gives and takes. A request without marks
 * gets `input_tokens` alone, as before.
 */
export function estimateCachedInput(
  requests: readonly Record<string, unknown>[],
): Pick<
  Usage,
  'input_tokens' | 'cache_creation_input_tokens' | 'cache_read_input_tokens' | 'cache_creation'
>[] {
  const entries = new Map<string, number | undefined>();
  const wholes: number[] = [];
  return requests.map((request, i) => {
    const previous = requests[i - 1];
    const floor = previous && continues(previous, request) ? (wholes[i - 1] ?? 0) + 1 : 0;
    const whole = Math.max(floor, estimateInputTokens(request));
    wholes.push(whole);
    const positions = positionsOf(request);
    const marks = marksOf(positions);
    const last = marks.at(-1);
    if (last === undefined) return { input_tokens: whole };
    // The estimate's positions, scaled to the whole: the tail after the last mark stays small.
    const raw = prefixTokens(positions);
    const rawEnd = raw.at(-1) ?? BASE_TOKENS;
    const scale = (whole - OPENING_TOKENS - BASE_TOKENS) / Math.max(1, rawEnd - BASE_TOKENS);
    const prefixes = raw.map((t) => Math.round(BASE_TOKENS + (t - BASE_TOKENS) * scale));
    const minimum = MIN_CACHEABLE[String(request.model)] ?? 1024;
    const cached = prefixes[last] ?? 0;
    if (cached < minimum) {
      return { input_tokens: whole, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    }
    const found = lookup(entries, request.model, positions);
    const read = found ? (found.size ?? prefixes[found.at] ?? 0) : 0;
    const split = { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 };
    let from = read;
    for (const mark of marks) {
      const end = prefixes[mark] ?? 0;
      if (end <= from) continue;
      const ttl = positions[mark]?.mark?.ttl === '1h' ? '1h' : '5m';
      split[`ephemeral_${ttl}_input_tokens`] += end - from;
      from = end;
    }
    for (const mark of marks) {
      const size = prefixes[mark] ?? 0;
      const key = prefixKey(request.model, positions, mark);
      // A prefix already in the cache is read, not written again: its size stays as written.
      if (size >= minimum && !entries.has(key)) entries.set(key, size);
    }
    return {
      input_tokens: whole - cached,
      cache_creation_input_tokens: cached - read,
      cache_read_input_tokens: read,
      cache_creation: split,
    };
  });
}

/**
 * What is wrong with the cache's side of a case's recorded usage, one problem a line (`where`
 * names each call): reads and writes without a mark, a read that no earlier request wrote or of
 * another size than it wrote, a write below the model's minimum, none where the marked prefix
 * is past it, `input_tokens` that is more than what follows the last mark, and a split by
 * lifetime that does not add up.
 */
export function cacheProblems(
  calls: readonly { request: Record<string, unknown>; response: ApiResponse }[],
  where: (index: number) => string,
): string[] {
  const problems: string[] = [];
  /** Entries written so far: the size of each, when the recording says it. */
  const entries = new Map<string, number | undefined>();
  for (const [i, { request, response }] of calls.entries()) {
    const at = where(i);
    const usage = response.usage;
    const { written, read } = cacheCounts(usage);
    const positions = positionsOf(request);
    const marks = marksOf(positions);
    const minimum = MIN_CACHEABLE[String(request.model)] ?? 1024;
    if (marks.length === 0) {
      if (written + read > 0) {
        problems.push(
          `${at}: the reply reports ${written + read} cache tokens, but the request marks no cache breakpoint`,
        );
      }
      continue;
    }
    const split = usage.cache_creation;
    if (split && split.ephemeral_5m_input_tokens + split.ephemeral_1h_input_tokens !== written) {
      problems.push(
        `${at}: cache_creation's 5m and 1h counts do not add up to cache_creation_input_tokens ${written}`,
      );
    }
    const ttls = new Set(marks.map((m) => (positions[m]?.mark?.ttl === '1h' ? '1h' : '5m')));
    if (split?.ephemeral_1h_input_tokens && !ttls.has('1h')) {
      problems.push(`${at}: the cache wrote 1-hour tokens, but no mark asks for ttl '1h'`);
    }
    if (split?.ephemeral_5m_input_tokens && !ttls.has('5m')) {
      problems.push(`${at}: the cache wrote 5-minute tokens, but every mark asks for ttl '1h'`);
    }
    const last = marks.at(-1)!;
    const tail = positions.slice(last + 1).reduce((n, p) => n + p.tokens, 0) + OPENING_TOKENS;
    const cached = written + read;
    if (cached === 0) {
      const prefix = usage.input_tokens - Math.round(tail);
      if (prefix >= minimum) {
        problems.push(
          `${at}: the request marks a prefix of about ${prefix} tokens, past the minimum of ${minimum} for ${String(request.model)}, but the reply reports no cache write or read`,
        );
      }
      continue;
    }
    if (cached < minimum) {
      problems.push(
        `${at}: the cache holds a prefix of ${cached} tokens, below the minimum of ${minimum} for ${String(request.model)}`,
      );
    }
    if (usage.input_tokens > Math.round(tail * 1.5) + 20) {
      problems.push(
        `${at}: input_tokens ${usage.input_tokens} counts only what follows the last breakpoint, about ${Math.round(tail)} tokens here`,
      );
    }
    const found = lookup(entries, request.model, positions);
    if (found && read === 0) {
      problems.push(
        `${at}: the reply reads nothing from the cache, but an earlier request wrote a prefix of this one`,
      );
    } else if (!found && read > 0) {
      problems.push(
        `${at}: the reply reads ${read} tokens from the cache, but no earlier request wrote a prefix of this one`,
      );
    } else if (found && found.size !== undefined && read !== found.size) {
      problems.push(
        `${at}: the reply reads ${read} tokens from the cache, but the longest prefix an earlier request wrote is ${found.size}`,
      );
    } else if (found && found.size === undefined) {
      entries.set(prefixKey(request.model, positions, found.at), read);
    }
    for (const mark of marks) {
      const key = prefixKey(request.model, positions, mark);
      // Only the last mark's prefix has a size the reply states: read and written together.
      if (mark === last) entries.set(key, cached);
      else if (!entries.has(key)) entries.set(key, undefined);
    }
  }
  return problems;
}
