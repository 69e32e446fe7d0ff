import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { callPreview, type Decision } from '../../../core/index.ts';
import { approvals, type PendingQuestion } from './approvals.ts';

/** The reason sent when the person denies a call without giving one (the CLI's too). */
export const NO_REASON = 'the user said no';

/**
 * A live run's question to the person: the harness asks before a tool changes a file. It shows
 * the call and what it would change, and takes one of the three answers of the permissions
 * lesson: allow it once, allow the tool for the session, or deny it with a reason the model
 * reads. Every control is a button or a field in the tab order; the prompt takes the focus when
 * it appears, and Escape leaves the reason without answering.
 */
export function ApprovalPrompt() {
  const question = useSyncExternalStore(approvals.subscribe, approvals.current);
  return question ? <Question key={question.id} question={question} /> : null;
}

function Question({ question }: { question: PendingQuestion }) {
  const headingId = useId();
  const reasonId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [denying, setDenying] = useState(false);
  const [reason, setReason] = useState('');
  const { name, input } = question.call;
  const preview = callPreview(name, input);
  const answer = (decision: Decision) => approvals.answer(question.id, decision);

  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  return (
    <section className="approval" aria-labelledby={headingId} data-testid="approval">
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Allow <code>{name}</code>
        {preview.path !== undefined && (
          <>
            {' '}
            on <code>{preview.path}</code>
          </>
        )}
        ?
      </h3>
      <p className="live-note">
        Your code asks you before this call runs. A denied call never runs: the model is told your
        reason.
      </p>
      {preview.lines.length > 0 ? (
        <pre className="approval-diff" aria-label="What it would change">
          {preview.lines.map((line, i) => (
            <span key={i} className={`approval-line approval-${opName(line.op)}`}>
              {line.op === '…' ? `… ${line.text}` : `${line.op} ${line.text}`}
              {'\n'}
            </span>
          ))}
        </pre>
      ) : (
        <pre className="approval-diff" aria-label="The call's input">
          {JSON.stringify(input, null, 2)}
        </pre>
      )}
      {denying ? (
        <form
          className="approval-reason"
          onSubmit={(event) => {
            event.preventDefault();
            answer({ kind: 'deny', reason: reason.trim() || NO_REASON });
          }}
        >
          <label htmlFor={reasonId}>Why not? The model reads your reason.</label>
          <div className="approval-actions">
            <input
              id={reasonId}
              className="text-field"
              value={reason}
              placeholder={NO_REASON}
              // The field the person asked for by choosing Deny: typing goes straight in.
              autoFocus
              onChange={(e) => setReason(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.preventDefault();
                  setDenying(false);
                }
              }}
            />
            <button type="submit" className="button">
              Deny
            </button>
            <button type="button" className="button ghost" onClick={() => setDenying(false)}>
              Back
            </button>
          </div>
        </form>
      ) : (
        <div className="approval-actions">
          <button
            type="button"
            className="button primary"
            onClick={() => answer({ kind: 'allow' })}
          >
            Allow once
          </button>
          <button type="button" className="button" onClick={() => answer({ kind: 'always' })}>
            Allow for the session
          </button>
          <button type="button" className="button" onClick={() => setDenying(true)}>
            Deny…
          </button>
        </div>
      )}
    </section>
  );
}

function opName(op: string): string {
  return op === '+' ? 'added' : op === '-' ? 'removed' : 'gap';
}
