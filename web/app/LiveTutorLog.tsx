import { useState } from 'react';
import type { CaseReport, LiveAnswer } from '../../core/index.ts';
import { Timeline } from '../features/timeline/Timeline.tsx';

/**
 * "How did the tutor answer?": the live tutor's own loop, shown in the timeline the learner's
 * runs use (each model call, each tool_use and its result, the stop_reason), with the tokens
 * its last question used and the session's budget. The tutor is the course's last example.
 */
export function LiveTutorLog({ answers }: { answers: readonly LiveAnswer[] }) {
  const [open, setOpen] = useState(false);
  const last = answers.at(-1);
  if (!last) return null;
  return (
    <div className="live-tutor-log" data-testid="live-tutor-log">
      <p className="live-tutor-tokens">
        Last question: {last.loop.tokens} tokens · session: {last.sessionTokens} of {last.budget}
      </p>
      <button
        type="button"
        className="button small ghost"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        How did the tutor answer?
      </button>
      {open && <Timeline report={asReport(last)} />}
    </div>
  );
}

/** The loop's turns as a case report, the timeline's input. */
function asReport({ question, loop, heldBack }: LiveAnswer): CaseReport {
  const failed = loop.end.kind === 'error' || heldBack;
  return {
    name: 'the tutor',
    visible: true,
    description: question,
    status: failed ? 'fail' : 'pass',
    kind: loop.end.kind === 'error' ? 'api' : 'pass',
    message: heldBack ? 'The reply was held back: it held the reference solution.' : '',
    turns: loop.turns,
    console: [],
    consoleTruncated: false,
    durationMs: loop.turns.reduce((ms, turn) => ms + turn.durationMs, 0),
  };
}
