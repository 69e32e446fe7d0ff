import { asFiles, fileChanges, type FileChange } from '../../../core/index.ts';

interface Props {
  /** The case's files as it starts (`input.files`). */
  before: Record<string, string>;
  /** What the run printed (its `files` are the tree as the run left it). */
  printed?: unknown;
  /** False before any run: the files are the case's, with nothing printed to compare. */
  ran?: boolean;
}

const kindLabel: Record<FileChange['kind'], string> = {
  unchanged: 'unchanged',
  changed: 'changed',
  created: 'created',
  deleted: 'deleted',
};

/**
 * A case's workspace beside its transcript: every file, and what the run changed in each
 * (a diff per changed file), from the `files` the harness printed. Before a run, or when the
 * code printed none, the files as the case starts. Text only: file contents are never markup.
 */
export function WorkspaceFiles({ before, printed: output, ran = true }: Props) {
  const printed = asFiles((output as { files?: unknown } | undefined)?.files);
  const changes = fileChanges(before, printed);
  const changed = changes.filter((c) => c.kind !== 'unchanged').length;
  const count = `${changes.length} ${changes.length === 1 ? 'file' : 'files'}`;
  return (
    <div className="workspace-files">
      <p className="workspace-summary">
        {printed
          ? `${count} · ${changed === 0 ? 'none' : changed} changed by the run`
          : `${count}, as the case starts${ran ? ' (the run printed no files)' : ''}`}
      </p>
      <ul aria-label="Workspace files">
        {changes.map((change) => (
          <li key={change.path} data-kind={change.kind}>
            <details open={change.kind !== 'unchanged'}>
              <summary>
                <code>{change.path}</code>{' '}
                <span className={`badge subtle file-${change.kind}`}>{kindLabel[change.kind]}</span>
              </summary>
              {change.diff ? (
                <pre className="file-diff" aria-label={`Changes to ${change.path}`}>
                  {change.diff.map((line, i) => (
                    <span key={i} className={`diff-line diff-${opName(line.op)}`}>
                      {line.op === '…' ? '…' : `${line.op} ${line.text}`}
                      {'\n'}
                    </span>
                  ))}
                </pre>
              ) : (
                <pre className="file-text">{change.text}</pre>
              )}
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

function opName(op: string): string {
  return op === '+' ? 'added' : op === '-' ? 'removed' : op === '…' ? 'gap' : 'kept';
}
