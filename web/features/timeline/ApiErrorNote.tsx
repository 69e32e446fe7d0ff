import type { ApiAttempt, LiveApiError } from '../../../core/index.ts';

/** A live call the API (or the network) refused: the API's own error, and what to do. */
export function ApiErrorNote({ error }: { error: LiveApiError }) {
  const title =
    error.status > 0
      ? `HTTP ${error.status} ${error.type}: ${error.message}`
      : `No response (${error.type}): ${error.message}`;
  return (
    <div className="rejection api-error" role="group" aria-label={`API error: ${title}`}>
      <p className="rejection-title">{title}</p>
      <p>{error.explanation}</p>
    </div>
  );
}

/** The attempts the SDK retried before its answer, in order ("429 rate_limit_error, waited 1 s"). */
export function RetriesNote({ retries }: { retries: readonly ApiAttempt[] }) {
  return (
    <ol className="turn-retries" aria-label={`Retried ${retries.length} times`}>
      {retries.map((attempt, i) => (
        <li key={i}>
          Attempt {i + 1}: {attempt.status > 0 ? `HTTP ${attempt.status}` : 'no response'}
          {attempt.type ? ` ${attempt.type}` : ''}
          {attempt.retryAfterMs !== undefined
            ? `; retried after ${seconds(attempt.retryAfterMs)} (retry-after)`
            : '; retried with backoff'}
        </li>
      ))}
    </ol>
  );
}

function seconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(2)} s`;
}
