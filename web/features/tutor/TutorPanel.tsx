import { useState, type ReactNode } from 'react';
import type { Lesson, Tutor, TutorResponder } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import type { TutorRequest } from '../../store/tutor-slice.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { BreakIt } from './BreakIt.tsx';
import { ExplainCard } from './ExplainCard.tsx';
import type { Explained } from './explained.ts';
import { Hints } from './Hints.tsx';
import { Questions } from './Questions.tsx';
import { RestoreBar } from './RestoreBar.tsx';
import type { TutorEditor, TutorRunner } from './tutor-editor.ts';
import { TutorChat } from './TutorChat.tsx';
import type { NextLesson } from './use-tutor-chat.ts';
import { useTutorRequest } from './use-tutor-request.ts';
import { Walkthrough } from './Walkthrough.tsx';
import './tutor.css';
import type { TutorMarkdown } from './tutor-markdown.ts';

interface Props {
  lesson: Lesson;
  tutor: Tutor;
  /** The editor, once it is mounted. */
  editor: TutorEditor | undefined;
  runner: TutorRunner;
  /** Renders the author's markdown, composed in by the app shell. */
  markdown: TutorMarkdown;
  /** Whether the panel is on screen; while hidden it points at nothing in the editor. */
  active: boolean;
  /** The lesson after this one ("next lesson" in the chat). */
  next?: NextLesson;
  /** Who answers in the chat; the offline tutor when not given. */
  responder?: TutorResponder;
  /** Shown under the chat's conversation (the live tutor's log). */
  chatFooter?: ReactNode;
}

type Section = 'walkthrough' | 'hints' | 'break-it' | 'questions';

function sectionOf(target: TutorRequest['target']): Section {
  if ('experiment' in target) return 'break-it';
  if ('question' in target) return 'questions';
  return 'hints';
}

/** The lesson's scripted tutor: a walkthrough of the code, hints, experiments, and answers. */
export function TutorPanel({
  lesson,
  tutor,
  editor,
  runner,
  markdown,
  active,
  next,
  responder,
  chatFooter,
}: Props) {
  const [section, setSection] = useState<Section>('walkthrough');
  const request = useTutorRequest(lesson.id, (next) => setSection(sectionOf(next.target)));
  const visible = (id: Section) => active && section === id;
  const { target } = request ?? {};
  const explained = useExplained(request, tutor);
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
            id: 'hints',
            label: 'Hints',
            content: () => (
              <Hints
                lesson={lesson}
                hints={tutor.hints}
                markdown={markdown}
                explanation={
                  target && 'hints' in target && explained ? (
                    <ExplainCard
                      caseName={explained.caseName}
                      experiment={explained.experiment}
                      onDismiss={explained.dismiss}
                    >
                      {markdown(explained.paragraph, explained.quoted)}
                    </ExplainCard>
                  ) : undefined
                }
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
                focus={
                  request && target && 'experiment' in target
                    ? { id: target.experiment, nonce: request.nonce }
                    : undefined
                }
                explained={explained}
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
                focus={
                  request && target && 'question' in target
                    ? { id: target.question, nonce: request.nonce }
                    : undefined
                }
                explained={target && 'question' in target ? explained : undefined}
              />
            ),
          },
        ]}
      />
      <RestoreBar lesson={lesson} tutor={tutor} editor={editor} />
      <TutorChat
        lesson={lesson}
        editor={editor}
        runner={runner}
        markdown={markdown}
        active={active}
        next={next}
        responder={responder}
        footer={chatFooter}
      />
    </section>
  );
}

/**
 * The explanation a request carries, while it still speaks about the run on screen: a newer
 * run, or a dismissal, puts it away.
 */
function useExplained(request: TutorRequest | undefined, tutor: Tutor): Explained | undefined {
  const [dismissed, setDismissed] = useState<number>();
  const explanation = request?.explanation;
  // Whether the run on screen is the explained one: a boolean, so other runs do not re-render.
  const onScreen = useAppStore((s) => explanation !== undefined && s.run?.id === explanation.runId);
  if (!request || !explanation || dismissed === request.nonce || !onScreen) {
    return undefined;
  }
  const experiment = tutor.experiments.find((e) => e.id === explanation.experiment)?.title;
  return {
    caseName: explanation.caseName,
    paragraph: explanation.paragraph,
    experiment,
    quoted: explanation.quoted,
    dismiss: () => setDismissed(request.nonce),
  };
}
