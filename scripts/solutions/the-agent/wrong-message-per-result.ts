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

export async function agent(prompt: string): Promise<string> {
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: prompt }];
  for (let turn = 1; turn <= MAX_TURNS; turn++) {
    const response = await client.messages.create({ model: MODEL, max_tokens: 1024, tools: TOOLS, messages });
    messages.push({ role: 'assistant', content: response.content });
    const calls = response.content.filter((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use');
    const names = calls.length ? ` → ${calls.map((c) => c.name).join(', ')}` : '';
    console.log(`turn ${turn} stop_reason="${response.stop_reason}"${names}`);
    if (response.stop_reason !== 'tool_use') {
      const answer = response.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
      console.log(answer);
      return answer;
    }
    for (const call of calls) messages.push({ role: 'user', content: [runTool(call)] });
  }
  throw new Error('too many turns');
}

function runTool(call: Anthropic.ToolUseBlock): Anthropic.ToolResultBlockParam {
  try {
    return { type: 'tool_result', tool_use_id: call.id, content: getWeather(call.input) };
  } catch (error) {
    return { type: 'tool_result', tool_use_id: call.id, content: (error as Error).message, is_error: true };
  }
}
