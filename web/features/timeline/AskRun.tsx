import type { AskRecord } from '../../../core/index.ts';
import { askText } from './transcript-text.ts';

/** A question the user was asked about a call (an approval), and their answer. */
export function AskRun({ ask }: { ask: AskRecord }) {
  const kind = ask.decision?.kind ?? 'none';
  return (
    <li className={`ask-run ask-${kind}`} data-decision={kind}>
      <span className="block-kind">user</span> {askText(ask)}
    </li>
  );
}
