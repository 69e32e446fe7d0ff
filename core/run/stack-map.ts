import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { learnerPath } from './bundle.ts';
import { PRELUDE_LINES } from './host.ts';
import { RUNTIME_SCRIPT_NAME } from '../wire/runtime-script.ts';

/** One frame of a stack trace, in the learner's terms (1-based line and column). */
export interface StackFrame {
  file: string;
  line: number;
  column: number;
  functionName?: string;
}

/** Reads stack traces of one bundle in the lesson's files. */
export interface StackMapper {
  /** The frames of a stack that fall in the lesson's files (the learner's, then the harness). */
  frames(stack: string | undefined): StackFrame[];
  /**
   * Text that may hold a stack (an error the learner's code logged), with each frame rewritten
   * to the lesson's files, as `frames` reads them, and the runtime's frames left out.
   */
  text(text: string): string;
}

const FRAME = /^\s*at (?:(.+?) \()?(.*?):(\d+):(\d+)\)?\s*$/;
/** Frames of the host's own scripts (Node's, a worker's boot code), never the bundle's. */
const HOST_FILE = /^(?:node:|internal\/|\[worker eval\]|<anonymous>|native\b)/;
/** Lines of one stack looked at: V8 writes ten frames, a forged `stack` may have millions. */
const MAX_STACK_LINES = 200;

/** A stack line read: a lesson frame, a frame of the bundle the lesson has nothing at, or neither. */
type Mapped = { frame: StackFrame } | { bundle: string } | undefined;

/**
 * Maps a worker's stack traces through the bundle's source map, keeping the frames that fall
 * in the lesson's files and dropping the runtime's.
 */
export function createStackMapper(sourceMap: string): StackMapper {
  let map: TraceMap | undefined;
  const mapLine = (line: string): Mapped => {
    const match = FRAME.exec(line);
    if (!match) return;
    const [, fn, script = '', lineText, columnText] = match;
    if (HOST_FILE.test(script)) return;
    if (script === RUNTIME_SCRIPT_NAME) return { bundle: script };
    const generatedLine = Number(lineText) - PRELUDE_LINES;
    if (generatedLine < 1) return;
    map ??= new TraceMap(sourceMap);
    const pos = originalPositionFor(map, {
      line: generatedLine,
      column: Math.max(0, Number(columnText) - 1),
    });
    if (!pos.source || pos.line === null) return { bundle: script };
    const file = learnerPath(pos.source);
    if (file.startsWith('core/') || file.startsWith('__entry__')) return { bundle: script };
    const frame: StackFrame = { file, line: pos.line, column: (pos.column ?? 0) + 1 };
    const name = fn?.replace(/^async /, '');
    if (name && name !== '<anonymous>') frame.functionName = name;
    return { frame };
  };
  return {
    frames(stack) {
      if (!stack) return [];
      const frames: StackFrame[] = [];
      for (const line of stack.split('\n', MAX_STACK_LINES)) {
        const mapped = mapLine(line);
        if (mapped && 'frame' in mapped) frames.push(mapped.frame);
      }
      return frames;
    },
    text(text) {
      if (!/\n\s*at /.test(text)) return text;
      const out: string[] = [];
      for (const [i, line] of text.split('\n').entries()) {
        const mapped = i < MAX_STACK_LINES ? mapLine(line) : undefined;
        // The runtime's frames, and the bundle's wrapper, are nothing the learner wrote.
        if (!mapped) out.push(line);
        else if ('frame' in mapped) out.push(formatFrame(line, mapped.frame));
      }
      return out.join('\n');
    },
  };
}

function formatFrame(original: string, { file, line, column, functionName }: StackFrame): string {
  const indent = /^\s*/.exec(original)?.[0] ?? '    ';
  const where = `${file}:${line}:${column}`;
  return `${indent}at ${functionName ? `${functionName} (${where})` : where}`;
}
