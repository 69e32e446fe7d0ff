import { Icon } from '../ui/Icon.tsx';
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
