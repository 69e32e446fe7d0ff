import type { FileMap, Lesson, LiveReport, LiveRunOptions, Usage } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { baseUrlProblem } from './allowed-origins.ts';
import { keyStore } from './key-store.ts';
import { liveInput, lessonQuestion } from './live-input.ts';

/**
 * Starts live runs: it takes the key from the key store, builds the page's answerer (the SDK
 * module, loaded only once live mode is on) and hands it to the runner with the run's options.
 * That answerer is live mode's one contact with the runner.
 */

/** The runner's live entry, composed in by the app shell (run-controller.ts `runLive`). */
export type RunLive = (files: FileMap, options: LiveRunOptions) => Promise<LiveReport>;

let latest = 0;
/** A Run pressed without a key: it goes ahead once the learner gives one. */
let waitingForKey: (() => void) | undefined;

/** Loads the SDK's chunk ahead of the first live Run (when the switch is turned on). */
export function preloadLive(): void {
  void import('./sdk-answerer.ts');
}

/** The question a live Run sends: the learner's own, or the lesson's. */
export function questionFor(lesson: Lesson): string {
  return useAppStore.getState().liveQuestions[lesson.id] ?? lessonQuestion(lesson);
}

/** Runs the learner's code live, asking for a key first when there is none. */
export async function runLiveNow(lesson: Lesson, files: FileMap, runLive: RunLive): Promise<void> {
  const store = useAppStore.getState();
  const apiKey = keyStore.get();
  if (!apiKey) {
    waitingForKey = () => void runLiveNow(lesson, files, runLive);
    store.setKeyDialog('needed');
    return;
  }
  const id = ++latest;
  store.beginLiveRun(id, lesson.id);
  const settings = store.liveSettings;
  const problem = baseUrlProblem(settings.baseURL);
  if (problem) {
    store.crashLiveRun(id, `No call was made. ${problem}`);
    return;
  }
  let answerer;
  try {
    const { createSdkAnswerer } = await import('./sdk-answerer.ts');
    let before: Usage = { input_tokens: 0, output_tokens: 0 };
    answerer = createSdkAnswerer({
      apiKey,
      baseURL: settings.baseURL,
      ...(settings.model.trim() ? { model: settings.model.trim() } : {}),
      limits: { maxCalls: settings.maxCalls, maxTokens: settings.maxTokens },
      onMeter: (meter) => {
        const usage = { input_tokens: meter.inputTokens, output_tokens: meter.outputTokens };
        const added = {
          input_tokens: usage.input_tokens - before.input_tokens,
          output_tokens: usage.output_tokens - before.output_tokens,
        };
        before = usage;
        useAppStore.getState().meterLiveRun(id, meter.calls, usage, added);
      },
      onKeyRejected: () => {
        keyStore.forget();
        useAppStore.getState().setKeyDialog('rejected');
      },
    });
  } catch (error) {
    store.crashLiveRun(id, `Live mode could not load the Anthropic SDK: ${describe(error)}`);
    return;
  }
  try {
    const report = await runLive(files, {
      input: liveInput(lesson, questionFor(lesson)),
      answer: answerer,
    });
    useAppStore.getState().finishLiveRun(id, report);
  } catch (error) {
    useAppStore.getState().crashLiveRun(id, describe(error));
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
