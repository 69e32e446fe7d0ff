import { useEffect, useMemo } from 'react';
import { carryForward, type Course, type FileMap, type Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import './tutor.css';

interface Props {
  course: Course;
  lesson: Lesson;
}

/** The lesson's editable files as the learner has them now (the draft over the starter). */
function editableFiles(lesson: Lesson, draft: FileMap | undefined): FileMap {
  const files: FileMap = {};
  for (const [path, text] of Object.entries(lesson.starter)) {
    if (!lesson.readOnly.includes(path)) files[path] = draft?.[path] ?? text;
  }
  return files;
}

function sameFiles(a: FileMap, b: FileMap): boolean {
  const norm = (t: string | undefined) => t?.replace(/\r\n/g, '\n');
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => norm(a[k]) === norm(b[k]));
}

/**
 * Carries the learner's own passing code from the previous lesson into this one, with this
 * lesson's new stub merged in, so "keeps your runOneTurn" is true. A lesson opened for the first
 * time starts from it; while the code is either version, untouched, the other is one click away.
 * When the merge does not go cleanly, it says so, and the lesson starts from the course's code.
 */
export function CarryForward({ course, lesson }: Props) {
  const previous = course.lessons[lesson.index - 1];
  const passed = useAppStore((s) => (previous ? s.passedCode[previous.id] : undefined));
  const draft = useAppStore((s) => s.drafts[lesson.id]);
  const started = useAppStore((s) => s.progress[lesson.id] !== undefined);
  const sharedOpen = useAppStore((s) => s.shared[lesson.id] !== undefined);
  const startFrom = useAppStore((s) => s.startFrom);
  const plan = useMemo(
    () => (previous && passed ? carryForward(previous, lesson, passed) : undefined),
    [previous, lesson, passed],
  );
  const merged = plan?.kind === 'merged' ? plan.files : undefined;

  useEffect(() => {
    // A lesson the learner has not touched yet, after passing the one before: it starts from
    // their code. Once there is a draft, what happens to it is theirs to decide.
    if (merged && !draft && !started && !sharedOpen) startFrom(lesson.id, merged);
  }, [merged, draft, started, sharedOpen, startFrom, lesson.id]);

  if (!previous || !plan || plan.kind === 'none' || sharedOpen) return null;
  const now = editableFiles(lesson, draft);
  const courseVersion = editableFiles(lesson, undefined);
  const onCourse = sameFiles(now, courseVersion);
  const title = `“${previous.title}”`;
  if (merged && sameFiles(now, merged)) {
    return (
      <div className="carry-forward" role="region" aria-label="Where this lesson starts">
        <p>Started from your own code from {title}, with this lesson&apos;s new stub.</p>
        <button
          type="button"
          className="button small"
          onClick={() => startFrom(lesson.id, courseVersion)}
        >
          Use the course&apos;s version
        </button>
      </div>
    );
  }
  if (merged && onCourse) {
    return (
      <div className="carry-forward" role="region" aria-label="Where this lesson starts">
        <p>This is the course&apos;s version. Your passing code from {title} can carry on here.</p>
        <button type="button" className="button small" onClick={() => startFrom(lesson.id, merged)}>
          Start from my code
        </button>
      </div>
    );
  }
  if (plan.kind === 'conflict' && onCourse) {
    const where = plan.conflicts
      .map((c) =>
        c.endLine > c.startLine
          ? `lines ${c.startLine}–${c.endLine} of ${c.path}`
          : c.endLine === c.startLine
            ? `line ${c.startLine} of ${c.path}`
            : `near line ${c.startLine} of ${c.path}`,
      )
      .join('; ');
    return (
      <div className="carry-forward" role="region" aria-label="Where this lesson starts">
        <p>
          Your passing code from {title} and this lesson&apos;s new stub change the same lines (
          {where}, in your version), so the lesson starts from the course&apos;s version.
        </p>
      </div>
    );
  }
  return null;
}
