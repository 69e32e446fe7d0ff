import { useCallback, useSyncExternalStore } from 'react';
import type { TutorEditor } from './tutor-editor.ts';

/**
 * A lesson file's text as the editor holds it now, kept up to date as the learner types;
 * undefined until the editor is there (or when the lesson has no such file).
 */
export function useLessonFile(editor: TutorEditor | undefined, path: string): string | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => editor?.onChange(path, onChange) ?? (() => undefined),
    [editor, path],
  );
  return useSyncExternalStore(subscribe, () => editor?.read(path));
}
