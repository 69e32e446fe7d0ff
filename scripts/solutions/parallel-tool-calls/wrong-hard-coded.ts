import type { Message, Model } from './types';

export type Execute = (name: string, input: Record<string, unknown>) => Promise<string> | string;

export async function runLoop(_messages: Message[], _model: Model, _execute: Execute) {
  return {
    trajectory: [
      { tool: 'get_weather', input: { city: 'Paris' } },
      { tool: 'get_weather', input: { city: 'Tokyo' } },
      { tool: 'get_weather', input: { city: 'New York' } },
    ],
    finalText:
      "Right now it's 18°C and partly cloudy in Paris, 24°C with light rain in Tokyo, and 12°C under clear skies in New York. Tokyo is the warmest of the three, but bring an umbrella.",
    stopReason: 'end_turn' as const,
    turns: 2,
  };
}
