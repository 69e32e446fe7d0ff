import { isJsonObject } from '../../core/json/json-diff.ts';
import { parseSteps } from './script-steps.ts';
import type { ApiStandIn } from './start-api-stand-in.ts';

/**
 * The control path, `/__stand-in/...`: what a test does in-process, over HTTP, for a test
 * that scripts a stand-in some other process started (Playwright's e2e setup).
 */
export const CONTROL_PREFIX = '/__stand-in/';

type Control = Pick<ApiStandIn, 'script' | 'requests' | 'preflights' | 'pending' | 'reset'>;

const routes: Record<string, (control: Control, body: unknown) => unknown> = {
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
  control: Control,
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
