import type { KeyboardEvent } from 'react';

interface Props {
  files: string[];
  active: string;
  readOnly: readonly string[];
  panelId: string;
  onSelect(path: string): void;
}

/** One tab per lesson file; arrow keys move between tabs, as the ARIA tabs pattern has it. */
export function FileTabs({ files, active, readOnly, panelId, onSelect }: Props) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = files[(files.indexOf(active) + step + files.length) % files.length];
    if (next) {
      onSelect(next);
      document.getElementById(tabId(next))?.focus();
    }
  };
  return (
    <div className="file-tabs" role="tablist" aria-label="Lesson files" onKeyDown={onKeyDown}>
      {files.map((path) => {
        const locked = readOnly.includes(path);
        const selected = path === active;
        return (
          <button
            key={path}
            id={tabId(path)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={`file-tab${locked ? ' read-only' : ''}`}
            onClick={() => onSelect(path)}
          >
            <span className="file-tab-name">{path.replace(/^src\//, '')}</span>
            {locked && (
              <span className="file-tab-lock" title="Read-only: the grader uses the lesson's copy">
                <LockIcon />
                <span className="visually-hidden"> (read-only)</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

export function tabId(path: string): string {
  return `tab-${path.replace(/[^a-z0-9]/gi, '-')}`;
}

function LockIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M5 7V5a3 3 0 0 1 6 0v2h.5A1.5 1.5 0 0 1 13 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 13.5v-5A1.5 1.5 0 0 1 4.5 7H5Zm1.5 0h3V5a1.5 1.5 0 0 0-3 0v2Z"
      />
    </svg>
  );
}
