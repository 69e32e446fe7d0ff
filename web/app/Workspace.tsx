import { lazy, Suspense, useCallback, useEffect } from 'react';
import type { Course, Lesson } from '../../core/index.ts';
import { LessonPane } from '../features/lessons/LessonPane.tsx';
import { ResultsPanel } from '../features/results/ResultsPanel.tsx';
import { abandonRun, runLesson } from '../features/runner/run-controller.ts';
import { RunControls } from '../features/runner/RunControls.tsx';
import { useWatchMode } from '../features/runner/use-watch-mode.ts';
import { Timeline } from '../features/timeline/Timeline.tsx';
import { useAppStore } from '../store/store.ts';
import { learnerFiles } from './learner-files.ts';

/** Monaco is large: the lesson text shows while it loads. */
const EditorPane = lazy(() => import('../features/editor/EditorPane.tsx'));

interface Props {
  course: Course;
  lesson: Lesson;
  dark: boolean;
}

/** One lesson's three panes: read, edit, see. Mounted per lesson (keyed by its id). */
export function Workspace({ course, lesson, dark }: Props) {
  const run = useCallback(
    () => void runLesson(lesson, learnerFiles(lesson, useAppStore.getState().drafts)),
    [lesson],
  );
  useWatchMode(lesson.id, run);
  useRunShortcut(run);
  useEffect(
    () => () => {
      // Leaving the lesson: its run stops and its results go; they belong to that lesson.
      abandonRun();
      useAppStore.getState().setSolutionOpen(false);
    },
    [],
  );
  return (
    <main className="workspace">
      <LessonPane course={course} lesson={lesson} />
      <Suspense
        fallback={<section className="editor-pane editor-loading">Loading the editor…</section>}
      >
        <EditorPane lesson={lesson} dark={dark} onRun={run} toolbar={<RunControls onRun={run} />} />
      </Suspense>
      <ResultsPanel lesson={lesson} transcript={(report) => <Timeline report={report} />} />
    </main>
  );
}

/** Ctrl/Cmd+Enter anywhere on the page (inside the editor, Monaco handles it itself). */
function useRunShortcut(run: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) {
        return;
      }
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [run]);
}
