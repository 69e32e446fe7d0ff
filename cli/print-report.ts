import type { CaseReport, LessonReport, Turn } from '../core/index.ts';
import { describeDiffEntry, summarizeCase } from '../core/index.ts';
import { style } from './style.ts';

const MAX_INLINE = 120;

function inline(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? '');
  return text.length > MAX_INLINE ? `${text.slice(0, MAX_INLINE)}…` : text;
}

function printTurn(turn: Turn, out: string[]): void {
  if (turn.rejection) {
    const label =
      turn.rejection.kind === 'invalid-request' ? '400 from the API' : 'left the recording';
    out.push(`    ${style.red('✗')} request #${turn.index} ${style.red(label)}`);
    return;
  }
  const response = turn.response;
  if (!response) return;
  const texts = response.content.filter((b) => b.type === 'text').map((b) => b.text);
  const uses = response.content.filter((b) => b.type === 'tool_use');
  const reason = response.stop_reason;
  if (uses.length === 0) {
    out.push(`    → ${style.cyan(reason)} ${inline(texts.join(''))}`);
  } else {
    if (texts.length > 0) out.push(`    → text ${inline(texts.join(''))}`);
    for (const use of uses)
      out.push(`    → ${style.cyan(reason)} ${use.name}(${inline(use.input)})`);
  }
  for (const tool of turn.tools) {
    if (tool.error)
      out.push(`    ← tool_result ${style.yellow('error')} ${inline(tool.error.message)}`);
    else out.push(`    ← tool_result ${inline(tool.output ?? '')}`);
  }
}

function printCase(report: CaseReport, out: string[]): void {
  const mark =
    report.status === 'pass'
      ? style.green('✓')
      : report.status === 'fail'
        ? style.red('✗')
        : style.red('!');
  const label = report.visible ? '' : style.dim(' (hidden)');
  out.push(`  ${mark} ${style.bold(report.name)}${label} ${style.dim(report.description)}`);
  for (const turn of report.turns) printTurn(turn, out);
  if (report.turns.length > 0) out.push(`    ${style.dim(summarizeCase(report))}`);
  if (report.status !== 'pass') {
    for (const line of report.message.split('\n')) out.push(`    ${style.red(line)}`);
    const frames = report.frames ?? [];
    for (const frame of frames) {
      const fn = frame.functionName ? `${frame.functionName} ` : '';
      out.push(`      at ${fn}${frame.file}:${frame.line}:${frame.column}`);
    }
    if (report.frameCount)
      out.push(`      ${style.dim(`… and ${report.frameCount - frames.length} more frames`)}`);
    const diff = report.diff ?? [];
    for (const entry of diff.slice(0, 10)) out.push(`      ${describeDiffEntry(entry)}`);
    const more = (report.diffCount ?? diff.length) - Math.min(diff.length, 10);
    if (more > 0) out.push(`      ${style.dim(`… and ${more} more`)}`);
  }
  if (report.console.length > 0 && report.status !== 'pass') {
    out.push(`    ${style.dim('console:')}`);
    for (const line of report.console.slice(0, 20)) out.push(`      ${line.text}`);
    if (report.console.length > 20 || report.consoleTruncated)
      out.push(`      ${style.dim('… output truncated')}`);
  }
}

/** Renders a lesson's report as the terminal transcript, turn by turn, then the verdict. */
export function formatReport(report: LessonReport, title: string): string {
  const out: string[] = [`${style.bold(report.lessonId)} ${style.dim(`· ${title}`)}`];
  for (const error of report.compileErrors) {
    out.push(
      `  ${style.red('compile error')} ${error.file}:${error.line}:${error.column}: ${error.text}`,
    );
    if (error.lineText) out.push(`    ${style.dim(error.lineText)}`);
  }
  for (const c of report.cases) printCase(c, out);
  const passed = report.cases.filter((c) => c.status === 'pass').length;
  const verdict = report.status === 'pass' ? style.green('PASS') : style.red('FAIL');
  out.push(
    `${verdict} ${report.lessonId}: ${passed}/${report.cases.length} cases passed ${style.dim(`· ${Math.round(report.durationMs)} ms`)}`,
  );
  return out.join('\n');
}

/** Machine-readable results in the spirit of Exercism's results.json. */
export function toJson(reports: LessonReport[]) {
  return {
    version: 1,
    status: reports.every((r) => r.status === 'pass') ? 'pass' : 'fail',
    stages: reports.map((r) => ({
      stage: r.lessonId,
      status: r.status,
      compileErrors: r.compileErrors,
      cases: r.cases.map((c) => ({
        name: c.name,
        visible: c.visible,
        status: c.status,
        kind: c.kind,
        message: c.message,
        output: c.console.map((l) => l.text).join('\n'),
        turns: c.turns.length,
        toolCalls: c.turns.reduce((n, t) => n + t.tools.length, 0),
      })),
    })),
  };
}
