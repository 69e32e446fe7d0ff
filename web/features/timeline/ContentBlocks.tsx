import type { ApiResponse } from '../../../core/index.ts';
import { inlineJson } from '../../ui/Json.tsx';

/** The blocks of a model response: text as text, tool_use as a call with its input. */
export function ContentBlocks({ blocks }: { blocks: ApiResponse['content'] }) {
  if (blocks.length === 0) return <p className="empty-note">(no content blocks)</p>;
  return (
    <ul className="content-blocks">
      {blocks.map((block, i) =>
        block.type === 'text' ? (
          <li key={i} className="block-text">
            <span className="block-kind">text</span>
            <p>{block.text}</p>
          </li>
        ) : (
          <li key={i} className="block-tool-use">
            <span className="block-kind">tool_use</span>
            <code className="tool-call">
              <strong>{block.name}</strong>({inlineJson(block.input, 200)})
            </code>
          </li>
        ),
      )}
    </ul>
  );
}
