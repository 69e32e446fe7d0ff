import {
  cacheLine,
  conversationsOf,
  describeDiffEntry,
  replayAt,
  summarizeCase,
  thinkingSummary,
  type CaseReport,
  type LessonReport,
  type Turn,
} from '../core/index.ts';
import type { SkippedFile } from './read-sources.ts';
import { style } from './style.ts';
import { terminalLine, terminalText } from './terminal-text.ts';
import { askLine } from './live/print-live.ts';

const MAX_INLINE = 120;

/** A value on one line, as JSON, cut to MAX_INLINE characters; safe for the terminal. */
function inline(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? '';
  } catch {
    text = '(a value that cannot be shown)';
  }
  return terminalLine(text.length > MAX_INLINE ? `${text.slice(0, MAX_INLINE)}…` : text);
}

/** Characters of one message or console line shown; the rest is counted. */
const MAX_TEXT = 2_000;

/**
 * Learner text, cut to MAX_TEXT characters, every line of it indented: nothing it holds starts
 * a line of our own (a fake "PASS").
 */
function indented(text: string, indent: string, paint: (line: string) => string = (l) => l) {
  const cut =
    text.length > MAX_TEXT
      ? `${text.slice(0, MAX_TEXT)}… (${text.length - MAX_TEXT} more characters)`
      : text;
  return terminalText(cut)
    .split('\n')
    .map((line) => `${indent}${paint(line)}`);
}

function printTurn(turn: Turn, out: string[]): void {
  const cache = cacheLine(turn);
  if (cache) out.push(`    ${style.dim(`prompt cache: ${cache}`)}`);
  if (turn.rejection) {
    const label =
      turn.rejection.kind === 'invalid-request' ? '400 from the API' : 'left the recording';
    out.push(`    ${style.red('✗')} request #${turn.index} ${style.red(label)}`);
    return;
  }
  if (turn.error) {
    out.push(`    ${style.yellow('✗')} ${errorTurn(turn, turn.error)}`);
    return;
  }
  const response = turn.response;
  if (!response) return;
  for (const block of response.content) {
    if (block.type === 'thinking' || block.type === 'redacted_thinking') {
      out.push(`    ${style.dim(`→ ${block.type} ${terminalLine(thinkingSummary(block, 80))}`)}`);
    }
  }
  const texts = response.content.filter((b) => b.type === 'text').map((b) => b.text);
  const uses = response.content.filter((b) => b.type === 'tool_use');
  const reason = response.stop_reason;
  if (uses.length === 0) {
    out.push(`    → ${style.cyan(reason)} ${inline(texts.join(''))}`);
  } else {
    if (texts.length > 0) out.push(`    → text ${inline(texts.join(''))}`);
    for (const use of uses)
      out.push(`    → ${style.cyan(reason)} ${terminalLine(use.name)}(${inline(use.input)})`);
  }
  for (const ask of turn.asks ?? [])
    out.push(`    ${askLine(ask.call.name, ask.decision, ask.error)}`);
  for (const tool of turn.tools) {
    if (tool.error)
      out.push(`    ← tool_result ${style.yellow('error')} ${inline(tool.error.message)}`);
    else out.push(`    ← tool_result ${inline(tool.output ?? '')}`);
  }
}

/**
 * An attempt the API ended with an error: the status and the error, and, for a stream an error
 * event cut off (status 200), what it had shown by then, which its retry does not keep.
 */
function errorTurn(turn: Turn, error: NonNullable<Turn['error']>): string {
  const { type, message } = error.body.error;
  const what = `${terminalLine(type)} ${inline(message)}`;
  if (error.status !== 200)
    return `request #${turn.index} ${style.yellow(`${error.status} from the API`)}: ${what}`;
  const frame = replayAt(turn.stream?.events ?? [], turn.stream?.events.length ?? 0);
  const text = frame.blocks.map((b) => (b.type === 'text' ? b.text : '')).join('');
  const calls = frame.blocks.filter((b) => b.type === 'tool_use').length;
  const shown = [text && `after ${inline(text)}`, calls > 0 && `in a tool call's input`]
    .filter(Boolean)
    .join(', ');
  return `stream cut off by ${style.yellow('an error event')}: ${what}${shown ? `, ${shown}` : ', before any text'}`;
}

function printCase(report: CaseReport, out: string[]): void {
  const mark =
    report.status === 'pass'
      ? style.green('✓')
      : report.status === 'fail'
        ? style.red('✗')
        : style.red('!');
  const label = report.visible ? '' : style.dim(' (hidden)');
  const description = terminalLine(report.description);
  out.push(`  ${mark} ${style.bold(terminalLine(report.name))}${label} ${style.dim(description)}`);
  // Loops that take turns (an agent and its subagents): say where each conversation starts.
  const conversations = conversationsOf(report.turns);
  const several = conversations.some((c) => c.conversation > 1);
  report.turns.forEach((turn, i) => {
    const conversation = conversations[i];
    const before = conversations[i - 1]?.conversation;
    if (several && conversation && conversation.conversation !== before) {
      const which = `conversation ${conversation.conversation}`;
      out.push(
        conversation.starts
          ? `    ${style.dim(`┌ ${which}:`)} ${inline(conversation.opening)}`
          : `    ${style.dim(`└ back to ${which}`)}`,
      );
    }
    printTurn(turn, out);
  });
  if (report.turns.length > 0) out.push(`    ${style.dim(summarizeCase(report))}`);
  if (report.status !== 'pass') {
    out.push(...indented(report.message, '    ', style.red));
    const frames = report.frames ?? [];
    for (const frame of frames) {
      const fn = frame.functionName ? `${frame.functionName} ` : '';
      out.push(`      at ${terminalLine(`${fn}${frame.file}:${frame.line}:${frame.column}`)}`);
    }
    if (report.frameCount)
      out.push(`      ${style.dim(`… and ${report.frameCount - frames.length} more frames`)}`);
    // A hidden case's entries carry no expected values (they are sealed), only where and what.
    const diff = report.diff ?? [];
    for (const entry of diff.slice(0, 10))
      out.push(`      ${terminalLine(describeDiffEntry(entry))}`);
    const more = (report.diffCount ?? diff.length) - Math.min(diff.length, 10);
    if (more > 0) out.push(`      ${style.dim(`… and ${more} more`)}`);
  }
  if (report.console.length > 0 && report.status !== 'pass') {
    out.push(`    ${style.dim('console:')}`);
    for (const line of report.console.slice(0, 20)) out.push(...indented(line.text, '      '));
    if (report.console.length > 20 || report.consoleTruncated)
      out.push(`      ${style.dim('… output truncated')}`);
  }
}

/** Renders a lesson's report as the terminal transcript, turn by turn, then the verdict. */
export function formatReport(report: LessonReport, title: string): string {
  const out: string[] = [`${style.bold(report.lessonId)} ${style.dim(`· ${title}`)}`];
  for (const error of report.compileErrors) {
    const where = terminalLine(`${error.file}:${error.line}:${error.column}`);
    out.push(`  ${style.red('compile error')} ${where}: ${terminalLine(error.text)}`);
    if (error.lineText) out.push(`    ${style.dim(terminalLine(error.lineText))}`);
  }
  for (const c of report.cases) printCase(c, out);
  out.push(formatSummaryLine(report));
  return out.join('\n');
}

/** The verdict on a lesson in one line: `PASS the-while-loop: 5/5 cases passed · 41 ms`. */
export function formatSummaryLine(report: LessonReport): string {
  const passed = report.cases.filter((c) => c.status === 'pass').length;
  const verdict = report.status === 'pass' ? style.green('PASS') : style.red('FAIL');
  return `${verdict} ${report.lessonId}: ${passed}/${report.cases.length} cases passed ${style.dim(`· ${Math.round(report.durationMs)} ms`)}`;
}

/** An earlier stage that no longer applies, in one line. */
export function formatSuperseded(id: string, current: string): string {
  return `${style.dim('SKIP')} ${id}: no longer applies at ${current} (${current}'s own solution does not pass it either)`;
}

/**
 * Machine-readable results in the spirit of Exercism's results.json. A stage that no longer
 * applies (`superseded`) is listed with `applies: false` and does not count.
 */
export function toJson(
  reports: LessonReport[],
  skipped: SkippedFile[] = [],
  superseded: ReadonlySet<string> = new Set(),
) {
  const counted = reports.filter((r) => !superseded.has(r.lessonId));
  return {
    version: 1,
    status: counted.every((r) => r.status === 'pass') ? 'pass' : 'fail',
    skipped,
    stages: reports.map((r) => ({
      stage: r.lessonId,
      applies: !superseded.has(r.lessonId),
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
