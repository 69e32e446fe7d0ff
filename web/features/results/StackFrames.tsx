import type { StackFrame } from '../../../core/index.ts';
import { ShowMore, useShownCount } from '../../ui/ShowMore.tsx';
import { PlaceLink } from './PlaceLink.tsx';

/** Frames rendered at first, and per "Show more" (a deep recursion has thousands). */
const PAGE = 20;

interface Props {
  frames: StackFrame[];
  editable: readonly string[];
  onReveal(file: string, line: number, column: number): void;
}

/** A runtime error's stack in the learner's terms; frames in their files are links. */
export function StackFrames({ frames, editable, onReveal }: Props) {
  const [shown, showMore] = useShownCount(frames.length, PAGE);
  if (frames.length === 0) return null;
  return (
    <>
      <ol className="stack-frames" aria-label="Stack trace">
        {frames.slice(0, shown).map((frame, i) => {
          const where = `${frame.file}:${frame.line}:${frame.column}`;
          const name = frame.functionName ? `${frame.functionName} ` : '';
          return (
            <li key={`${where}-${i}`}>
              at {name}
              <PlaceLink
                at={frame}
                onReveal={editable.includes(frame.file) ? onReveal : undefined}
              />
            </li>
          );
        })}
      </ol>
      <ShowMore shown={shown} total={frames.length} page={PAGE} what="frames" onMore={showMore} />
    </>
  );
}
