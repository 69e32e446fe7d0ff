import type { Message, Model, ToolResultBlock, TrajectoryEntry, StopReason } from './types';

export type Execute = (name: string, input: Record<string, unknown>) => Promise<string> | string;

interface Result {
  finalText: string;
  trajectory: TrajectoryEntry[];
  stopReason: StopReason;
  turns: number;
}

export async function runLoop(
  messages: Message[],
  model: Model,
  execute: Execute,
  cap = 25,
  turns = 0,
  trajectory: TrajectoryEntry[] = [],
): Promise<Result> {
  const response = await model(messages);
  messages.push({ role: 'assistant', content: response.content });
  const uses = response.content.filter((b) => b.type === 'tool_use');
  if (response.stop_reason !== 'tool_use' || turns + 1 >= cap) {
    let finalText = '';
    for (const b of response.content) if (b.type === 'text') finalText += b.text;
    return { finalText, trajectory, stopReason: response.stop_reason, turns: turns + 1 };
  }
  const content: ToolResultBlock[] = [];
  for (const use of uses) {
    trajectory.push({ tool: use.name, input: use.input });
    content.push({
      type: 'tool_result',
      tool_use_id: use.id,
      content: String(await execute(use.name, use.input)),
    });
  }
  messages.push({ role: 'user', content });
  return runLoop(messages, model, execute, cap, turns + 1, trajectory);
}
