import { useMemo, useState } from 'react';
import type { Course, Lesson } from '../../core/index.ts';
import type { EditorApi } from '../features/editor/editor-api.ts';
import { LessonPane } from '../features/lessons/LessonPane.tsx';
import { Markdown } from '../features/lessons/Markdown.tsx';
import { MARKDOWN_DEPTH } from '../features/lessons/markdown-text.ts';
import type { TutorRunner } from '../features/tutor/tutor-editor.ts';
import type { TutorMarkdown } from '../features/tutor/tutor-markdown.ts';
import type { NextLesson } from '../features/tutor/use-tutor-chat.ts';
import { TutorPanel } from '../features/tutor/TutorPanel.tsx';
import { useTutorRequest } from '../features/tutor/use-tutor-request.ts';
import { useAppStore } from '../store/store.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { liveTutorConnection } from './live-tutor-connection.ts';
import { LiveTutorLog } from './LiveTutorLog.tsx';
import { useLiveTutor } from './use-live-tutor.ts';

interface Props {
  course: Course;
  lesson: Lesson;
  /** The editor, once it is mounted: the tutor points into it and applies experiments. */
  editor: EditorApi | undefined;
  runner: TutorRunner;
  /** The lesson after this one, for the tutor's "next lesson". */
  next?: NextLesson;
}

const markdown: TutorMarkdown = (source, quoted) => (
  <Markdown source={source} minDepth={MARKDOWN_DEPTH.tutor} quoted={quoted} />
);

/**
 * The reading side: the lesson text and its tutor, as two tabs that keep their state. It
 * opens on the tutor when an experiment's change is still waiting to be undone, and switches
 * to it when the results ask the tutor to explain a failure.
 */
export function ReadingPane({ course, lesson, editor, runner, next }: Props) {
  const pendingRestore = useAppStore((s) => lesson.id in s.experimentSnapshots);
  const [tab, setTab] = useState(pendingRestore ? 'tutor' : 'lesson');
  // "Explain this failure" in the results opens the tutor.
  useTutorRequest(lesson.id, () => setTab('tutor'));
  // With live mode on and a key, free questions go to the live tutor loop.
  const connection = useMemo(() => liveTutorConnection(), []);
  const { responder, answers } = useLiveTutor(connection, lesson.id);
  const text = <LessonPane course={course} lesson={lesson} />;
  const tutor = lesson.tutor;
  if (!tutor) return text;
  return (
    <Tabs
      className="reading-pane"
      label="Lesson and tutor"
      selected={tab}
      onSelect={setTab}
      keepMounted
      tabs={[
        { id: 'lesson', label: 'Lesson', content: () => text },
        {
          id: 'tutor',
          label: 'Tutor',
          content: () => (
            <TutorPanel
              lesson={lesson}
              tutor={tutor}
              editor={editor}
              runner={runner}
              markdown={markdown}
              active={tab === 'tutor'}
              next={next}
              {...(responder ? { responder } : {})}
              chatFooter={<LiveTutorLog answers={answers} />}
            />
          ),
        },
      ]}
    />
  );
}
