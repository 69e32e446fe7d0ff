import { useState, type ReactNode } from 'react';
import type { Lesson, Tutor } from '../../../core/index.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { BreakIt } from './BreakIt.tsx';
import { Questions } from './Questions.tsx';
import { RestoreBar } from './RestoreBar.tsx';
import type { TutorEditor, TutorRunner } from './tutor-editor.ts';
import { Walkthrough } from './Walkthrough.tsx';
import './tutor.css';

interface Props {
  lesson: Lesson;
  tutor: Tutor;
  /** The editor, once it is mounted. */
  editor: TutorEditor | undefined;
  runner: TutorRunner;
  /** Renders the author's markdown, composed in by the app shell. */
  markdown(source: string): ReactNode;
  /** Whether the panel is on screen; while hidden it points at nothing in the editor. */
  active: boolean;
}

type Section = 'walkthrough' | 'break-it' | 'questions';

/** The lesson's scripted tutor: a walkthrough of the code, experiments, and answers. */
export function TutorPanel({ lesson, tutor, editor, runner, markdown, active }: Props) {
  const [section, setSection] = useState<Section>('walkthrough');
  const visible = (id: Section) => active && section === id;
  return (
    <section className="tutor" aria-label="Tutor">
      <Tabs
        className="tutor-tabs"
        label="Tutor sections"
        selected={section}
        onSelect={(id) => setSection(id as Section)}
        keepMounted
        tabs={[
          {
            id: 'walkthrough',
            label: 'Walkthrough',
            content: () => (
              <Walkthrough
                lesson={lesson}
                steps={tutor.walkthrough}
                editor={editor}
                markdown={markdown}
                visible={visible('walkthrough')}
              />
            ),
          },
          {
            id: 'break-it',
            label: 'Break it',
            content: () => (
              <BreakIt
                lesson={lesson}
                experiments={tutor.experiments}
                editor={editor}
                runner={runner}
                markdown={markdown}
                visible={visible('break-it')}
              />
            ),
          },
          {
            id: 'questions',
            label: 'Questions',
            content: () => (
              <Questions
                lesson={lesson}
                questions={tutor.questions}
                editor={editor}
                markdown={markdown}
                visible={visible('questions')}
              />
            ),
          },
        ]}
      />
      <RestoreBar lesson={lesson} tutor={tutor} editor={editor} />
    </section>
  );
}
