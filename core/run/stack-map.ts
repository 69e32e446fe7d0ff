import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { learnerPath } from './bundle.ts';
import { PRELUDE_LINES } from './host.ts';

/** One frame of a stack trace, in the learner's terms (1-based line and column). */
export interface StackFrame {
  file: string;
  line: number;
  column: number;
  functionName?: string;
}

const FRAME = /^\s*at (?:(.+?) \()?(.*?):(\d+):(\d+)\)?\s*$/;

/**
 * Maps a worker's stack trace through the bundle's source map and keeps the frames
 * that fall in the lesson's files (the learner's, then the harness), dropping the runtime's.
 */
export function createStackMapper(sourceMap: string): (stack: string | undefined) => StackFrame[] {
  let map: TraceMap | undefined;
  return (stack) => {
    if (!stack) return [];
    map ??= new TraceMap(sourceMap);
    const frames: StackFrame[] = [];
    for (const line of stack.split('\n')) {
      const match = FRAME.exec(line);
      if (!match) continue;
      const [, fn, , lineText, columnText] = match;
      const generatedLine = Number(lineText) - PRELUDE_LINES;
      if (generatedLine < 1) continue;
      const pos = originalPositionFor(map, {
        line: generatedLine,
        column: Math.max(0, Number(columnText) - 1),
      });
      if (!pos.source || pos.line === null) continue;
      const file = learnerPath(pos.source);
      if (file.startsWith('core/') || file.startsWith('__entry__')) continue;
      const frame: StackFrame = { file, line: pos.line, column: (pos.column ?? 0) + 1 };
      const name = fn?.replace(/^async /, '');
      if (name && name !== '<anonymous>') frame.functionName = name;
      frames.push(frame);
    }
    return frames;
  };
}
