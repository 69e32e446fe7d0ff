import Anthropic from '@anthropic-ai/sdk';

const client = new Anthropic();
const MODEL = 'claude-sonnet-5-5';
const MAX_TURNS = 10;

const WEATHER: Record<string, string> = {
  Chicago: '4°C, windy with light rain',
  Denver: '-2°C, clear and dry',
  Miami: '29°C, humid with afternoon storms',
  Seattle: '11°C, overcast',
};

export const TOOLS: Anthropic.Tool[] = [
  {
    name: 'get_weather',
    description: 'Returns the current weather in a city: the temperature in °C and the conditions.',
    input_schema: {
      type: 'object',
      properties: { city: { type: 'string', description: 'The city, e.g. "Paris".' } },
      required: ['city'],
    },
  },
];

export function getWeather(input: unknown): string {
  const { city } = input as { city?: unknown };
  const weather = typeof city === 'string' ? WEATHER[city] : undefined;
  if (weather === undefined) throw new Error(`no weather data for "${String(city)}"`);
  return weather;
}

type Impl = (input: unknown) => string | Promise<string>;
const IMPLS: Record<string, Impl> = { get_weather: getWeather };

async function answer(call: Anthropic.ToolUseBlock): Promise<Anthropic.ToolResultBlockParam> {
  const impl = IMPLS[call.name];
  try {
    if (!impl) throw new Error(`Unknown tool: ${call.name}`);
    return { type: 'tool_result', tool_use_id: call.id, content: await impl(call.input) };
  } catch (e) {
    return { type: 'tool_result', tool_use_id: call.id, content: e instanceof Error ? e.message : String(e), is_error: true };
  }
}

export async function agent(prompt: string): Promise<string> {
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: prompt }];
  let turn = 0;
  while (turn < MAX_TURNS) {
    turn += 1;
    const reply = await client.messages.create({ model: MODEL, max_tokens: 1024, tools: TOOLS, messages });
    messages.push({ role: reply.role, content: reply.content });
    const uses: Anthropic.ToolUseBlock[] = [];
    let text = '';
    for (const block of reply.content) {
      if (block.type === 'tool_use') uses.push(block);
      else if (block.type === 'text') text += block.text;
    }
    let line = 'turn ' + turn + ' stop_reason="' + reply.stop_reason + '"';
    if (uses.length > 0) line += ' → ' + uses.map((u) => u.name).join(', ');
    console.log(line);
    if (reply.stop_reason === 'tool_use') {
      messages.push({ role: 'user', content: await Promise.all(uses.map(answer)) });
      continue;
    }
    console.log(text);
    return text;
  }
  throw new Error(`still working after ${MAX_TURNS} turns`);
}
