import type { ApiResponse } from '../api/messages.ts';
import { apiResponseSchema, caseMetaSchema, cassetteSchema } from '../lesson/schema.ts';
import type { LiveReport } from './live-run.ts';

/**
 * A live session as a lesson case, in the course's own format: `case.json` (the input),
 * `cassette.json` (each call's request as the code sent it and the response as the API gave
 * it) and `expected.json` (what the harness printed). The lesson loader reads the three files
 * unchanged, so an author turns a real session into a case by dropping the folder into
 * `fixtures/<lesson>/cases/`.
 *
 * Nothing but the API's own message fields is kept: no key (it is never in a body), and none
 * of the request ids the SDK attaches (`_request_id`) or the API sends (`request_id`).
 */

/** The files of one case folder, by name. */
export type CaseFiles = Record<'case.json' | 'cassette.json' | 'expected.json', string>;

export type RecordResult = { ok: true; files: CaseFiles } | { ok: false; reason: string };

/** Records `live` as a case; says why not when the session cannot be one. */
export function recordLiveCase(
  live: LiveReport,
  meta: { description?: string; visible?: boolean } = {},
): RecordResult {
  if (live.calls.length === 0) return { ok: false, reason: 'The run made no answered model call.' };
  if (live.calls.length !== live.callsMade) {
    return {
      ok: false,
      reason: 'A call in this run failed, so no recording can replay it: run again.',
    };
  }
  if (live.output === undefined) {
    return { ok: false, reason: 'The harness printed no result to expect.' };
  }
  if (live.report.status !== 'pass') {
    return { ok: false, reason: 'Only a run whose checks passed can be recorded.' };
  }
  const calls = live.calls.map(({ request, response }) => ({
    request: copy(request),
    response: keepApiFields(response),
  }));
  const cassette = cassetteSchema.safeParse({ calls });
  if (!cassette.success) {
    return { ok: false, reason: `The session does not fit a cassette: ${cassette.error.message}` };
  }
  const caseMeta = caseMetaSchema.parse({
    visible: meta.visible ?? true,
    description: meta.description?.trim() || `Recorded live: ${live.report.description}`,
    input: copy(live.input),
  });
  return {
    ok: true,
    files: {
      'case.json': json(caseMeta),
      'cassette.json': json(cassette.data),
      'expected.json': json(live.output),
    },
  };
}

/** The response's fields a cassette holds (the schema's), in the schema's order. */
function keepApiFields(response: ApiResponse): ApiResponse {
  const kept: Record<string, unknown> = {};
  const source = response as unknown as Record<string, unknown>;
  for (const key of Object.keys(apiResponseSchema.shape)) {
    if (source[key] !== undefined) kept[key] = copy(source[key]);
  }
  kept.content = response.content.map((block) =>
    block.type === 'text'
      ? { type: 'text', text: block.text }
      : { type: 'tool_use', id: block.id, name: block.name, input: copy(block.input) },
  );
  kept.usage = {
    input_tokens: response.usage.input_tokens,
    output_tokens: response.usage.output_tokens,
  };
  return kept as unknown as ApiResponse;
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
