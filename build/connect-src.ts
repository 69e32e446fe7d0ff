/**
 * Where the page may connect: its own origin, the Messages API's, and the origins a build adds
 * with THEINFERENCE_CONNECT_SRC (a gateway, or the tests' API stand-in), separated by spaces
 * or commas. The same list goes into the CSP's `connect-src` and into the page, so live mode
 * can say why a base URL outside it cannot work before it tries.
 */

/** The API's default origin, as the SDK's default base URL names it. */
export const API_ORIGIN = 'https://api.anthropic.com';

/** The env var a build reads. */
export const CONNECT_SRC_ENV = 'THEINFERENCE_CONNECT_SRC';

/**
 * The origins live mode may reach, the API's first. Each extra entry must be an http(s) origin
 * (`https://gateway.example.com`, `http://127.0.0.1:4292`): no path, no wildcard, nothing a
 * policy would read as more than one origin. A bad entry fails the build, naming it.
 */
export function liveOrigins(extra: string | undefined): string[] {
  const origins = [API_ORIGIN];
  for (const entry of (extra ?? '').split(/[\s,]+/).filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(
        `${CONNECT_SRC_ENV}: "${entry}" is not a URL (write an origin such as https://gateway.example.com)`,
      );
    }
    const plain =
      url.username === '' && url.password === '' && url.search === '' && url.hash === '';
    if (!/^https?:$/.test(url.protocol) || !plain || url.pathname !== '/' || entry.includes('*')) {
      throw new Error(
        `${CONNECT_SRC_ENV}: "${entry}" is not an http(s) origin (scheme, host and port only, e.g. https://gateway.example.com)`,
      );
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}
