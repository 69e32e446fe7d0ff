import { lessonQuestion, liveStarts, type FileMap, type Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { keyStore } from './key-store.ts';
import type { RunLive } from './live-run.ts';
import { isOffline, OFFLINE_TEXT } from './offline.ts';

/**
 * Starts live runs from the app shell's Run: asks for a key first when there is none, then
 * loads the live run's module (the SDK, the session, the checks: never on a first visit) and
 * hands the runner the page's model source. The key stays in the key store and the connection.
 */

let latest = 0;
/** A Run pressed without a key: it goes ahead once the learner gives one. */
let waitingForKey: (() => void) | undefined;

/** Loads live mode's code ahead of the first live Run (when the switch is turned on). */
export function preloadLive(): void {
  void import('./live-run.ts');
  void import('./sdk-client.ts');
}

/** The question a live Run sends: the learner's own, or the lesson's (its chosen project's). */
export function questionFor(lesson: Lesson): string {
  const state = useAppStore.getState();
  return state.liveQuestions[lesson.id] ?? startQuestion(lesson, state.liveProjects[lesson.id]);
}

/** The question the chosen visible case asks (the lesson's simplest when none is chosen). */
export function startQuestion(lesson: Lesson, project: string | undefined): string {
  const start = project ? liveStarts(lesson).find((s) => s.name === project) : undefined;
  return start?.prompt ?? lessonQuestion(lesson);
}

/** Runs the learner's code live, asking for a key first when there is none. */
export async function runLiveNow(lesson: Lesson, files: FileMap, runLive: RunLive): Promise<void> {
  const store = useAppStore.getState();
  if (!keyStore.get()) {
    waitingForKey = () => void runLiveNow(lesson, files, runLive);
    store.setKeyDialog('needed');
    return;
  }
  const id = ++latest;
  store.beginLiveRun(id, lesson.id);
  const settings = store.liveSettings;
  try {
    const { runLiveSession, liveRunProblem } = await import('./live-run.ts');
    const problem = liveRunProblem(settings);
    if (problem) return store.crashLiveRun(id, problem);
    const question = questionFor(lesson);
    const project = useAppStore.getState().liveProjects[lesson.id];
    const asked = { question, ...(project ? { project } : {}) };
    const report = await runLiveSession(lesson, files, asked, settings, runLive, {
      onMeter: (calls, added) => useAppStore.getState().meterLiveRun(id, calls, added),
      onStreamText: (text) => useAppStore.getState().streamLiveRun(id, text),
      onKeyRejected: () => {
        keyStore.forget();
        useAppStore.getState().setKeyDialog('rejected');
      },
    });
    if (report) useAppStore.getState().finishLiveRun(id, report);
  } catch (error) {
    // The module could not load (offline, before live mode was ever used), or the run failed.
    useAppStore.getState().crashLiveRun(id, isOffline() ? OFFLINE_TEXT : describe(error));
  }
}

/** The learner gave a key: a Run that was waiting for one goes ahead. */
export function keyGiven(): void {
  const run = waitingForKey;
  waitingForKey = undefined;
  run?.();
}

/** The learner closed the dialog without a key: nothing waits for one any more. */
export function keyRefused(): void {
  waitingForKey = undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
