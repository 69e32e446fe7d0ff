import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_FONT_SIZE, FONT_SIZES, type ThemePreference } from '../store/preferences-slice.ts';
import { useAppStore } from '../store/store.ts';

/** The header's settings: theme, text size, and the pane widths back to their defaults. */
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
        <GearIcon />
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
          <button
            type="button"
            className="button small"
            onClick={() => {
              resetPaneSize('lesson');
              resetPaneSize('results');
            }}
          >
            Reset column widths
          </button>
        </div>
      )}
    </div>
  );
}

function GearIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M9.4 1.2 9.8 3a5.5 5.5 0 0 1 1.3.76l1.75-.6 1.4 2.42-1.38 1.23a5.6 5.6 0 0 1 0 1.5l1.38 1.23-1.4 2.42-1.75-.6a5.5 5.5 0 0 1-1.3.76l-.4 1.8H6.6l-.4-1.8a5.5 5.5 0 0 1-1.3-.76l-1.75.6-1.4-2.42 1.38-1.23a5.6 5.6 0 0 1 0-1.5L1.75 5.58l1.4-2.42 1.75.6A5.5 5.5 0 0 1 6.2 3l.4-1.8h2.8ZM8 5.75a2.25 2.25 0 1 0 0 4.5 2.25 2.25 0 0 0 0-4.5Z"
      />
    </svg>
  );
}
