import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec {
  id: string;
  label: ReactNode;
  content: () => ReactNode;
}

interface Props {
  tabs: TabSpec[];
  label: string;
  initial?: string;
  /** Controlled: the selected tab's id (with `onSelect`). */
  selected?: string;
  onSelect?(id: string): void;
  /** Keep every panel mounted (hidden when not selected), so its state survives a switch. */
  keepMounted?: boolean;
  className?: string;
}

/** Accessible tabs (ARIA tabs pattern: arrow keys move, only the selected tab is in tab order). */
export function Tabs({ tabs, label, initial, selected, onSelect, keepMounted, className }: Props) {
  const base = useId();
  const [own, setOwn] = useState(initial ?? tabs[0]?.id);
  const current = tabs.find((t) => t.id === (selected ?? own)) ?? tabs[0];
  const select = (id: string) => {
    setOwn(id);
    onSelect?.(id);
  };
  const panelId = (id: string) => (keepMounted ? `${base}-panel-${id}` : `${base}-panel`);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 || !current) return;
    event.preventDefault();
    const index = tabs.indexOf(current);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    select(next.id);
    document.getElementById(`${base}-tab-${next.id}`)?.focus();
  };
  if (!current) return null;
  const panel = (tab: TabSpec) => (
    <div
      key={tab.id}
      id={panelId(tab.id)}
      role="tabpanel"
      aria-labelledby={`${base}-tab-${tab.id}`}
      className="tab-panel"
      hidden={tab !== current}
    >
      {tab.content()}
    </div>
  );
  return (
    <div className={className ? `tabs ${className}` : 'tabs'}>
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${base}-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab.id === current.id}
            aria-controls={panelId(tab.id)}
            tabIndex={tab.id === current.id ? 0 : -1}
            className="tab"
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {keepMounted ? tabs.map(panel) : panel(current)}
    </div>
  );
}
