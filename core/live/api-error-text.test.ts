import { describe, expect, it } from 'vitest';
import { explainApiError } from './api-error-text.ts';

const body = (type: string, message: string) => ({
  type: 'error' as const,
  error: { type, message },
});

describe('explainApiError', () => {
  it('tells an error event mid-stream from the HTTP status of the same type', () => {
    expect(explainApiError(200, body('overloaded_error', 'Overloaded'))).toBe(
      'An error event cut the stream off after the API had begun its reply: the SDK does not retry that (it throws the event as an APIError of its type); the code may ask again.',
    );
    expect(explainApiError(529, body('overloaded_error', 'Overloaded'))).toBe(
      'The API is overloaded: the SDK retried with backoff. Try again in a while.',
    );
  });
});
