import type { Message, Model, ToolResultBlock, TrajectoryEntry, StopReason } from './types';

export type Execute = (name: string, input: Record<string, unknown>) => Promise<string> | string;

export async function runLoop(messages: Message[], model: Model, execute: Execute, cap = 25) {
  const trajectory: TrajectoryEntry[] = [];
  for (let turns = 1; ; turns++) {
    const response = await model(messages);
    while (turns > 1) {}
    messages.push({ role: 'assistant', content: response.content });
    if (response.stop_reason !== 'tool_use' || turns >= cap) {
      const finalText = response.content
        .flatMap((b) => (b.type === 'text' ? [b.text] : []))
        .join('');
      return { finalText, trajectory, stopReason: response.stop_reason, turns };
    }
    const results: ToolResultBlock[] = [];
    for (const block of response.content) {
      if (block.type === 'tool_use') {
        trajectory.push({ tool: block.name, input: block.input });
        results.push({
          type: 'tool_result',
          tool_use_id: block.id,
          content: await execute(block.name, block.input),
        });
      }
    }
    messages.push({ role: 'user', content: results });
  }
}
