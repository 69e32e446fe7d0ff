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

const DEFAULT_MAX_TOKENS = 1024;
const MAX_TOKENS_LIMIT = 4096;

export async function runLoop(
  messages: Message[],
  model: Model,
  registry: ToolRegistry,
  { cap = 25, inbox = { take: () => [] }, budget = Infinity }: LoopOptions = {},
) {
  const trajectory: TrajectoryEntry[] = [];
  const usage = { input_tokens: 0, output_tokens: 0 };
  let turns = 0;
  let maxTokens = DEFAULT_MAX_TOKENS;
  while (true) {
    const response = await model(messages, { maxTokens });
    turns++;
    usage.input_tokens += response.usage.input_tokens;
    usage.output_tokens += response.usage.output_tokens;
    const finish = (stopReason: string) => ({ finalText: textOf(response.content), trajectory, stopReason, turns, usage });
    const limit = () => {
      if (turns >= cap) return 'cap';
      if (usage.input_tokens + usage.output_tokens + response.usage.input_tokens > budget) return 'budget';
    };
    if (response.stop_reason === 'refusal') return finish('refusal');
    if (response.stop_reason === 'max_tokens' && response.content.at(-1)?.type === 'tool_use') {
      if (maxTokens >= MAX_TOKENS_LIMIT) return finish('max_tokens');
      const stop = turns >= cap ? 'cap' : undefined;
      if (stop) return finish(stop);
      maxTokens *= 2;
      continue;
    }
    maxTokens = DEFAULT_MAX_TOKENS;
    messages.push({ role: 'assistant', content: response.content });
    if (response.stop_reason === 'pause_turn') {
      const stop = limit();
      if (stop) return finish(stop);
      continue;
    }
    if (response.stop_reason !== 'tool_use') {
      const typed = limit() ? [] : inbox.take();
      if (typed.length === 0) return finish(response.stop_reason);
      messages.push({ role: 'user', content: typed.map(asText) });
      continue;
    }
    const stop = limit();
    if (stop) return finish(stop);
    const results = await runTools(response.content, registry, trajectory);
    messages.push({ role: 'user', content: [...results, ...inbox.take().map(asText)] });
  }
}
