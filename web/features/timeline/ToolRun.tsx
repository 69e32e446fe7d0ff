import type { ToolExecution } from '../../../core/index.ts';
import { inlineJson } from '../../ui/Json.tsx';

/** One tool execution by the learner's code: input, then output or error, and how long. */
export function ToolRun({ tool }: { tool: ToolExecution }) {
  return (
    <li className={`tool-run${tool.error ? ' failed' : ''}`}>
      <div className="tool-run-header">
        <span className="block-kind">tool</span>
        <code>
          <strong>{tool.name}</strong>({inlineJson(tool.input, 200)})
        </code>
        <span className="turn-ms">{formatMs(tool.durationMs)}</span>
      </div>
      {tool.error ? (
        <p className="tool-error">
          threw {tool.error.name}: {tool.error.message}
        </p>
      ) : (
        <pre className="tool-output">{tool.output}</pre>
      )}
    </li>
  );
}

function formatMs(ms: number): string {
  return ms < 1 ? '<1 ms' : `${Math.round(ms)} ms`;
}
