import { formatTokens } from '../api/usage.ts';
import { displayBreakpoint, findBreakpoints } from '../cassette/cache-breakpoints.ts';
import type { Turn } from './report.ts';

/**
 * A turn's prompt caching in one line, for the transcript (the page's and the CLI's): where its
 * request put cache breakpoints, and what its reply says the cache did:
 * `cache_control on system[0], messages[6].content[1] · 6 in · 3,204 cache read · 410 cache write · 85 out`.
 * Undefined for a turn that neither marks a block nor reads or writes the cache.
 */
export function cacheLine(turn: Turn): string | undefined {
  const marks = findBreakpoints(turn.request.raw).map(displayBreakpoint);
  const usage = turn.response?.usage;
  const cached =
    (usage?.cache_read_input_tokens ?? 0) > 0 || (usage?.cache_creation_input_tokens ?? 0) > 0;
  if (marks.length === 0 && !cached) return;
  const where = marks.length > 0 ? `cache_control on ${marks.join(', ')}` : 'no cache_control';
  return usage ? `${where} · ${formatTokens(usage)}` : where;
}
