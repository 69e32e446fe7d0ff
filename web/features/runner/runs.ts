import type { FileMap, Lesson } from '../../../core/index.ts';
import type { RunSource, RunState } from '../../store/run-slice.ts';
import type { LiveRunOptions, RunController } from './run-controller.ts';

/**
 * The app's one run controller and bundler retry, installed by web/boot.ts before the app
 * renders; the workspace and the run controls reach them through these functions.
 */
let installed: { controller: RunController; retryBundler(): void } | undefined;

export function installRuns(runs: { controller: RunController; retryBundler(): void }): void {
  installed = runs;
}

function runs() {
  if (!installed) throw new Error('the run controller is not installed (see web/boot.ts)');
  return installed;
}

export const runLesson = (
  lesson: Lesson,
  files: FileMap,
  source: RunSource,
  only?: string[],
  onFinish?: (run: RunState) => void,
): Promise<RunState | undefined> => runs().controller.run(lesson, files, source, only, onFinish);
export const prepareRun = (lesson: Lesson, files: FileMap) =>
  runs().controller.prepare(lesson, files);
export const stopRun = () => runs().controller.stop();
export const abandonRun = () => runs().controller.abandon();
export const retryBundler = () => runs().retryBundler();
export const runLive = (lesson: Lesson, files: FileMap, options: LiveRunOptions) =>
  runs().controller.live(lesson, files, options);
