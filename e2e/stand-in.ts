/**
 * The Messages API stand-in (scripts/api-stand-in) as the specs reach it: Playwright's config
 * starts it beside the preview server, one port above it, and `npm run build:e2e` builds the
 * page with that origin in its CSP's connect-src (THEINFERENCE_CONNECT_SRC). Specs script it
 * and read its log over its control routes.
 */

/** The stand-in's port: the preview server's, plus one. */
export const STAND_IN_PORT = Number(process.env.E2E_PORT ?? 4173) + 1;
export const STAND_IN_URL = `http://127.0.0.1:${STAND_IN_PORT}`;

/** One request as the stand-in logged it (its README, "The log"). */
export interface LoggedRequest {
  number: number;
  headers: Record<string, string>;
  /** The key, cut to `…` and its last 4 characters. */
  key: string;
  body: unknown;
  status?: number;
  aborted?: boolean;
}

async function control(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${STAND_IN_URL}/__stand-in/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`stand-in ${path}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Queues answers for requests made with `key` (which the stand-in then accepts). Each spec
 * uses keys of its own, so specs running side by side never take each other's answers.
 */
export async function script(key: string, steps: unknown[]): Promise<void> {
  await control('script', { steps, key });
}

/** The requests made with `key`, oldest first. */
export async function requestsWith(key: string): Promise<LoggedRequest[]> {
  const all = (await control('requests')) as LoggedRequest[];
  return all.filter((r) => r.key === `…${key.slice(-4)}`);
}

/** A key of this test's own: the stand-in tells requests apart by its last four characters. */
export function uniqueKey(label: string): string {
  const tail = Math.random().toString(36).slice(2, 6).padEnd(4, 'x');
  return `sk-ant-e2e-${label}-${Date.now().toString(36)}${tail}`;
}
