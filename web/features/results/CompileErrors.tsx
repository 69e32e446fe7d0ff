import type { CompileError } from '../../../core/index.ts';
import { PlaceLink } from './PlaceLink.tsx';

interface Props {
  errors: CompileError[];
  /** Absent when the run was not of the learner's code: its lines are not theirs. */
  onReveal?(file: string, line: number, column: number): void;
}

/** The bundler's errors, each a link to its line (they are also markers in the editor). */
export function CompileErrors({ errors, onReveal }: Props) {
  if (errors.length === 0) return null;
  return (
    <section className="compile-errors" aria-labelledby="compile-errors-title">
      <h3 id="compile-errors-title">The code does not compile</h3>
      <ul>
        {errors.map((error, i) => {
          return (
            <li key={i}>
              {error.file && <PlaceLink at={error} onReveal={onReveal} />} {error.text}
              {error.lineText && <pre className="line-text">{error.lineText}</pre>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
