import { asFiles, fileChanges } from '../../core/index.ts';
import { style } from '../style.ts';
import { terminalLine } from '../terminal-text.ts';

/**
 * What a run did to its project, after a live run of a stage with a workspace: what the harness
 * printed beside the files, then each file it created or changed, with the lines that changed
 * (`git diff` in short). The project lived in the sandbox's memory: nothing was written to disk.
 */
export function printChanges(
  input: unknown,
  printed: string | undefined,
  write: (line: string) => void,
): void {
  const before = asFiles((input as { files?: unknown } | null)?.files);
  if (!before) return;
  let after: Record<string, string> | undefined;
  try {
    after = asFiles((JSON.parse(printed ?? 'null') as { files?: unknown } | null)?.files);
  } catch {
    after = undefined;
  }
  if (!after) return;
  printReport(JSON.parse(printed ?? 'null') as Record<string, unknown>, write);
  const changes = fileChanges(before, after).filter((c) => c.kind !== 'unchanged');
  write('');
  if (changes.length === 0) {
    write(style.dim('No file changed. (The project is a copy in memory: your disk is untouched.)'));
    return;
  }
  write(
    style.bold(`${changes.length} ${changes.length === 1 ? 'file' : 'files'} changed`) +
      style.dim(' (in the copy in memory: your disk is untouched)'),
  );
  for (const change of changes) {
    write(`${style.cyan(change.kind)} ${terminalLine(change.path)}`);
    const lines =
      change.kind === 'created'
        ? change.text
            .replace(/\n$/, '')
            .split('\n')
            .map((text) => ({ op: '+', text }))
        : (change.diff ?? []);
    for (const { op, text } of lines) {
      const shown = terminalLine(text);
      if (op === '+') write(style.green(`  + ${shown}`));
      else if (op === '-') write(style.red(`  - ${shown}`));
      else if (op === '…') write(style.dim('  …'));
      else write(style.dim(`    ${shown}`));
    }
  }
}

/**
 * The rest of what the harness printed beside the files (an agent's report: whether the tests
 * pass by its own run, what changed, what the user was asked), a line each; the answer was
 * printed already.
 */
function printReport(printed: Record<string, unknown>, write: (line: string) => void): void {
  const fields = Object.entries(printed).filter(([key]) => key !== 'files' && key !== 'answer');
  if (fields.length === 0) return;
  write('');
  for (const [key, value] of fields) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    write(
      `${style.dim(`${terminalLine(key)}:`)} ${terminalLine(text.length > 200 ? `${text.slice(0, 200)}…` : text)}`,
    );
  }
}
