import type { Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { StatusIcon } from '../../ui/StatusIcon.tsx';

/** "Results" with the latest run's outcome beside it: the stacked layout's tab label. */
export function ResultsTabLabel({ lesson }: { lesson: Lesson }) {
  const phase = useAppStore((s) => (s.run?.lessonId === lesson.id ? s.run.phase : undefined));
  const status = useAppStore((s) =>
    s.run?.lessonId === lesson.id ? s.run.report?.status : undefined,
  );
  const icon =
    phase === 'running'
      ? 'running'
      : status === 'pass'
        ? 'pass'
        : status === 'fail' || phase === 'crashed'
          ? 'fail'
          : undefined;
  return (
    <span className="results-tab-label">
      Results
      {icon && <StatusIcon status={icon} />}
    </span>
  );
}
