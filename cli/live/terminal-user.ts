import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import {
  callPreview,
  denyingUser,
  type ApprovalCall,
  type Decision,
  type UserAnswerer,
} from '../../core/index.ts';
import { style } from '../style.ts';
import { terminalLine } from '../terminal-text.ts';

/**
 * The person at the terminal, asked about each call the harness wants approved (`run` on a
 * stage whose tools need approval): what the call would change, then `y` (allow it once),
 * `a` (allow the tool for the session) or `n` (deny it, with a reason the model reads).
 * Without a terminal to ask on, every such call is denied, and the CLI says so once.
 */

/** The reason a call is denied when no one can be asked: the model reads it. */
export const NO_TERMINAL_REASON =
  'no one could be asked: the CLI was not run in a terminal, so it denies every call that needs approval';

export interface TerminalUserOptions {
  input: Readable & { isTTY?: boolean };
  output: Writable;
  /** Ctrl+C while a question waits: the run's own interrupt. */
  onInterrupt?: () => void;
}

const ANSWERS: Record<string, Decision['kind']> = {
  y: 'allow',
  yes: 'allow',
  a: 'always',
  always: 'always',
  n: 'deny',
  no: 'deny',
};

/** Asks on the terminal when `input` is one, else denies every call (and says so once). */
export function createTerminalUser(options: TerminalUserOptions): UserAnswerer {
  const write = (line: string) => options.output.write(`${line}\n`);
  if (!options.input.isTTY) {
    const deny = denyingUser(NO_TERMINAL_REASON);
    let told = false;
    return (call, rest) => {
      if (!told) {
        told = true;
        write(
          style.yellow(
            '  stdin is not a terminal: every call that needs approval is denied, and the model is told why.',
          ),
        );
      }
      return deny(call, rest);
    };
  }
  return (call, { signal } = {}) =>
    new Promise((resolve) => {
      showCall(call, write);
      const lines = createInterface({ input: options.input, output: options.output });
      const done = (decision: Decision) => {
        lines.close();
        resolve({ ok: true, decision });
      };
      const askKind = () =>
        lines.question(
          `    Allow it? ${style.bold('y')} once · ${style.bold('a')} always, this session · ${style.bold('n')} no: `,
          (text) => {
            const kind = ANSWERS[text.trim().toLowerCase()];
            if (!kind) return askKind();
            if (kind !== 'deny') return done({ kind });
            askReason();
          },
        );
      const askReason = () =>
        lines.question('    Why not? (the model reads this): ', (text) => {
          const reason = text.trim() || 'the user said no';
          done({ kind: 'deny', reason });
        });
      lines.on('SIGINT', () => {
        lines.close();
        options.onInterrupt?.();
      });
      // The run ended while the question waited (Ctrl+C, its time limit): withdraw it.
      signal?.addEventListener('abort', () => {
        lines.close();
        resolve({
          ok: false,
          message: `The question about ${call.name} was withdrawn: the run ended.`,
        });
      });
      askKind();
    });
}

/** The call, and what it would change: the path, the text it takes out and puts in. */
function showCall(call: ApprovalCall, write: (line: string) => void): void {
  const preview = callPreview(call.name, call.input);
  const where = preview.path === undefined ? '' : ` ${terminalLine(preview.path)}`;
  write(
    `  ${style.yellow('?')} ${style.bold(terminalLine(call.name))}${where} needs your approval`,
  );
  for (const line of preview.lines) {
    const text = terminalLine(line.text);
    if (line.op === '-') write(style.red(`      - ${text}`));
    else if (line.op === '+') write(style.green(`      + ${text}`));
    else write(style.dim(`      … ${text}`));
  }
  if (preview.lines.length === 0) {
    const input = JSON.stringify(call.input);
    write(
      style.dim(`      ${terminalLine(input.length > 160 ? `${input.slice(0, 160)}…` : input)}`),
    );
  }
}
