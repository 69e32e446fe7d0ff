import { useLayoutEffect, useSyncExternalStore } from 'react';
import { useAppStore } from '../store/store.ts';

const query = '(prefers-color-scheme: dark)';
const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};
const getSystemDark = () => window.matchMedia(query).matches;

/** Light or dark: the learner's choice, or the system's when they chose "system". */
export function useDarkTheme(): boolean {
  const preference = useAppStore((s) => s.theme);
  const systemDark = useSyncExternalStore(subscribe, getSystemDark);
  const dark = preference === 'dark' || (preference === 'system' && systemDark);
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  return dark;
}
