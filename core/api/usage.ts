import type { Usage } from './messages.ts';

/** The whole input of a call: read from the cache, written to it, and after the last breakpoint. */
export function wholeInput(usage: Usage): number {
  return (
    usage.input_tokens +
    (usage.cache_creation_input_tokens ?? 0) +
    (usage.cache_read_input_tokens ?? 0)
  );
}

/**
 * "1,234 in · 56 out": tokens as the transcript and the wallet show them. With prompt caching,
 * "12 in · 3,204 cache read · 410 cache write · 56 out": `in` is then only the input after the
 * last breakpoint, and the cache's counts are shown when they are not 0.
 */
export function formatTokens(usage: Usage): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const read = usage.cache_read_input_tokens ?? 0;
  const written = usage.cache_creation_input_tokens ?? 0;
  const cache = [
    ...(read > 0 ? [`${n(read)} cache read`] : []),
    ...(written > 0 ? [`${n(written)} cache write`] : []),
  ];
  return [`${n(usage.input_tokens)} in`, ...cache, `${n(usage.output_tokens)} out`].join(' · ');
}
