import { Icon } from '../../ui/Icon.tsx';
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
                <Icon name="lock" size={12} />
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
