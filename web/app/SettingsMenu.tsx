import { Icon } from '../ui/Icon.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import {
  DEFAULT_FONT_SIZE,
  DEFAULT_RESULTS_LAYOUT,
  FONT_SIZES,
  type ThemePreference,
} from '../store/preferences-slice.ts';
import { useAppStore } from '../store/store.ts';

/**
 * The header's settings: theme, text size, where the results sit, word wrap, and the panes'
 * sizes back to their defaults.
 */
export function SettingsMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  const fontSize = useAppStore((s) => s.fontSize);
  const setFontSize = useAppStore((s) => s.setFontSize);
  const resetPaneSize = useAppStore((s) => s.resetPaneSize);
  const wordWrap = useAppStore((s) => s.wordWrap);
  const setWordWrap = useAppStore((s) => s.setWordWrap);
  const resultsLayout = useAppStore((s) => s.resultsLayout);
  const setResultsLayout = useAppStore((s) => s.setResultsLayout);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="settings" ref={root}>
      <button
        ref={button}
        type="button"
        className="button ghost"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <Icon name="gear" size={15} />
        <span className="settings-label">Settings</span>
      </button>
      {open && (
        <div
          id={panelId}
          className="settings-panel"
          role="group"
          aria-label="Settings"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <label className="settings-field">
            <span>Theme</span>
            <select value={theme} onChange={(e) => setTheme(e.target.value as ThemePreference)}>
              <option value="system">Like the system</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
          <label className="settings-field">
            <span>Text size</span>
            <select value={fontSize} onChange={(e) => setFontSize(Number(e.target.value))}>
              {FONT_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} px{size === DEFAULT_FONT_SIZE ? ' (default)' : ''}
                </option>
              ))}
            </select>
          </label>
          <label className="settings-field">
            <span>Results</span>
            <select
              value={resultsLayout.dock}
              onChange={(e) => setResultsLayout({ dock: e.target.value as 'below' | 'right' })}
            >
              <option value="below">Below the code</option>
              <option value="right">Right of the code</option>
            </select>
          </label>
          <label className="settings-check">
            <input
              type="checkbox"
              checked={wordWrap}
              onChange={(e) => setWordWrap(e.target.checked)}
            />
            Wrap long lines in the editor
          </label>
          <button
            type="button"
            className="button small"
            onClick={() => {
              resetPaneSize('lesson');
              resetPaneSize('results');
              setResultsLayout({ height: DEFAULT_RESULTS_LAYOUT.height, collapsed: false });
            }}
          >
            Reset pane sizes
          </button>
        </div>
      )}
    </div>
  );
}
