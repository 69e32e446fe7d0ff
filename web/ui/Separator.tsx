import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

interface Props {
  /** What it resizes, e.g. "Resize the lesson column". */
  label: string;
  /**
   * Vertical (the default) sits between two columns and moves sideways; horizontal sits
   * between two rows and moves up and down.
   */
  orientation?: 'vertical' | 'horizontal';
  /** The id of the pane it resizes. */
  controls: string;
  /** The pane's width (or height) in percent. */
  value: number;
  min: number;
  max: number;
  /**
   * 1 when dragging right (down) grows the pane (it is on the left, or above), -1 when it
   * shrinks it.
   */
  direction: 1 | -1;
  /** The width (height), in pixels, that percentages are of. */
  basis(): number;
  /** A new width while dragging (`done` false), or a settled one (a drop, a key). */
  onChange(percent: number, done: boolean): void;
  /** Double-click (or Enter): the pane's default width. */
  onReset(): void;
}

/** Arrow keys move this many percent; with Shift, ten times as far. */
const STEP = 2;

/**
 * A divider between two panes (the ARIA window splitter pattern): drag it, or focus it and
 * use the arrow keys, Home and End; a double-click or Enter restores the default.
 */
export function Separator(props: Props) {
  const { label, controls, value, min, max, direction, basis, onChange, onReset } = props;
  const horizontal = props.orientation === 'horizontal';
  const along = (event: PointerEvent) => (horizontal ? event.clientY : event.clientX);
  const drag = useRef<{ x: number; from: number; last: number }>(undefined);
  const clamp = (v: number) => Math.min(max, Math.max(min, v));
  const at = (event: PointerEvent) => {
    const start = drag.current;
    if (!start) return value;
    const width = basis();
    return width > 0
      ? clamp(start.from + ((along(event) - start.x) / width) * 100 * direction)
      : value;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    drag.current = { x: along(event), from: value, last: value };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.last = at(event);
    onChange(drag.current.last, false);
  };
  const end = (event: PointerEvent<HTMLDivElement>) => {
    const dragged = drag.current;
    if (!dragged) return;
    drag.current = undefined;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    onChange(dragged.last, true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? STEP * 10 : STEP;
    const [less, more] = horizontal ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
    const moves: Record<string, number | undefined> = {
      [less]: value - step * direction,
      [more]: value + step * direction,
      Home: min,
      End: max,
    };
    const next = moves[event.key];
    if (event.key === 'Enter') {
      event.preventDefault();
      onReset();
    } else if (next !== undefined) {
      event.preventDefault();
      onChange(clamp(next), true);
    }
  };
  return (
    <div
      role="separator"
      aria-orientation={horizontal ? 'horizontal' : 'vertical'}
      aria-label={label}
      aria-controls={controls}
      aria-valuenow={Math.round(value)}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      className={`separator${horizontal ? ' horizontal' : ''}`}
      title="Drag to resize, double-click to reset"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onDoubleClick={onReset}
      onKeyDown={onKeyDown}
    />
  );
}
