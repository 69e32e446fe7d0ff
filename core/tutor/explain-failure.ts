import type { CaseReport } from '../grade/report.ts';
import type { FailureFacts } from '../lesson/failure-fact-names.ts';
import type { Tutor, TutorFailure, TutorTarget } from '../lesson/tutor-schema.ts';
import { failureFacts, quoteFacts } from './failure-facts.ts';

/** A failing case, explained by the lesson's tutor. */
export interface FailureExplanation {
  /** The tutor entry that matched, and its place in `tutor.failures`. */
  failure: TutorFailure;
  index: number;
  /** What the tutor opens beside the explanation. */
  opens: TutorTarget;
  /** Markdown: the entry's `why`, each placeholder marked where its fact goes (`quoteFacts`). */
  paragraph: string;
  /** The facts it quotes, from this case's transcript: shown as text, never read as markdown. */
  quoted: FailureFacts;
}

/** True when a failure entry's `when` describes this case. */
function failureMatches(failure: TutorFailure, report: CaseReport): boolean {
  const { kind, says, case: name } = failure.when;
  return (
    report.status !== 'pass' &&
    report.kind === kind &&
    (says === undefined || report.message.includes(says)) &&
    (name === undefined || report.name === name)
  );
}

/**
 * The tutor's explanation of a failing case: the first failure entry that matches it and whose
 * paragraph can be told from this run's facts. Undefined for a passing case, or when the
 * lesson's tutor has nothing to say about this kind of failure.
 */
export function explainFailure(
  tutor: Tutor | undefined,
  report: CaseReport,
): FailureExplanation | undefined {
  if (!tutor || report.status === 'pass') return undefined;
  const facts = failureFacts(report);
  for (const [index, failure] of tutor.failures.entries()) {
    if (!failureMatches(failure, report)) continue;
    const told = quoteFacts(failure.why, facts);
    if (told) {
      return {
        failure,
        index,
        opens: failure.opens,
        paragraph: told.markdown,
        quoted: told.quoted,
      };
    }
  }
  return undefined;
}
