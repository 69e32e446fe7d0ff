import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CHAT_LIMITS, type Lesson, type TutorResponder } from '../../../core/index.ts';
import { setChatAside } from '../../store/chat-aside.ts';
import { useAppStore } from '../../store/store.ts';
import { ChatBoundary } from './ChatBoundary.tsx';
import { ChatMessageView } from './ChatMessageView.tsx';
import type { TutorEditor, TutorRunner } from './tutor-editor.ts';
import { useTutorChat, type NextLesson } from './use-tutor-chat.ts';
import './chat.css';
import type { TutorMarkdown } from './tutor-markdown.ts';

interface Props {
  lesson: Lesson;
  editor: TutorEditor | undefined;
  runner: TutorRunner;
  markdown: TutorMarkdown;
  /** While the tutor is on screen, the lines the conversation points at are highlighted. */
  active: boolean;
  next: NextLesson | undefined;
  /** Who answers (see core/tutor/responder.ts); the offline tutor when not given. */
  responder?: TutorResponder;
  /** Shown under the conversation (the live tutor's log, composed in by the app shell). */
  footer?: ReactNode;
}

const EMPTY: never[] = [];

/**
 * The conversation with the tutor, at the foot of its panel: the log (a live region, so a
 * screen reader hears each new line), and the line the learner types in.
 */
export function TutorChat({
  lesson,
  editor,
  runner,
  markdown,
  active,
  next,
  responder,
  footer,
}: Props) {
  const messages = useAppStore((s) => s.chats[lesson.id] ?? EMPTY);
  const clearChat = useAppStore((s) => s.clearChat);
  const { send, pointing } = useTutorChat({ lesson, editor, runner, next, responder });
  const [draft, setDraft] = useState('');
  // Bumped when the conversation failed to render and was set aside: the log starts afresh.
  const [setAside, setSetAside] = useState(0);
  const inputId = useId();
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!active || !editor || !pointing) return;
    editor.highlight({ ...pointing.anchor, in: pointing.in });
    return () => editor.highlight(undefined);
  }, [active, editor, pointing]);

  useEffect(() => {
    // The newest line in view; the learner scrolls up for older ones.
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Up in an empty line brings back the learner's last line, as in a terminal.
    if (event.key !== 'ArrowUp' || draft !== '') return;
    const last = [...messages].reverse().find((m) => m.role === 'learner');
    if (!last) return;
    event.preventDefault();
    setDraft(last.text);
  };

  // Named "Chat", not after its heading: the tutor's panel is the one region named "Tutor".
  return (
    <section className="tutor-chat" aria-label="Chat">
      <header className="chat-header">
        <h3 className="chat-title">Ask the tutor</h3>
        {messages.length > 0 && (
          <button type="button" className="button small ghost" onClick={() => clearChat(lesson.id)}>
            Clear<span className="visually-hidden"> the conversation</span>
          </button>
        )}
      </header>
      <div
        ref={log}
        className="chat-log"
        role="log"
        aria-label="Conversation with the tutor"
        tabIndex={0}
      >
        {messages.length === 0 && (
          <p className="chat-empty">
            Ask about this lesson's code, or tell me what to do: “run it”, “hint”, “why did it
            fail”, “break it”. Say “help” for everything I can do.
          </p>
        )}
        <ChatBoundary
          key={setAside}
          onFailed={(error) => {
            setChatAside(lesson.id, error.message);
            setSetAside((n) => n + 1);
          }}
        >
          {messages.map((message) => (
            <ChatMessageView
              key={message.id}
              message={message}
              editor={editor}
              markdown={markdown}
              onAction={(action) => send({ intent: action.intent, label: action.label })}
            />
          ))}
        </ChatBoundary>
      </div>
      {footer}
      <form
        className="chat-form"
        onSubmit={(event) => {
          event.preventDefault();
          send({ text: draft });
          setDraft('');
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Message to the tutor
        </label>
        <input
          id={inputId}
          className="text-field chat-input"
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={CHAT_LIMITS.input}
          placeholder="Ask a question, or say “run it”, “hint”, “help”…"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button primary" disabled={draft.trim() === ''}>
          Send
        </button>
      </form>
    </section>
  );
}
