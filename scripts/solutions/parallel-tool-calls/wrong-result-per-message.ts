import type { Message, Model, TextBlock, ToolResultBlock, ToolUseBlock, TrajectoryEntry } from './types';

export type Execute = (name: string, input: Record<string, unknown>) => Promise<string> | string;

const textOf = (content: (TextBlock | ToolUseBlock)[]) =>
  content.map((b) => (b.type === 'text' ? b.text : '')).join('');

export async function runLoop(messages: Message[], model: Model, execute: Execute, cap = 25) {
  const trajectory: TrajectoryEntry[] = [];
  for (let turns = 1; ; turns++) {
    const response = await model(messages);
    messages.push({ role: 'assistant', content: response.content });
    if (response.stop_reason !== 'tool_use') {
      return { finalText: textOf(response.content), trajectory, stopReason: response.stop_reason, turns };
    }
    if (turns >= cap) return { finalText: textOf(response.content), trajectory, stopReason: 'cap', turns };
    const uses = response.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    trajectory.push(...uses.map((use) => ({ tool: use.name, input: use.input })));
    const outputs = await Promise.all(uses.map((use) => execute(use.name, use.input)));
    uses.forEach((use, i) => {
      messages.push({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: use.id, content: outputs[i]! }],
      });
    });
  }
}
