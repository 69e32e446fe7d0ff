import type { ApiErrorBody } from '../api/messages.ts';

/**
 * What an error from the Messages API means for a live run, and what to do about it, in a
 * sentence: both hosts show it under the API's own status, type and message.
 */
export function explainApiError(status: number, body: ApiErrorBody): string {
  const type = body.error.type;
  if (status === 0) {
    return type === 'aborted'
      ? 'The request was stopped before it was answered.'
      : 'No answer came from the API: check the connection and the API base URL.';
  }
  if (status === 200) {
    return 'An error event cut the stream off after the API had begun its reply: the SDK does not retry that (it throws the event as an APIError of its type); the code may ask again.';
  }
  if (status === 400) {
    return 'The API refused the request as malformed (the local check let it through): read its message.';
  }
  if (status === 401) return 'The API did not accept the key: check it, or make a new one.';
  if (status === 403) return 'The key is valid but may not do this (its workspace, or this model).';
  if (status === 404) {
    return /model/i.test(body.error.message)
      ? 'There is no such model, or the key may not use it: check the model name.'
      : 'The API has nothing at this address: check the API base URL.';
  }
  if (status === 413) return 'The request is too large for the API.';
  if (status === 429) {
    return 'Rate limited: the SDK waited as retry-after asked and retried, and the limit still held. Wait a minute, then run again.';
  }
  if (status === 529 || type === 'overloaded_error') {
    return 'The API is overloaded: the SDK retried with backoff. Try again in a while.';
  }
  if (status >= 500) return 'The API failed: the SDK retried with backoff. Try again in a while.';
  return 'The API refused the request.';
}
