import * as Real from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import * as Ours from './errors.ts';

const body = {
  type: 'error',
  error: {
    type: 'invalid_request_error',
    message: 'messages.1: bad',
    details: { error_code: 'x' },
  },
};

/** What code can read off an error, and which classes it is an instance of. */
function readable(error: Real.APIError | Ours.APIError, classes: Record<string, unknown>) {
  return {
    name: error.name,
    message: error.message,
    status: error.status,
    error: error.error,
    requestID: error.requestID,
    apiMessage: error.apiMessage,
    type: error.type,
    errorCode: error.errorCode,
    details: error.details,
    instanceOf: Object.entries(classes)
      .filter(([, cls]) => typeof cls === 'function' && error instanceof (cls as new () => unknown))
      .map(([name]) => name)
      .sort(),
  };
}

const errorClasses = (module: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(module).filter(([name]) => /Error$/.test(name)));

describe("the SDK stand-in's errors", () => {
  it.each([400, 401, 403, 404, 413, 422, 429, 500, 503, 529, 418])(
    'make for status %i the error the real SDK makes',
    (status) => {
      const headers = new Headers({ 'request-id': 'req_01' });
      const real = Real.APIError.generate(status, body, undefined, headers);
      const ours = Ours.APIError.generate(status, body, undefined, headers);
      expect(readable(ours, errorClasses(Ours))).toEqual(readable(real, errorClasses(Real)));
    },
  );

  it('are the classes the real package exports, by name', () => {
    expect(Object.keys(errorClasses(Ours)).sort()).toEqual(Object.keys(errorClasses(Real)).sort());
  });

  it('say who they are without a status or headers (a connection error)', () => {
    const real = new Real.APIConnectionError({ message: 'offline' });
    const ours = new Ours.APIConnectionError({ message: 'offline' });
    expect(readable(ours, errorClasses(Ours))).toEqual(readable(real, errorClasses(Real)));
  });
});
