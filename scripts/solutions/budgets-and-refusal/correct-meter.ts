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

/** Keeps the running total, and says whether one more call can be afforded. */
class Meter {
  input = 0;
  output = 0;
  constructor(private readonly budget: number) {}
  add(usage: { input_tokens: number; output_tokens: number }) {
    this.input += usage.input_tokens;
    this.output += usage.output_tokens;
  }
  affords(nextInputAtLeast: number) {
    return this.input + this.output + nextInputAtLeast <= this.budget;
  }
  get usage() {
    return { input_tokens: this.input, output_tokens: this.output };
  }
}

export async function runLoop(
  messages: Message[],
  model: Model,
  registry: ToolRegistry,
  options: LoopOptions = {},
) {
  const { cap = 25, inbox = { take: () => [] } } = options;
  const meter = new Meter(options.budget ?? Infinity);
  const trajectory: TrajectoryEntry[] = [];
  let turns = 0;
  let room = 1024;
  for (;;) {
    const response = await model(messages, { maxTokens: room });
    turns++;
    meter.add(response.usage);
    const result = (stopReason: string) => ({
      finalText: textOf(response.content),
      trajectory,
      stopReason,
      turns,
      usage: meter.usage,
    });
    const blocked = () => (turns >= cap ? 'cap' : meter.affords(response.usage.input_tokens) ? null : 'budget');
    if (response.stop_reason === 'refusal') return result('refusal');
    const last = response.content[response.content.length - 1];
    if (response.stop_reason === 'max_tokens' && last?.type === 'tool_use') {
      if (room === 4096) return result('max_tokens');
      const why = blocked();
      if (why) return result(why);
      room *= 2;
      continue;
    }
    room = 1024;
    messages.push({ role: 'assistant', content: response.content });
    const why = blocked();
    if (response.stop_reason === 'pause_turn') {
      if (why) return result(why);
    } else if (response.stop_reason === 'tool_use') {
      if (why) return result(why);
      const results = await runTools(response.content, registry, trajectory);
      messages.push({ role: 'user', content: [...results, ...inbox.take().map(asText)] });
    } else {
      const typed = why ? [] : inbox.take();
      if (typed.length === 0) return result(response.stop_reason);
      messages.push({ role: 'user', content: typed.map(asText) });
    }
  }
}
