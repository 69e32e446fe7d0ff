import type { StateCreator } from 'zustand';
import type { AppState } from './app-state.ts';

export type ThemePreference = 'system' | 'light' | 'dark';

/** Choices the learner made about the app itself. */
export interface PreferencesSlice {
  /** Re-run after a pause in typing. Off by default. */
  watch: boolean;
  theme: ThemePreference;
  /** Where to open when the URL names no lesson. */
  lastLessonId: string | undefined;
  setWatch(watch: boolean): void;
  setTheme(theme: ThemePreference): void;
  setLastLessonId(lessonId: string): void;
}

export const createPreferencesSlice: StateCreator<AppState, [], [], PreferencesSlice> = (set) => ({
  watch: false,
  theme: 'system',
  lastLessonId: undefined,
  setWatch: (watch) => set({ watch }),
  setTheme: (theme) => set({ theme }),
  setLastLessonId: (lastLessonId) => set({ lastLessonId }),
});
