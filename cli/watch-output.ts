/**
 * What `test --watch` writes before each new grading: on a terminal, a clear-screen, so the
 * latest report stands alone; into a file or a pipe, a plain line that marks where the new
 * report starts (a control code there is noise in a log, and breaks tools that read it).
 */
export function regradeMark(isTTY: boolean | undefined, at: Date = new Date()): string {
  if (isTTY) return '\x1bc';
  return `\n── src/ changed: grading again (${at.toISOString().slice(11, 19)} UTC) ──\n\n`;
}

/** The line `test --watch` leaves after each report. */
export const WATCHING_LINE = '\nWatching src/ for changes (Ctrl+C to stop)…\n';
