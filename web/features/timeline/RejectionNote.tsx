import type { CassetteRejection } from '../../../core/index.ts';
import { inlineJson } from '../../ui/Json.tsx';
import { rejectionTitle } from './rejection-label.ts';

/** Where the cassette refused a request: the API-style error and what to do about it. */
export function RejectionNote({ rejection }: { rejection: CassetteRejection }) {
  return (
    <div
      className={`rejection ${rejection.kind}`}
      role="group"
      aria-label={rejectionTitle(rejection)}
    >
      <p className="rejection-title">
        {rejectionTitle(rejection)}{' '}
        <span className="muted">
          (request #{rejection.requestNumber}
          {rejection.recorded > 0 ? ` of ${rejection.recorded} recorded` : ''}
          {rejection.recorded === 0
            ? '; refused before it was sent, as the API would with HTTP 400'
            : rejection.kind === 'invalid-request'
              ? `; the API answers HTTP ${rejection.status}`
              : `; your code gets an HTTP ${rejection.status} error`}
          )
        </span>
      </p>
      <p>{rejection.explanation}</p>
      {rejection.path !== undefined && (
        <dl className="rejection-facts">
          <dt>Path</dt>
          <dd>
            <code>{rejection.path === '' ? '(root)' : rejection.path}</code>
          </dd>
          {'expected' in rejection && (
            <>
              <dt>Recorded</dt>
              <dd>
                <code>{inlineJson(rejection.expected, 300)}</code>
              </dd>
            </>
          )}
          {'actual' in rejection && (
            <>
              <dt>Sent</dt>
              <dd>
                <code>{inlineJson(rejection.actual, 300)}</code>
              </dd>
            </>
          )}
        </dl>
      )}
      {rejection.hint && <p className="rejection-hint">Hint: {rejection.hint}</p>}
      <details className="inline-details">
        <summary>API error body</summary>
        <pre className="json">{JSON.stringify(rejection.body, null, 2)}</pre>
      </details>
    </div>
  );
}
