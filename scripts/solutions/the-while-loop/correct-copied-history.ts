import type { Message, Model, ToolResultBlock, TrajectoryEntry, StopReason } from './types';

export type Execute = (name: string, input: Record<string, unknown>) => Promise<string> | string;

export async function runLoop(initial: Message[], model: Model, execute: Execute, cap = 25) {
  let history: Message[] = [...initial];
  const trajectory: TrajectoryEntry[] = [];
  let turns = 0;
  while (turns < cap) {
    const response = await model(history);
    turns += 1;
    history = [...history, { role: 'assistant', content: response.content }];
    if (response.stop_reason !== 'tool_use') {
      return {
        finalText: response.content
          .filter((b) => b.type === 'text')
          .map((b) => b.text)
          .join(''),
        trajectory,
        stopReason: response.stop_reason,
        turns,
      };
    }
    const results: ToolResultBlock[] = [];
    for (const block of response.content) {
      if (block.type !== 'tool_use') continue;
      trajectory.push({ tool: block.name, input: block.input });
      results.push({
        type: 'tool_result',
        tool_use_id: block.id,
        content: await execute(block.name, block.input),
      });
    }
    history = [...history, { role: 'user', content: results }];
  }
  return { finalText: '', trajectory, stopReason: 'tool_use' as StopReason, turns };
}
