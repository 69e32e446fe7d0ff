import { useEffect, useMemo, useState } from 'react';
import {
  describeEvent,
  eventTimes,
  replayAt,
  type ReplayBlock,
  type TurnStream,
} from '../../../core/index.ts';
import { LazyDetails } from '../../ui/LazyDetails.tsx';

interface Props {
  stream: TurnStream;
  turn: number;
}

/**
 * A streamed reply as it arrived: the blocks as far as the events up to a point built them (text
 * and thinking growing, a tool call's input assembling from its fragments), the time of that event since the
 * stream started, and a control to play the events at their recorded gaps, show them at once, or
 * step and scrub through them. Everything in it is shown as text.
 */
export function StreamReplay({ stream, turn }: Props) {
  const { events, more } = stream;
  const total = events.length;
  const [count, setCount] = useState(total);
  const [playing, setPlaying] = useState(false);
  const times = useMemo(() => eventTimes(events), [events]);
  const frame = useMemo(() => replayAt(events, count), [events, count]);

  // Playing stops by itself at the last event.
  const running = playing && count < total;
  useEffect(() => {
    if (!running) return;
    const gap = Math.max(0, events[count]?.ms ?? 0);
    const timer = setTimeout(() => setCount((n) => Math.min(total, n + 1)), gap);
    return () => clearTimeout(timer);
  }, [running, count, total, events]);

  const play = () => {
    if (running) return setPlaying(false);
    if (count >= total) setCount(0);
    setPlaying(true);
  };
  const step = (by: number) => {
    setPlaying(false);
    setCount((n) => Math.min(total, Math.max(0, n + by)));
  };
  const lastMs = times.at(-1) ?? 0;

  return (
    <section
      className="stream-replay"
      aria-label={`Stream of turn ${turn}`}
      data-events={total}
      data-shown={count}
    >
      <p className="stream-summary">
        Streamed: {total} events over {Math.round(lastMs)} ms
        {more > 0 && <span className="stream-more"> · {more} more events not kept</span>}
      </p>
      <div
        className="stream-controls"
        role="group"
        aria-label={`Replay the stream of turn ${turn}`}
      >
        <button type="button" className="button small" onClick={play} aria-pressed={running}>
          {running ? 'Pause' : 'Play at recorded speed'}
        </button>
        <button
          type="button"
          className="button small"
          onClick={() => {
            setPlaying(false);
            setCount(total);
          }}
        >
          Show at once
        </button>
        <button
          type="button"
          className="button small"
          aria-label="Previous event"
          disabled={count === 0}
          onClick={() => step(-1)}
        >
          ◀
        </button>
        <input
          type="range"
          min={0}
          max={total}
          value={count}
          aria-label="Events shown"
          aria-valuetext={`${count} of ${total} events, ${Math.round(frame.elapsedMs)} ms`}
          onChange={(e) => {
            setPlaying(false);
            setCount(Number(e.currentTarget.value));
          }}
        />
        <button
          type="button"
          className="button small"
          aria-label="Next event"
          disabled={count >= total}
          onClick={() => step(1)}
        >
          ▶
        </button>
        <span className="stream-position" aria-live={running ? 'off' : 'polite'}>
          event {count} of {total} · {Math.round(frame.elapsedMs)} ms
          {count > 0 && count <= total ? ` · ${describeEvent(events[count - 1]!.event)}` : ''}
        </span>
      </div>
      <ul className="content-blocks stream-blocks">
        {frame.blocks.map((block) => (
          <li key={block.index} className={blockClass(block.type)} data-done={block.done}>
            <span className="block-kind">{block.type}</span>
            <ReplayBlockBody block={block} />
          </li>
        ))}
      </ul>
      {frame.error && (
        <p className="stream-error">The stream ended with an error event: {frame.error}</p>
      )}
      <LazyDetails summary="Events">
        {() => (
          <ol className="stream-events">
            {events.map(({ event }, i) => (
              <li key={i} aria-current={i === count - 1 ? 'step' : undefined}>
                <span className="turn-ms">{Math.round(times[i] ?? 0)} ms</span>{' '}
                {describeEvent(event)}
              </li>
            ))}
          </ol>
        )}
      </LazyDetails>
    </section>
  );
}

function blockClass(type: string): string {
  if (type === 'tool_use') return 'block-tool-use';
  return type === 'thinking' || type === 'redacted_thinking' ? 'block-thinking' : 'block-text';
}

/** A block as far as the events built it, as text. */
function ReplayBlockBody({ block }: { block: ReplayBlock }) {
  if (block.type === 'tool_use') {
    return (
      <code className="tool-call">
        <strong>{block.name}</strong>({block.text})
      </code>
    );
  }
  if (block.type === 'redacted_thinking') {
    return (
      <span className="thinking-note">encrypted ({block.text.length} characters of data)</span>
    );
  }
  return (
    <>
      <p className="stream-text">{block.text}</p>
      {block.signed && <span className="thinking-signature">signature received</span>}
    </>
  );
}
