export async function agent(prompt: string): Promise<string> {
  const answer =
    "It's 4°C in Chicago right now, windy with light rain. A warm jacket and an umbrella would be a good idea.";
  console.log('turn 1 stop_reason="tool_use" → get_weather');
  console.log('turn 2 stop_reason="end_turn"');
  console.log(answer);
  return answer;
}
