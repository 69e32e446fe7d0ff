import { explainApiError, type ApiRetry, type Turn } from '../../../core/index.ts';

/**
 * A call the API (or the network) refused, or a stream an error event cut off (status 200): the
 * API's own error, and what it means.
 */
export function ApiErrorNote({ error }: { error: NonNullable<Turn['error']> }) {
  const { status, body } = error;
  const title =
    status === 200
      ? `Stream cut off by an error event, ${body.error.type}: ${body.error.message}`
      : status > 0
        ? `HTTP ${status} ${body.error.type}: ${body.error.message}`
        : `No response (${body.error.type}): ${body.error.message}`;
  return (
    <div className="rejection api-error" role="group" aria-label={`API error: ${title}`}>
      <p className="rejection-title">{title}</p>
      <p>{explainApiError(status, body)}</p>
    </div>
  );
}

/** The attempts the SDK retried before its answer, in order ("HTTP 429 rate_limit_error..."). */
export function RetriesNote({ retries }: { retries: readonly ApiRetry[] }) {
  return (
    <ol className="turn-retries" aria-label={`Retried ${retries.length} times`}>
      {retries.map((attempt, i) => (
        <li key={i}>
          Attempt {i + 1}: {attempt.status > 0 ? `HTTP ${attempt.status}` : 'no response'}{' '}
          {attempt.type}
          {attempt.retryAfter !== undefined
            ? `; retried after ${attempt.retryAfter} s (retry-after)`
            : '; retried with backoff'}
        </li>
      ))}
    </ol>
  );
}
