import type { RunState } from '../../store/run-slice.ts';
import { useAfterMoment } from '../../ui/moments.ts';

/** How the results show the latest run of their lesson (see `useRunOnScreen`). */
export interface RunOnScreen {
  /** The run, while it is going. */
  going: RunState | undefined;
  /** The learner has waited a moment since pressing Run (the wait's first run, see `streak`). */
  waited: boolean;
  /** The run is going, has no case in yet, and has not taken a moment: nothing shows it yet. */
  quiet: boolean;
  /** The run the verdict speaks for: `run`, or while `quiet`, the run shown before the press. */
  said: RunState | undefined;
}

/**
 * A run shows as under way only once the learner has waited a moment, or its first cases are
 * in: until then the results stay as they were before the press (only the live region's
 * data-phase and the list's aria-busy, which nothing styles, say that a run is going), so a
 * quick run goes from the last verdict straight to its own, and the press paints nothing while
 * the run's workers need the CPU.
 */
export function useRunOnScreen(run: RunState | undefined): RunOnScreen {
  const going = run?.phase === 'running' ? run : undefined;
  const waited = useAfterMoment(going && `run:${going.streak}`);
  const quiet = going !== undefined && going.cases.length === 0 && !waited;
  return { going, waited, quiet, said: quiet ? going.previous : run };
}
