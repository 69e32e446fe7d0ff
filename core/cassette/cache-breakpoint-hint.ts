import { displayBreakpoint, findBreakpoints } from './cache-breakpoints.ts';
import { valueAt } from './canonical-request.ts';
import type { SegmentDiff } from '../json/json-diff.ts';
import { previewJson } from './json-preview.ts';

/**
 * What to change when a request's conversation left the recording at a `cache_control`: a
 * breakpoint the recording has and the request lacks, one it has where the recording has
 * none, or one with another value. Both requests arrive canonical; undefined when the
 * difference is not about a message block's breakpoint.
 */
export function cacheBreakpointHint(
  expected: Record<string, unknown>,
  diff: SegmentDiff,
): string | undefined {
  const [field] = diff.segments;
  const at = diff.segments.indexOf('cache_control');
  if (field !== 'messages' || at === -1) return;
  const recorded = findBreakpoints({ messages: expected.messages }).map(displayBreakpoint);
  const where =
    recorded.length === 0
      ? 'The recording marks no block of the conversation: this loop sends its requests without cache_control.'
      : `The recording's breakpoint is on ${recorded.join(' and ')}, the last block of the request.`;
  if (diff.kind === 'missing' && at === diff.segments.length - 1) {
    return `${where} Mark it with cache_control on every request (a message whose content is a string goes as one text block that carries the mark).`;
  }
  if (diff.kind === 'extra' && at === diff.segments.length - 1) {
    if (recorded.length === 0) return `${where} Mark blocks only when the loop is asked to cache.`;
    return `${where} This block carries a mark the recording does not have: a request marks only its last block, and the marks earlier requests placed come off (the API looks back from the newest mark for what they cached).`;
  }
  const mark = valueAt(expected, diff.segments.slice(0, at + 1));
  return `${where} Its cache_control differs from the recording's (${previewJson(mark, 60)}): mark the block with the value the loop was given, ttl and all.`;
}
