import type { ConsoleLine } from '../../../core/index.ts';
import { ShowMore, useShownCount } from '../../ui/ShowMore.tsx';

/** Lines rendered at first, and per "Show more". */
const PAGE = 200;

/** The learner's console output for one case, capped by the runtime with a visible note. */
export function ConsoleView({ lines, truncated }: { lines: ConsoleLine[]; truncated: boolean }) {
  const [shown, showMore] = useShownCount(lines.length, PAGE);
  if (lines.length === 0 && !truncated) {
    return <p className="empty-note">Nothing was logged. console.log output shows up here.</p>;
  }
  return (
    <div className="console" role="log" aria-label="Console output" tabIndex={0}>
      {lines.slice(0, shown).map((line, i) => (
        <pre key={i} className={`console-line ${line.level}`}>
          {line.level !== 'log' && <span className="console-level">{line.level}</span>}
          {line.text}
        </pre>
      ))}
      <ShowMore shown={shown} total={lines.length} page={PAGE} what="lines" onMore={showMore} />
      {truncated && (
        <p className="console-truncated">
          Output truncated: only the first {lines.length} lines are shown.
        </p>
      )}
    </div>
  );
}
