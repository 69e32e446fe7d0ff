/** A place in a file. */
interface Place {
  file: string;
  line: number;
  column: number;
}

interface Props {
  at: Place;
  /** Absent when the place is not the learner's to edit: it is shown, not linked. */
  onReveal?(file: string, line: number, column: number): void;
}

/** `src/loop.ts:12:5`, as a link that moves the editor's cursor there. */
export function PlaceLink({ at, onReveal }: Props) {
  const where = `${at.file}:${at.line}:${at.column}`;
  if (!onReveal) return <span className="muted">{where}</span>;
  return (
    <button
      type="button"
      className="link"
      onClick={() => onReveal(at.file, at.line, at.column)}
      aria-label={`Go to ${where}`}
    >
      {where}
    </button>
  );
}
