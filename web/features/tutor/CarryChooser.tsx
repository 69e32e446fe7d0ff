import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { clashDefault, type CarryChoice, type CarryClash } from '../../../core/index.ts';

/** One file of the learner's as it was carried, whole, and the lesson it came from. */
export interface CarriedMine {
  path: string;
  text: string;
  /** The lesson it came from, as the learner knows it: `“Budgets and refusals”`. */
  from: string;
}

interface Props {
  /** The lessons the code came from, as the learner knows them: `“The while loop”`. */
  from: string;
  /** A lesson's title as `from` gives it, from its id: where a clash's code came from. */
  titleOf(lessonId: string): string;
  clashes: CarryClash[];
  /** The choices so far (a clash absent here is unsettled). */
  choices: Record<string, CarryChoice>;
  /** The learner's code as it was carried, whole. */
  mine: CarriedMine[];
  onChoose(choices: Record<string, CarryChoice>): void;
  onClose(): void;
}

const REASONS: Record<CarryClash['reason']['kind'], (clash: CarryClash) => string> = {
  'both-changed': (c) =>
    `You wrote ${c.name} your own way, and this lesson changes it too: its version has the new part, marked TODO.`,
  'stands-in': (c) => {
    const gone = c.reason.kind === 'stands-in' ? c.reason.for : '';
    return `This lesson changes ${gone}, which your code does without: your ${c.name} does that work itself, so the change goes there. This lesson's ${c.name} calls ${gone}, shown below it.`;
  },
  'whole-file': (c) =>
    `Your ${c.path} could not be read declaration by declaration (${c.reason.kind === 'whole-file' ? c.reason.problem.replace(/^ours: /, '') : ''}), so it carries whole or not at all.`,
};

/** What "both" gives: the two merged, when they merge cleanly; else the course's as a comment. */
const bothLabel = (clash: CarryClash) =>
  clash.merged
    ? 'Both: yours, with this lesson’s changes merged in (check it)'
    : 'Both: yours, with this lesson’s above it as a comment to work from';

/** A version, its lines that `was` has nowhere marked: what changed, to look at first. */
function Code({ text, was, label }: { text: string; was: string; label: string }) {
  const before = new Set(was.split('\n').map((line) => line.trim()));
  return (
    // It scrolls, so it takes the keyboard's focus too.
    <pre className="carry-code" role="region" aria-label={label} tabIndex={0}>
      {text.split('\n').map((line, i) => (
        <span
          key={i}
          className={before.has(line.trim()) ? 'carry-line' : 'carry-line carry-line-differs'}
        >
          {line || '\u200b'}
        </span>
      ))}
    </pre>
  );
}

/**
 * The learner's carried code beside the lesson's, one clash at a time, and what to start from:
 * theirs, the course's, or both. A modal dialog: the lesson opens on it when a clash is
 * unsettled, and the banner brings it back at any time.
 */
export function CarryChooser(props: Props) {
  const { from, titleOf, clashes, choices, mine, onChoose, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [picked, setPicked] = useState(() =>
    Object.fromEntries(clashes.map((c) => [c.id, choices[c.id] ?? clashDefault(c)])),
  );
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChoose(picked);
  };
  // In the body, not in the editor's pane: on a phone that pane may be a hidden tab.
  return createPortal(
    <dialog ref={dialog} className="carry-chooser" aria-labelledby={titleId} onClose={onClose}>
      <form method="dialog" onSubmit={submit}>
        <h2 id={titleId}>Your code from {from}, and this lesson&apos;s</h2>
        {clashes.length > 0 ? (
          <p>
            Your own functions and types carry on here as you wrote them, with this lesson&apos;s
            new ones added. {clashes.length === 1 ? 'One' : clashes.length} of them you and this
            lesson both change: choose what to start from. You can come back here from the banner
            above the editor.
          </p>
        ) : (
          <p>Your own functions and types carry on here, with this lesson&apos;s new ones added.</p>
        )}
        {clashes.map((clash) => (
          <ClashView
            key={clash.id}
            clash={clash}
            from={titleOf(clash.from)}
            choice={picked[clash.id] ?? clashDefault(clash)}
            onPick={(choice) => setPicked((p) => ({ ...p, [clash.id]: choice }))}
          />
        ))}
        {mine.map(({ path, text, from: source }) => (
          <details key={path} className="carry-whole">
            <summary>
              Your whole <code>{path}</code> from {source}
            </summary>
            <pre className="carry-code" role="region" aria-label={`Your ${path}`} tabIndex={0}>
              {text}
            </pre>
          </details>
        ))}
        <div className="carry-chooser-actions">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            {clashes.length > 0 ? 'Decide later' : 'Close'}
          </button>
          {clashes.length > 0 && (
            <button type="submit" className="button primary">
              Start from these
            </button>
          )}
        </div>
      </form>
    </dialog>,
    document.body,
  );
}

interface ClashProps {
  clash: CarryClash;
  from: string;
  choice: CarryChoice;
  onPick(choice: CarryChoice): void;
}

function ClashView({ clash, from, choice, onPick }: ClashProps) {
  const name = clash.name || clash.path;
  const groupId = useId();
  // What each changed from the last lesson's version (in full, when there was none).
  const { reason } = clash;
  const course = reason.kind === 'stands-in' ? `${clash.course}\n\n${reason.now}` : clash.course;
  const base =
    reason.kind === 'stands-in'
      ? clash.course
      : (clash.base ?? (reason.kind === 'whole-file' ? clash.course : ''));
  const courseBase =
    reason.kind === 'stands-in' ? `${clash.course}\n\n${reason.was}` : (clash.base ?? clash.mine);
  const options: [CarryChoice, string][] = [
    ['mine', `Yours, as you wrote it in ${from}`],
    ['course', 'This lesson’s, with its TODO to write'],
  ];
  if (clash.reason.kind !== 'whole-file') options.push(['both', bothLabel(clash)]);
  return (
    <section className="carry-clash" aria-labelledby={`${groupId}-name`}>
      <h3 id={`${groupId}-name`}>
        <code>{name}</code>
      </h3>
      <p>{REASONS[clash.reason.kind](clash)}</p>
      <div className="carry-compare">
        <figure>
          <figcaption>Yours, what you changed marked</figcaption>
          <Code text={clash.mine} was={base} label={`Your ${name}`} />
        </figure>
        <figure>
          <figcaption>This lesson&apos;s, what it changes marked</figcaption>
          <Code text={course} was={courseBase} label={`This lesson’s ${name}`} />
        </figure>
      </div>
      <fieldset className="carry-choice">
        <legend>
          Start <code>{name}</code> from
        </legend>
        {options.map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name={groupId}
              value={value}
              checked={choice === value}
              onChange={() => onPick(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
