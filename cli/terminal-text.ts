/**
 * Learner text on its way to the terminal: console output, error messages, tool results, a
 * compile error's line, file names. A terminal acts on control characters (clear the screen,
 * set the title, write the clipboard, move the cursor back over a line), and bidirectional
 * overrides reorder what is shown, so all of them are written as visible escapes instead.
 */
/* eslint-disable no-control-regex -- finding control characters is the point */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_AND_NEWLINES =
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex */
/** What JSON.stringify leaves as it is but a terminal may still act on. */
const JSON_UNSAFE = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function visible(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Text that may span lines: every control character but newline and tab made visible. */
export function terminalText(text: string): string {
  return text.replace(CONTROLS, visible);
}

/** Text that must stay on one line (a name, a path, a source line): newlines made visible too. */
export function terminalLine(text: string): string {
  return text.replace(CONTROLS_AND_NEWLINES, visible);
}

/** JSON for a terminal: the same value once parsed, with no character a terminal acts on. */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    JSON_UNSAFE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
