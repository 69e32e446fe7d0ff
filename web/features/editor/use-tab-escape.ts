import { useEffect, useState } from 'react';
import { monaco } from './monaco-setup.ts';

type CodeEditor = monaco.editor.IStandaloneCodeEditor;

/** Where the editor is in its handling of Tab, for the hint it shows. */
export interface TabState {
  /** The editor has the keyboard: Tab types a tab, the hint says how to leave. */
  focused: boolean;
  /** Escape was just pressed: the next Tab moves focus out of the editor. */
  armed: boolean;
}

/**
 * Tab types a tab in the editor, so it cannot be how a keyboard user leaves it. Ctrl+M (Monaco's
 * own toggle) makes Tab move focus; this adds the convention of CodeMirror and the TypeScript
 * playground: Escape, then Tab (or Shift+Tab), leaves the editor. Any other key disarms it.
 */
export function useTabEscape(editor: CodeEditor | undefined): TabState {
  const [state, setState] = useState<TabState>({ focused: false, armed: false });
  useEffect(() => {
    if (!editor) return;
    let armed = false;
    const arm = (on: boolean) => {
      if (armed === on) return;
      armed = on;
      editor.updateOptions({ tabFocusMode: on });
      setState((s) => ({ ...s, armed: on }));
    };
    const subscriptions = [
      editor.onKeyDown((event) => {
        if (event.keyCode === monaco.KeyCode.Escape) arm(true);
        else if (event.keyCode !== monaco.KeyCode.Tab && event.keyCode !== monaco.KeyCode.Shift) {
          arm(false);
        }
      }),
      editor.onDidFocusEditorText(() => setState({ focused: true, armed })),
      editor.onDidBlurEditorText(() => {
        arm(false);
        setState({ focused: false, armed: false });
      }),
    ];
    return () => subscriptions.forEach((s) => s.dispose());
  }, [editor]);
  return state;
}
