import type { TypeIssue } from '../../store/ui-slice.ts';
import { ShowMore, useShownCount } from '../../ui/ShowMore.tsx';
import { PlaceLink } from './PlaceLink.tsx';

interface Props {
  issues: TypeIssue[];
  onReveal(file: string, line: number, column: number): void;
}

const PAGE = 20;

/**
 * TypeScript's errors in the learner's files, listed when a run fails: often the reason (a
 * misspelt field reads as undefined at run time), and a squiggle is easy to miss.
 */
export function TypeErrors({ issues, onReveal }: Props) {
  const [shown, showMore] = useShownCount(issues.length, PAGE);
  return (
    <section className="type-errors" aria-labelledby="type-errors-title">
      <h3 id="type-errors-title">
        TypeScript reports {issues.length} {issues.length === 1 ? 'error' : 'errors'} in your code
      </h3>
      <ul>
        {issues.slice(0, shown).map((issue, i) => {
          const where = `${issue.file}:${issue.line}:${issue.column}`;
          return (
            <li key={`${where}-${i}`}>
              <PlaceLink at={issue} onReveal={onReveal} /> {issue.message}
            </li>
          );
        })}
      </ul>
      <ShowMore shown={shown} total={issues.length} page={PAGE} what="errors" onMore={showMore} />
    </section>
  );
}
