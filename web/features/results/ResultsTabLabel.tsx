import type { Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { StatusIcon } from '../../ui/StatusIcon.tsx';
import { useRunOnScreen } from './use-run-on-screen.ts';

/** "Results" with the latest run's outcome beside it: the stacked layout's tab label. */
export function ResultsTabLabel({ lesson }: { lesson: Lesson }) {
  const run = useAppStore((s) => (s.run?.lessonId === lesson.id ? s.run : undefined));
  const { said } = useRunOnScreen(run);
  const status = said?.report?.status;
  const icon =
    said?.phase === 'running'
      ? 'running'
      : status === 'pass'
        ? 'pass'
        : status === 'fail' || said?.phase === 'crashed'
          ? 'fail'
          : undefined;
  return (
    <span className="results-tab-label">
      Results
      {icon && <StatusIcon status={icon} />}
    </span>
  );
}
