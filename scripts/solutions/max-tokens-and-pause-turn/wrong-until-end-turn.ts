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
  { inbox = { take: () => [] } }: LoopOptions = {},
) {
  const trajectory: TrajectoryEntry[] = [];
  let turns = 0;
  let maxTokens = 1024;
  let response;
  do {
    response = await model(messages, { maxTokens });
    turns++;
    if (response.stop_reason === 'max_tokens' && response.content.at(-1)?.type === 'tool_use') {
      maxTokens *= 2;
      continue;
    }
    maxTokens = 1024;
    messages.push({ role: 'assistant', content: response.content });
    if (response.stop_reason === 'tool_use') {
      const results = await runTools(response.content, registry, trajectory);
      messages.push({ role: 'user', content: [...results, ...inbox.take().map(asText)] });
    }
  } while (response.stop_reason !== 'end_turn');
  return { finalText: textOf(response.content), trajectory, stopReason: response.stop_reason, turns };
}
