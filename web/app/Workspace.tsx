import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { Course, FileMap, Lesson } from '../../core/index.ts';
import type { EditorApi } from '../features/editor/editor-api.ts';
import { LiveSwitch } from '../features/live/LiveSwitch.tsx';
import { useCourseView, useLessonHref } from '../features/lessons/course-view.ts';
import { recordRun } from '../features/results/record-run.ts';
import { ResultsPanel } from '../features/results/ResultsPanel.tsx';
import { ResultsTabLabel } from '../features/results/ResultsTabLabel.tsx';
import { WorkspaceFiles } from '../features/results/WorkspaceFiles.tsx';
import { abandonRun, prepareRun, runLesson, runLive } from '../features/runner/runs.ts';
import { RunButton, RunControls } from '../features/runner/RunControls.tsx';
import { useWatchMode } from '../features/runner/use-watch-mode.ts';
import { DownloadButton } from '../features/share/DownloadButton.tsx';
import { OtherTabBanner } from '../features/share/OtherTabBanner.tsx';
import { ShareControl } from '../features/share/ShareControl.tsx';
import { SharedCodeBanner } from '../features/share/SharedCodeBanner.tsx';
import { Timeline } from '../features/timeline/Timeline.tsx';
import { CarryForward } from '../features/tutor/CarryForward.tsx';
import { ExplainFailure } from '../features/tutor/ExplainFailure.tsx';
import { currentFiles } from '../store/learner-files.ts';
import { useAppStore } from '../store/store.ts';
import { ReadingPane } from './ReadingPane.tsx';
import { useMediaQuery } from './use-media-query.ts';
import { STACKED_QUERY, WorkspaceLayout } from './WorkspaceLayout.tsx';

/** Monaco is large: the lesson text shows while it loads. */
const EditorPane = lazy(() => import('../features/editor/EditorPane.tsx'));
/** Live mode's panel loads when it is first turned on. */
const LivePanel = lazy(() => import('../features/live/LivePanel.tsx'));

interface Props {
  course: Course;
  lesson: Lesson;
  dark: boolean;
}

/** The files a Run grades now: the lesson's, with what the editor shows over them. */
function filesNow(lesson: Lesson): FileMap {
  return currentFiles(useAppStore.getState(), lesson);
}

/**
 * Runs the code in the editor (every case, or the ones named): live when live mode is on and
 * it is the learner's own Run of every case, against the recordings otherwise.
 */
function runNow(lesson: Lesson, only?: string[]): void {
  if (useAppStore.getState().liveOn && !only) {
    // Live mode: the learner's own question, through their code, to the real API. The model source
    // the live feature builds is its one contact with the runner.
    // live-controller loads with live mode: a first visit does not carry it.
    const files = filesNow(lesson);
    void import('../features/live/live-controller.ts').then(({ runLiveNow }) =>
      runLiveNow(lesson, files, (f, options) => runLive(lesson, f, options)),
    );
    return;
  }
  runRecorded(lesson, only);
}

/**
 * Runs the code in the editor against the lesson's recordings; a run of the learner's own
 * code, once finished, counts towards their progress. The tutor's runs are these: it never
 * spends the learner's key, so code the learner has not run live (a share link's) is never
 * run live by the tutor.
 */
function runRecorded(lesson: Lesson, only?: string[]): void {
  const source = useAppStore.getState().shared[lesson.id] ? 'shared' : 'mine';
  // Recorded in the tick the results land, so the progress renders with them (one commit).
  void runLesson(lesson, filesNow(lesson), source, only, (finished) => {
    if (source === 'mine') recordRun(lesson, finished);
  });
}

/** One lesson's three panes: read, edit, see. Mounted per lesson (keyed by its id). */
export function Workspace({ course, lesson, dark }: Props) {
  const run = useCallback(() => runNow(lesson), [lesson]);
  const runCases = useCallback((names: string[]) => runNow(lesson, names), [lesson]);
  const runner = useMemo(
    () => ({
      run: () => runRecorded(lesson),
      runReference: (files: FileMap) => void runLesson(lesson, files, 'reference'),
    }),
    [lesson],
  );
  const [editorApi, setEditorApi] = useState<EditorApi>();
  const stacked = useMediaQuery(STACKED_QUERY);
  const next = course.lessons[lesson.index + 1];
  const lessonHref = useLessonHref();
  const { packId } = useCourseView();
  // Watch never spends the learner's tokens: in live mode, only a Run does.
  const watchRun = useCallback(() => {
    if (!useAppStore.getState().liveOn) runNow(lesson);
  }, [lesson]);
  // Before the editor is up there is nothing typed to check.
  const parses = useCallback(() => editorApi?.parses() ?? Promise.resolve(true), [editorApi]);
  useWatchMode(lesson.id, watchRun, parses);
  const liveOn = useAppStore((s) => s.liveOn);
  useRunShortcut(run);
  useEffect(() => {
    prepareRun(lesson, filesNow(lesson));
    // Every edit is bundled as it is made, so Run finds its bundle ready.
    return useAppStore.subscribe((state, previous) => {
      if (state.lastEdit !== previous.lastEdit && state.lastEdit?.lessonId === lesson.id) {
        prepareRun(lesson, filesNow(lesson));
      }
    });
  }, [lesson]);
  useEffect(
    () => () => {
      // Leaving the lesson: its run stops and its results go; they belong to that lesson.
      abandonRun();
      useAppStore.getState().setSolutionOpen(false);
    },
    [],
  );
  return (
    <WorkspaceLayout
      stacked={stacked}
      reading={
        <ReadingPane
          course={course}
          lesson={lesson}
          editor={editorApi}
          runner={runner}
          next={next && { id: next.id, title: next.title, href: lessonHref(next.id) }}
        />
      }
      code={
        <Suspense
          fallback={<section className="editor-pane editor-loading">Loading the editor…</section>}
        >
          <EditorPane
            lesson={lesson}
            dark={dark}
            onRun={run}
            toolbar={
              <>
                <RunControls onRun={run} showRun={!stacked} />
                <LiveSwitch />
                <ShareControl lesson={lesson} packId={packId} />
                <SharedCodeBanner lesson={lesson} />
                <OtherTabBanner lesson={lesson} />
                <CarryForward course={course} lesson={lesson} />
              </>
            }
            fileActions={<DownloadButton lesson={lesson} />}
            onApi={setEditorApi}
          />
        </Suspense>
      }
      results={
        liveOn ? (
          <Suspense fallback={<section className="live-panel">Loading live mode…</section>}>
            <LivePanel
              lesson={lesson}
              onRun={run}
              transcript={(report, summary) => <Timeline report={report} live={{ summary }} />}
              files={(before, run) => (
                <WorkspaceFiles before={before} printed={run?.printed} ran={run !== undefined} />
              )}
            />
          </Suspense>
        ) : (
          <ResultsPanel
            lesson={lesson}
            transcript={(report) => <Timeline report={report} />}
            next={next && { title: next.title, href: lessonHref(next.id) }}
            courseTitle={course.title}
            onRun={run}
            onRunCases={runCases}
            caseActions={(report) => <ExplainFailure lesson={lesson} report={report} />}
          />
        )
      }
      resultsLabel={<ResultsTabLabel lesson={lesson} />}
      runButton={(showResults) => (
        <RunButton
          onRun={() => {
            run();
            showResults();
          }}
        />
      )}
    />
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
