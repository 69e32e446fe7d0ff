import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import { invalidRequest } from '../cassette/rejections.ts';
import { validateRequest } from '../cassette/validate-request.ts';
import type { ModelAnswer } from '../run/model-answerer.ts';

/**
 * The same API-faithful validation a cassette applies, before a live call leaves the host: a
 * request the API would refuse gets the API's own 400 here, with the usual explanation, and
 * costs nothing. `previous` is the last response the session got (a paused turn may be sent
 * back); `requestNumber` is 1-based.
 */
export function refuseLocally(
  request: ApiRequest,
  previous: ApiResponse | undefined,
  requestNumber: number,
): Extract<ModelAnswer, { ok: false; status: number }> | undefined {
  const issue = validateRequest(request, previous);
  if (!issue) return undefined;
  const rejection = invalidRequest(issue, { requestNumber, recorded: 0 });
  return { ok: false, status: rejection.status, body: rejection.body, rejection };
}
