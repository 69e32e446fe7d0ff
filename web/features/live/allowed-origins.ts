/** The origins this build's CSP lets the page connect to, besides its own (vite.config.ts). */
export const LIVE_ORIGINS: readonly string[] =
  typeof __THEINFERENCE_LIVE_ORIGINS__ === 'undefined'
    ? ['https://api.anthropic.com']
    : __THEINFERENCE_LIVE_ORIGINS__;

/**
 * Why the page cannot reach `baseURL`, or undefined when it can: not an http(s) URL, or an
 * origin the page's policy does not allow (a request there would fail without a word).
 */
export function baseUrlProblem(
  baseURL: string,
  allowed: readonly string[] = LIVE_ORIGINS,
): string | undefined {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return `"${baseURL}" is not a URL.`;
  }
  if (!/^https?:$/.test(url.protocol)) return 'The base URL must start with https:// (or http://).';
  if (!allowed.includes(originOf(baseURL))) {
    return `This build may connect only to ${allowed.join(', ')}: add ${url.origin} to THEINFERENCE_CONNECT_SRC when you build (see the README, "Live mode").`;
  }
  return undefined;
}

/** The scheme, host and port of `url`, or the text itself when it is not a URL. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
