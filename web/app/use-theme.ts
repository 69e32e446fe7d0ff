import { useLayoutEffect } from 'react';
import { DEFAULT_FONT_SIZE } from '../store/preferences-slice.ts';
import { useAppStore } from '../store/store.ts';
import { useMediaQuery } from './use-media-query.ts';

/** Light or dark: the learner's choice, or the system's when they chose "system". */
export function useDarkTheme(): boolean {
  const preference = useAppStore((s) => s.theme);
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const dark = preference === 'dark' || (preference === 'system' && systemDark);
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  return dark;
}

/**
 * The learner's text size, as `--font-scale` on the page: the lesson and the results are
 * zoomed by it (the editor takes the size itself), the header and toolbars stay as they are.
 */
export function useFontScale(): void {
  const fontSize = useAppStore((s) => s.fontSize);
  useLayoutEffect(() => {
    document.documentElement.style.setProperty(
      '--font-scale',
      String(fontSize / DEFAULT_FONT_SIZE),
    );
  }, [fontSize]);
}
