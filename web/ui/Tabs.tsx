import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec {
  id: string;
  label: ReactNode;
  content: () => ReactNode;
}

/** Accessible tabs (ARIA tabs pattern: arrow keys move, only the selected tab is in tab order). */
export function Tabs({
  tabs,
  label,
  initial,
}: {
  tabs: TabSpec[];
  label: string;
  initial?: string;
}) {
  const base = useId();
  const [selected, setSelected] = useState(initial ?? tabs[0]?.id);
  const current = tabs.find((t) => t.id === selected) ?? tabs[0];
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 || !current) return;
    event.preventDefault();
    const index = tabs.indexOf(current);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    setSelected(next.id);
    document.getElementById(`${base}-tab-${next.id}`)?.focus();
  };
  if (!current) return null;
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${base}-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab.id === current.id}
            aria-controls={`${base}-panel`}
            tabIndex={tab.id === current.id ? 0 : -1}
            className="tab"
            onClick={() => setSelected(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={`${base}-panel`}
        role="tabpanel"
        aria-labelledby={`${base}-tab-${current.id}`}
        className="tab-panel"
      >
        {current.content()}
      </div>
    </div>
  );
}
