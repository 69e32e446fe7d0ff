import type { Message, Model, TextBlock, ToolResultBlock, ToolUseBlock, TrajectoryEntry } from './types';

export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] };
}
export interface Tool extends ToolDefinition {
  run(input: Record<string, unknown>): Promise<string> | string;
}
export interface ToolRegistry {
  definitions: ToolDefinition[];
  call(use: ToolUseBlock): Promise<ToolResultBlock>;
}

export function createRegistry(tools: Tool[]): ToolRegistry {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return {
    definitions: tools.map(({ name, description, input_schema }) => ({ name, description, input_schema })),
    async call(use) {
      const tool = byName.get(use.name);
      if (!tool) {
        return { type: 'tool_result', tool_use_id: use.id, content: `Unknown tool: ${use.name}`, is_error: true };
      }
      let content: string;
      let failed = false;
      try {
        content = await tool.run(use.input);
      } catch (error) {
        failed = true;
        content = typeof error === 'object' && error !== null && 'message' in error && error instanceof Error
          ? error.message
          : String(error);
      }
      return failed
        ? { type: 'tool_result', tool_use_id: use.id, content, is_error: true }
        : { type: 'tool_result', tool_use_id: use.id, content, is_error: false };
    },
  };
}

const textOf = (content: (TextBlock | ToolUseBlock)[]) =>
  content.map((b) => (b.type === 'text' ? b.text : '')).join('');

export async function runLoop(messages: Message[], model: Model, registry: ToolRegistry, cap = 25) {
  const trajectory: TrajectoryEntry[] = [];
  for (let turns = 1; ; turns++) {
    const response = await model(messages);
    messages.push({ role: 'assistant', content: response.content });
    if (response.stop_reason !== 'tool_use' || turns >= cap) {
      const stopReason = response.stop_reason === 'tool_use' ? 'cap' : response.stop_reason;
      return { finalText: textOf(response.content), trajectory, stopReason, turns };
    }
    const uses = response.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    trajectory.push(...uses.map((u) => ({ tool: u.name, input: u.input })));
    messages.push({ role: 'user', content: await Promise.all(uses.map((u) => registry.call(u))) });
  }
}
