import { useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import {
  DEFAULT_RESULTS_LAYOUT,
  PANE_LIMITS,
  RESULTS_HEIGHT_LIMITS,
  type PaneSizes,
} from '../store/preferences-slice.ts';
import { useAppStore } from '../store/store.ts';
import { Separator } from '../ui/Separator.tsx';
import { ResultsBar } from './ResultsBar.tsx';

/** Below this width the three panes become tabs (the media query CSS and code share). */
export const STACKED_QUERY = '(max-width: 899px)';

export type PaneId = 'lesson' | 'code' | 'results';

interface Props {
  stacked: boolean;
  reading: ReactNode;
  code: ReactNode;
  results: ReactNode;
  /** The results' label: the stacked layout's tab, the wide one's results bar (with the verdict). */
  resultsLabel: ReactNode;
  /** The stacked layout's Run button (it also shows the results). */
  runButton(showResults: () => void): ReactNode;
}

/** "Read", not "Lesson": the reading pane's own tabs, under these, are Lesson and Tutor. */
const tabs: { id: PaneId; label: string }[] = [
  { id: 'lesson', label: 'Read' },
  { id: 'code', label: 'Code' },
  { id: 'results', label: 'Results' },
];

/**
 * The workspace's three panes. Wide: the lesson beside the code, and the results below the
 * code (or, as the learner chooses, in a third column), each scrolling on its own, with
 * dividers to drag (sizes and placement persist). Narrow (a phone): one pane at a time under
 * a tab bar that keeps Run in reach. The panes stay mounted in the same order in every
 * layout, so nothing reloads (the editor least of all) when the layout changes.
 */
export function WorkspaceLayout(props: Props) {
  const { stacked, reading, code, results, resultsLabel, runButton } = props;
  const stored = useAppStore((s) => s.paneSizes);
  const setPaneSize = useAppStore((s) => s.setPaneSize);
  const resetPaneSize = useAppStore((s) => s.resetPaneSize);
  const [dragging, setDragging] = useState<PaneSizes>();
  const layout = useAppStore((s) => s.resultsLayout);
  const setResultsLayout = useAppStore((s) => s.setResultsLayout);
  const [draggingHeight, setDraggingHeight] = useState<number>();
  const below = !stacked && layout.dock === 'below';
  const collapsed = below && layout.collapsed;
  const height = draggingHeight ?? layout.height;
  const [tab, setTab] = useState<PaneId>('lesson');
  const main = useRef<HTMLElement>(null);
  const sizes = dragging ?? stored;
  const basis = () => main.current?.clientWidth ?? 0;
  const change = (pane: keyof PaneSizes) => (percent: number, done: boolean) => {
    if (done) {
      setDragging(undefined);
      setPaneSize(pane, percent);
    } else setDragging({ ...sizes, [pane]: percent });
  };
  const separator = (pane: keyof PaneSizes, label: string, direction: 1 | -1) => (
    <Separator
      key={`separator-${pane}`}
      label={label}
      controls={`pane-${pane}`}
      value={sizes[pane]}
      min={PANE_LIMITS.min}
      max={PANE_LIMITS.max}
      direction={direction}
      basis={basis}
      onChange={change(pane)}
      onReset={() => resetPaneSize(pane)}
    />
  );
  const heightSeparator = (
    <Separator
      key="separator-results-height"
      label="Resize the results panel"
      orientation="horizontal"
      controls="pane-results"
      value={height}
      min={RESULTS_HEIGHT_LIMITS.min}
      max={RESULTS_HEIGHT_LIMITS.max}
      direction={-1}
      basis={() => main.current?.clientHeight ?? 0}
      onChange={(percent, done) => {
        if (done) {
          setDraggingHeight(undefined);
          setResultsLayout({ height: percent });
        } else setDraggingHeight(percent);
      }}
      onReset={() => setResultsLayout({ height: DEFAULT_RESULTS_LAYOUT.height })}
    />
  );
  const pane = (id: PaneId, content: ReactNode, zoomable: boolean) => (
    <div
      key={id}
      id={`pane-${id}`}
      className={`pane pane-${id}${zoomable ? ' zoomable' : ''}`}
      role={stacked ? 'tabpanel' : undefined}
      aria-labelledby={stacked ? `stack-tab-${id}` : undefined}
      hidden={stacked && tab !== id}
    >
      {content}
    </div>
  );
  const style = stacked
    ? undefined
    : ({
        '--lesson-width': `${sizes.lesson}%`,
        '--results-width': `${sizes.results}%`,
        '--results-height': `${height}%`,
      } as CSSProperties);
  const kind = stacked ? 'stacked' : below ? 'below' : 'columns';
  const classes = [
    'workspace',
    stacked ? 'stacked' : `dock-${layout.dock}`,
    collapsed ? 'results-collapsed' : '',
    dragging ? 'resizing' : '',
    draggingHeight !== undefined ? 'resizing-rows' : '',
  ];
  const resultsContent = stacked ? (
    results
  ) : (
    <div className="results-frame">
      <ResultsBar label={resultsLabel} layout={layout} onChange={setResultsLayout} />
      {results}
    </div>
  );
  return (
    <main
      ref={main}
      className={classes.filter(Boolean).join(' ')}
      style={style}
      data-layout={kind}
      data-results={stacked ? undefined : collapsed ? 'collapsed' : 'open'}
    >
      {stacked && (
        <StackBar
          key="stack-bar"
          tab={tab}
          onSelect={setTab}
          resultsLabel={resultsLabel}
          run={runButton(() => setTab('results'))}
        />
      )}
      {pane('lesson', reading, true)}
      {!stacked && separator('lesson', 'Resize the lesson column', 1)}
      {pane('code', code, false)}
      {!stacked && !below && separator('results', 'Resize the results column', -1)}
      {below && !collapsed && heightSeparator}
      {pane('results', resultsContent, true)}
    </main>
  );
}

interface StackBarProps {
  tab: PaneId;
  onSelect(tab: PaneId): void;
  resultsLabel: ReactNode;
  run: ReactNode;
}

/** The stacked layout's tabs (the ARIA tabs pattern) and its Run button. */
function StackBar({ tab, onSelect, resultsLabel, run }: StackBarProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = tabs.findIndex((t) => t.id === tab);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    document.getElementById(`stack-tab-${next.id}`)?.focus();
  };
  return (
    <div className="stack-bar">
      <div role="tablist" aria-label="Workspace" className="stack-tabs" onKeyDown={onKeyDown}>
        {tabs.map(({ id, label }) => (
          <button
            key={id}
            id={`stack-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`pane-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="tab"
            onClick={() => onSelect(id)}
          >
            {id === 'results' ? resultsLabel : label}
          </button>
        ))}
      </div>
      {run}
    </div>
  );
}
