import { useEffect, useState } from 'react';
import type { Lesson, TutorExperiment } from '../../../core/index.ts';
import type { RunState } from '../../store/run-slice.ts';
import { useAppStore } from '../../store/store.ts';
import { observe, planExperiment, referenceFilesFor, type Observation } from './experiment.ts';
import type { TutorEditor, TutorRunner } from './tutor-editor.ts';

export type RunTarget = 'yours' | 'reference';

/** Where one experiment stands. */
export type ExperimentPhase =
  | { step: 'ready' }
  /** `since`: the run id before ours; `runId`: ours, once it has begun. */
  | { step: 'running'; on: RunTarget; since: number; runId: number | undefined }
  | { step: 'done'; on: RunTarget; observation: Observation }
  | { step: 'stopped'; on: RunTarget; why: string };

export interface Experiment {
  phase: ExperimentPhase;
  /** Applies the edit to the learner's file (kept first, to restore) and runs it. */
  applyAndRun(): void;
  /** Runs the reference solution with the edit; the learner's files are not touched. */
  runOnReference(): void;
  reset(): void;
}

/**
 * One "break it" experiment: change the code, run it through the same run controller as the
 * Run button, and watch that run until it finishes.
 */
export function useExperiment(
  lesson: Lesson,
  experiment: TutorExperiment,
  editor: TutorEditor | undefined,
  runner: TutorRunner,
): Experiment {
  const [phase, setPhase] = useState<ExperimentPhase>({ step: 'ready' });

  useEffect(() => {
    if (phase.step !== 'running') return;
    const follow = (run: RunState | undefined) => {
      const ours =
        phase.runId ??
        (run && run.lessonId === lesson.id && run.id > phase.since ? run.id : undefined);
      if (ours === undefined) return;
      const newer = run !== undefined && run.lessonId === lesson.id && run.id > ours;
      if (newer && phase.on === 'yours') {
        // A newer run of the learner's code (watch mode, the Run button) grades the same change.
        setPhase({ ...phase, runId: run.id });
      } else if (run?.id !== ours) {
        setPhase({
          step: 'stopped',
          on: phase.on,
          why: 'Another run started before this one finished.',
        });
      } else if (run.phase === 'running') {
        if (phase.runId === undefined) begun(ours);
      } else if (run.phase === 'done' && run.report) {
        setPhase({ step: 'done', on: phase.on, observation: observe(experiment, run.report) });
      } else if (run.phase === 'cancelled') {
        setPhase({ step: 'stopped', on: phase.on, why: 'The run was stopped before it finished.' });
      } else if (run.phase === 'crashed') {
        setPhase({ step: 'stopped', on: phase.on, why: run.error ?? 'The run could not finish.' });
      }
    };
    const begun = (runId: number) => setPhase({ ...phase, runId });
    follow(useAppStore.getState().run);
    return useAppStore.subscribe((state, previous) => {
      if (state.run !== previous.run) follow(state.run);
    });
  }, [phase, lesson.id, experiment]);

  /**
   * Starts a run and claims its id if the store has heard of it already; else the first run of
   * the lesson newer than `since` is claimed as it begins (`follow`).
   */
  const start = (on: RunTarget, go: () => void) => {
    const since = useAppStore.getState().run?.id ?? 0;
    go();
    const run = useAppStore.getState().run;
    const runId = run && run.lessonId === lesson.id && run.id > since ? run.id : undefined;
    setPhase({ step: 'running', on, since, runId });
  };

  return {
    phase,
    applyAndRun() {
      if (!editor) return;
      const plan = planExperiment(experiment, editor.read(experiment.edit.file));
      if (plan.on !== 'yours') {
        setPhase({
          step: 'stopped',
          on: 'yours',
          why: `The change cannot be made: ${plan.reason}.`,
        });
        return;
      }
      // The learner's code is kept (and saved) before anything touches it.
      useAppStore.getState().keepBeforeExperiment(lesson.id, experiment.id, plan.path, plan.before);
      editor.write(plan.path, plan.after);
      start('yours', runner.run);
    },
    runOnReference() {
      const files = referenceFilesFor(lesson, experiment);
      if (!files) {
        setPhase({
          step: 'stopped',
          on: 'reference',
          why: 'The change does not apply to the reference solution.',
        });
        return;
      }
      start('reference', () => runner.runReference(files));
    },
    reset: () => setPhase({ step: 'ready' }),
  };
}
