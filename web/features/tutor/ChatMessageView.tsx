import { findAnchor, type ChatAction, type ChatMessage } from '../../../core/index.ts';
import type { TutorEditor } from './tutor-editor.ts';
import { useLessonFile } from './use-lesson-file.ts';
import type { TutorMarkdown } from './tutor-markdown.ts';

interface Props {
  message: ChatMessage;
  editor: TutorEditor | undefined;
  markdown: TutorMarkdown;
  onAction(action: ChatAction): void;
}

/** One line of the conversation: the learner's words as typed, or the tutor's markdown. */
export function ChatMessageView({ message, editor, markdown, onAction }: Props) {
  if (message.role === 'learner') {
    return (
      <div className="chat-message from-learner">
        <span className="visually-hidden">You: </span>
        <p>{message.text}</p>
      </div>
    );
  }
  return (
    <div className="chat-message from-tutor" data-outcome={message.outcome}>
      <span className="visually-hidden">Tutor: </span>
      {markdown(message.text, message.quoted)}
      {message.lines && message.lines.length > 0 && (
        <pre className="chat-lines" tabIndex={0}>
          {message.lines.join('\n')}
        </pre>
      )}
      {message.highlight && (
        <HighlightLink
          highlight={message.highlight}
          editor={editor}
          onShow={() =>
            onAction({
              label: 'Show the lines',
              intent: { type: 'point', anchor: message.highlight!, in: 'code' },
            })
          }
        />
      )}
      {message.actions && message.actions.length > 0 && (
        <div className="chat-actions">
          {message.actions.map((action, i) => (
            <button key={i} type="button" className="button small" onClick={() => onAction(action)}>
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** Where the answer's lines are in the learner's code now; choosing it points at them again. */
function HighlightLink({
  highlight,
  editor,
  onShow,
}: {
  highlight: NonNullable<ChatMessage['highlight']>;
  editor: TutorEditor | undefined;
  onShow(): void;
}) {
  const text = useLessonFile(editor, highlight.file);
  const range = text === undefined ? undefined : findAnchor(text, highlight);
  const name = highlight.file.replace(/^src\//, '');
  if (!range) {
    return <p className="chat-note">Those lines are no longer in your {name}.</p>;
  }
  const lines =
    range.startLine === range.endLine
      ? `line ${range.startLine}`
      : `lines ${range.startLine}–${range.endLine}`;
  return (
    <p className="anchor-pointer chat-pointer">
      <span className="anchor-swatch" aria-hidden="true" />
      <span>
        In your code:{' '}
        <button type="button" className="link" onClick={onShow}>
          {name}, {lines}
        </button>
      </span>
    </p>
  );
}
