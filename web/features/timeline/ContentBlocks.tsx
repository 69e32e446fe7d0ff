import { thinkingSummary, type ApiResponse, type ThinkingBlock } from '../../../core/index.ts';
import { inlineJson } from '../../ui/Json.tsx';

/**
 * The blocks of a model response: text as text, tool_use as a call with its input, thinking
 * folded to its first words (open it for the whole), redacted thinking as what it is.
 */
export function ContentBlocks({ blocks }: { blocks: ApiResponse['content'] }) {
  if (blocks.length === 0) return <p className="empty-note">(no content blocks)</p>;
  return (
    <ul className="content-blocks">
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'text':
            return (
              <li key={i} className="block-text">
                <span className="block-kind">text</span>
                <p>{block.text}</p>
              </li>
            );
          case 'thinking':
            return <Thinking key={i} block={block} />;
          case 'redacted_thinking':
            return (
              <li key={i} className="block-thinking">
                <span className="block-kind">redacted_thinking</span>
                <span className="thinking-note">{thinkingSummary(block)}</span>
              </li>
            );
          case 'tool_use':
            return (
              <li key={i} className="block-tool-use">
                <span className="block-kind">tool_use</span>
                <code className="tool-call">
                  <strong>{block.name}</strong>({inlineJson(block.input, 200)})
                </code>
              </li>
            );
        }
      })}
    </ul>
  );
}

/** Characters of thinking shown folded; a longer text opens to the whole of it. */
const FOLDED_CHARS = 90;

/** A thinking block, folded: its first words, then the whole text and its signature's size. */
function Thinking({ block }: { block: ThinkingBlock }) {
  const short = thinkingSummary(block, FOLDED_CHARS);
  return (
    <li className="block-thinking">
      <span className="block-kind">thinking</span>
      {block.thinking === '' ? (
        <span className="thinking-note">{short}</span>
      ) : short.endsWith('…') ? (
        <details className="thinking-details">
          <summary>{short}</summary>
          <p>{block.thinking}</p>
        </details>
      ) : (
        <p className="thinking-text">{block.thinking}</p>
      )}
      <span className="thinking-signature">signature: {block.signature.length} characters</span>
    </li>
  );
}
