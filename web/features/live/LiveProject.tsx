import { useId, type ReactNode } from 'react';
import { liveStarts, type Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';

/**
 * The files view, composed in by the app shell (the results' Files tab): a project's files as
 * they start, and after a run (what it printed: its `files`), what the run changed.
 */
export type FilesView = (before: Record<string, string>, run?: { printed: unknown }) => ReactNode;

interface Props {
  lesson: Lesson;
  files: FilesView;
  /** While a run goes on: its project cannot change under it. */
  disabled: boolean;
}

/**
 * For a lesson whose cases hand the code a project (part two): which visible case's files a
 * live run starts from (the simplest by default), and those files. The run works on a copy in
 * the sandbox's memory, never on the learner's disk, as a graded case does.
 */
export function LiveProject({ lesson, files, disabled }: Props) {
  const id = useId();
  const chosen = useAppStore((s) => s.liveProjects[lesson.id]);
  const setProject = useAppStore((s) => s.setLiveProject);
  const starts = liveStarts(lesson).filter((s) => s.files);
  const start = starts.find((s) => s.name === chosen) ?? starts[0];
  if (!start?.files) return null;
  const count = Object.keys(start.files).length;
  return (
    <div className="live-project">
      <label htmlFor={id}>Project</label>
      <select
        id={id}
        className="text-field"
        value={start.name}
        disabled={disabled}
        onChange={(e) => setProject(lesson.id, e.target.value)}
        aria-describedby={`${id}-note`}
      >
        {starts.map((s) => (
          <option key={s.name} value={s.name} title={s.description}>
            {s.name}
          </option>
        ))}
      </select>
      <p className="live-note" id={`${id}-note`}>
        The run works on a copy of its {count} {count === 1 ? 'file' : 'files'} in memory, and asks
        you before a tool changes one.
      </p>
      <details className="live-project-files">
        <summary>The project&apos;s files</summary>
        {files(start.files)}
      </details>
    </div>
  );
}
