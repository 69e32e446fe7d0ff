import { isJsonObject } from '../../core/json/json-diff.ts';
import type { LoggedPreflight, LoggedRequest } from './request-log.ts';
import { parseSteps, type ScriptStep } from './script-steps.ts';

/**
 * The control path, `/__stand-in/...`: what a test does in-process, over HTTP, for a test
 * that scripts a stand-in some other process started (Playwright's e2e setup).
 */
export const CONTROL_PREFIX = '/__stand-in/';

/** What a test does to a stand-in, in-process or over the control path. */
export interface StandInControl {
  /**
   * Sets the queue of answers for requests with `key` (which it also starts accepting), or,
   * without a key, for any key whose own queue is empty. Replaces what was queued there.
   */
  script(steps: ScriptStep[], options?: { key?: string }): void;
  /** Every request so far but preflights, oldest first (copies). */
  requests(): LoggedRequest[];
  /** Every CORS preflight so far, oldest first. */
  preflights(): LoggedPreflight[];
  /** How many scripted answers are left. */
  pending(): number;
  /** Forgets scripts, logs and keys added by scripts. */
  reset(): void;
}

const routes: Record<string, (control: StandInControl, body: unknown) => unknown> = {
  'GET health': (control) => ({ ok: true, pending: control.pending() }),
  'GET requests': (control) => control.requests(),
  'GET preflights': (control) => control.preflights(),
  'POST script': (control, body) => {
    if (!isJsonObject(body))
      throw new Error('expected a JSON object: { "steps": [...], "key"?: "..." }');
    const { key, steps } = body;
    if (key !== undefined && typeof key !== 'string') throw new Error('key: expected a string');
    control.script(parseSteps(steps), key === undefined ? {} : { key });
    return { ok: true, pending: control.pending() };
  },
  'POST reset': (control) => {
    control.reset();
    return { ok: true };
  },
};

/** The status and JSON body for a control request. */
export function answerControl(
  control: StandInControl,
  method: string,
  path: string,
  bodyText: string,
): { status: number; body: unknown } {
  const name = path.slice(CONTROL_PREFIX.length);
  const route = routes[`${method} ${name}`];
  if (!route) {
    const known = Object.keys(routes).map((route) => route.replace(' ', ` ${CONTROL_PREFIX}`));
    return {
      status: 404,
      body: { error: `no control route ${method} ${path}; known: ${known.join(', ')}` },
    };
  }
  try {
    const body: unknown = bodyText === '' ? undefined : JSON.parse(bodyText);
    return { status: 200, body: route(control, body) };
  } catch (error) {
    return { status: 400, body: { error: error instanceof Error ? error.message : String(error) } };
  }
}
