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
      try {
        const tool = byName.get(use.name);
        if (!tool) throw new Error(`Unknown tool: ${use.name}`);
        return { type: 'tool_result', tool_use_id: use.id, content: await tool.run(use.input) };
      } catch (error) {
        const content = error instanceof Error ? error.message : String(error);
        return { type: 'tool_result', tool_use_id: use.id, content, is_error: true };
      }
    },
  };
}

export interface Inbox {
  take(): string[];
}
export interface LoopOptions {
  cap?: number;
  inbox?: Inbox;
  budget?: number;
}

const textOf = (content: (TextBlock | ToolUseBlock)[]) =>
  content.map((b) => (b.type === 'text' ? b.text : '')).join('');
const asText = (text: string): TextBlock => ({ type: 'text', text });

async function runTools(
  content: (TextBlock | ToolUseBlock)[],
  registry: ToolRegistry,
  trajectory: TrajectoryEntry[],
): Promise<ToolResultBlock[]> {
  const uses = content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
  for (const use of uses) trajectory.push({ tool: use.name, input: use.input });
  return Promise.all(uses.map((use) => registry.call(use)));
}

export async function runLoop(
  messages: Message[],
  model: Model,
  registry: ToolRegistry,
  options: LoopOptions = {},
) {
  const cap = options.cap ?? 25;
  const inbox = options.inbox ?? { take: () => [] };
  const trajectory: TrajectoryEntry[] = [];
  for (let turns = 1; ; turns++) {
    const response = await model(messages);
    messages.push({ role: 'assistant', content: response.content });
    const wantsTools = response.stop_reason === 'tool_use';
    if (turns >= cap) {
      const stopReason = wantsTools ? 'cap' : response.stop_reason;
      return { finalText: textOf(response.content), trajectory, stopReason, turns };
    }
    // Results (if any), then whatever was typed: one user message, or none at all.
    const content: (TextBlock | ToolResultBlock)[] = wantsTools
      ? await runTools(response.content, registry, trajectory)
      : [];
    for (const typed of inbox.take()) content.push({ type: 'text', text: typed });
    if (content.length === 0) {
      return { finalText: textOf(response.content), trajectory, stopReason: response.stop_reason, turns };
    }
    messages.push({ role: 'user', content });
  }
}
