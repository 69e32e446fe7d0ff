import type { Message, Model, ToolResultBlock, TrajectoryEntry, StopReason } from './types';

export type Execute = (name: string, input: Record<string, unknown>) => Promise<string> | string;

export async function runLoop(messages: Message[], model: Model, execute: Execute, cap = 25) {
  const trajectory: TrajectoryEntry[] = [];
  let turns = 0;
  let response = await model(messages);
  turns++;
  messages.push({ role: 'assistant', content: response.content });
  while (response.stop_reason === 'tool_use' && turns < cap) {
    const uses = response.content.filter((b) => b.type === 'tool_use');
    trajectory.push(...uses.map((u) => ({ tool: u.name, input: u.input })));
    const outputs = await Promise.all(uses.map((u) => execute(u.name, u.input)));
    messages.push({
      role: 'user',
      content: uses.map((u, i) => ({
        type: 'tool_result' as const,
        tool_use_id: u.id,
        content: outputs[i] ?? '',
      })),
    });
    response = await model(messages);
    turns++;
    messages.push({ role: 'assistant', content: response.content });
  }
  const finalText = response.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
  return { finalText, trajectory, stopReason: response.stop_reason, turns };
}
