import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../api/messages.ts';
import { diagnoseRequest, diagnoses, unawaitedCause } from './diagnose-request.ts';
import { createCassetteSession } from './session.ts';
import {
  callingEcho,
  echoCassette,
  finished,
  echoRequests,
  prompt,
  request,
  toolResult,
  toolUse,
} from './test-conversation.ts';

const asking = { role: 'user', content: prompt };
const calling = { role: 'assistant', content: callingEcho().content };
const answered = { role: 'user', content: [toolResult('toolu_01Echo', 'hello')] };

/** The first reply, cut off at max_tokens in the middle of its tool call. */
function cutOff(): ApiResponse {
  const usage = { input_tokens: 120, output_tokens: 1024 };
  return { ...callingEcho(), id: 'msg_01Cut', stop_reason: 'max_tokens', usage };
}

describe('diagnoseRequest', () => {
  it('finds a reply cut off at max_tokens kept in the conversation', () => {
    const kept = request([asking, { role: 'assistant', content: cutOff().content }]);
    const retry = { ...request([asking]), max_tokens: 2048 };
    expect(diagnoseRequest(kept, [cutOff()], retry)).toBe(diagnoses.cutOffKept(1, true));
    expect(diagnoses.cutOffKept(1, true)).toContain(
      'with the same messages and a larger max_tokens.',
    );
    // Larger only where the recording's retry asks for more room than the reply had.
    expect(diagnoseRequest(kept, [cutOff()], request([asking]))).toBe(
      diagnoses.cutOffKept(1, false),
    );
  });

  it('says the recording ends with a cut-off reply that was kept and called on: calling again is the mistake', () => {
    const kept = request([asking, { role: 'assistant', content: cutOff().content }]);
    expect(diagnoseRequest(kept, [cutOff()], undefined)).toBe(
      diagnoses.finishedThenCalled('max_tokens', undefined),
    );
  });

  it('says what the recording does after a finished reply the loop called again on', () => {
    const done = { role: 'assistant', content: finished().content };
    const sent = request([asking, calling, answered, done]);
    const replies = [callingEcho(), finished()];
    expect(diagnoseRequest(sent, replies)).toBe(
      diagnoses.finishedThenCalled('end_turn', undefined),
    );
    expect(diagnoses.finishedThenCalled('end_turn', undefined)).toBe(
      'The model had ended its turn (stop_reason "end_turn"), and the recording ends with that reply: the loop should have returned there, not called the model again with the reply as the last message. (Claude 4.6 and later refuse a request that ends with an assistant message.)',
    );
    // A recording that goes on with what the user typed: the loop should have sent it.
    const typed = { role: 'user', content: [{ type: 'text', text: 'Now echo "set" too.' }] };
    const recorded = request([asking, calling, answered, done, typed]);
    expect(diagnoseRequest(sent, replies, recorded)).toBe(
      diagnoses.finishedThenCalled('end_turn', 'a user message of 1 text block'),
    );
    expect(diagnoses.finishedThenCalled('end_turn', 'a user message of 1 text block')).toContain(
      'the recorded conversation goes on after that reply with a user message of 1 text block: your request ends with the reply itself.',
    );
  });

  it('finds an empty message after a reply that asked for no tools, and says what the recording does', () => {
    const done = { role: 'assistant', content: finished().content };
    const sent = request([asking, calling, answered, done, { role: 'user', content: [] }]);
    const replies = [callingEcho(), finished()];
    expect(diagnoseRequest(sent, replies)).toBe(
      diagnoses.emptyAfterNoTools(4, 'end_turn', undefined),
    );
    expect(diagnoses.emptyAfterNoTools(4, 'max_tokens', undefined)).toBe(
      'messages[4] is empty: it follows a reply that asked for no tools (stop_reason "max_tokens"), so there were no results to send. The recording ends with that reply: the loop should have returned there.',
    );
  });

  it('leaves alone a cut-off reply the recording keeps too (a text answer cut short)', () => {
    const kept = request([asking, { role: 'assistant', content: cutOff().content }, answered]);
    expect(diagnoseRequest(kept, [cutOff()], kept)).toBeUndefined();
  });

  it('finds an assistant message the model never sent, after tool results', () => {
    const typed = { role: 'assistant', content: [{ type: 'text', text: 'Make it loud.' }] };
    const sent = request([asking, calling, answered, typed]);
    expect(diagnoseRequest(sent, [callingEcho()])).toBe(diagnoses.notTheModels(3, true));
    expect(diagnoses.notTheModels(3, true)).toBe(
      "messages[3] has role 'assistant', but the model never sent it: only the model's own replies go in as assistant messages. Text from the user belongs in the user message before it, after the tool_result blocks.",
    );
  });

  it("takes a reply rebuilt from the model's blocks or text for the model's", () => {
    const filtered = { role: 'assistant', content: [callingEcho().content[1]] };
    const asText = { role: 'assistant', content: "I'll use the echo tool." };
    expect(diagnoseRequest(request([asking, filtered]), [callingEcho()])).toBeUndefined();
    expect(diagnoseRequest(request([asking, asText]), [callingEcho()])).toBeUndefined();
  });

  it('finds tool results missing from the message after a tool_use (forEach(async ...))', () => {
    const sent = request([asking, calling, { role: 'user', content: [] }]);
    expect(diagnoseRequest(sent, [callingEcho()])).toBe(diagnoses.resultsMissing(2, 1));
    expect(diagnoses.resultsMissing(2, 1)).toContain('`forEach(async ...)` does not wait');
  });

  it('finds a reply that filled the context window kept, and called again after', () => {
    const full: ApiResponse = { ...callingEcho(), stop_reason: 'model_context_window_exceeded' };
    const typed = { role: 'user', content: 'Just tell me how long it is.' };
    const sent = request([asking, { role: 'assistant', content: full.content }, typed]);
    expect(diagnoseRequest(sent, [full])).toBe(diagnoses.contextFullKept(1));
  });

  it('finds a tool_use for a tool the request does not offer left unanswered, not forEach', () => {
    const unknown = {
      type: 'tool_use' as const,
      id: 'toolu_01Gone',
      name: 'get_forecast',
      input: {},
    };
    const reply = (content: ApiResponse['content']): ApiResponse => ({ ...callingEcho(), content });
    const asked = reply([unknown]);
    const sent = (answer: unknown[]) =>
      request([
        asking,
        { role: 'assistant', content: asked.content },
        { role: 'user', content: answer },
      ]);
    const told = toolResult('toolu_01Gone', 'Unknown tool: get_forecast', { is_error: true });
    expect(diagnoseRequest(sent([]), [asked], sent([told]))).toBe(
      diagnoses.unknownUnanswered(2, ['get_forecast']),
    );
    // The advice is the recording's: where it answers the call otherwise, it is not given.
    expect(diagnoseRequest(sent([]), [asked], sent([toolResult('toolu_01Gone', 'x')]))).toBe(
      diagnoses.resultsMissing(2, 1),
    );
    expect(diagnoses.unknownUnanswered(2, ['get_forecast'])).toContain(
      "The reply asked for `get_forecast`, which the request's `tools` do not list, and messages[2] has no tool_result for it",
    );
    // Beside a known tool's result, the unknown one's is still missing.
    const both = reply([toolUse('toolu_01Echo', 'hi'), unknown]);
    const half = request([
      asking,
      { role: 'assistant', content: both.content },
      { role: 'user', content: [toolResult('toolu_01Echo', 'hi')] },
    ]);
    const whole = request([
      asking,
      { role: 'assistant', content: both.content },
      { role: 'user', content: [toolResult('toolu_01Echo', 'hi'), told] },
    ]);
    expect(diagnoseRequest(half, [both], whole)).toBe(
      diagnoses.unknownUnanswered(2, ['get_forecast']),
    );
    // Answered, it is no such mistake.
    expect(
      diagnoseRequest(sent([toolResult('toolu_01Gone', 'Unknown tool')]), [asked]),
    ).toBeUndefined();
  });

  it('finds nothing in a request the recording holds', () => {
    expect(diagnoseRequest(echoRequests()[1], [callingEcho()], echoRequests()[1])).toBeUndefined();
  });
});

describe('a rejection explained by the mistake, not by the first rule it breaks', () => {
  it("keeps the API's words and replaces the advice", () => {
    const session = createCassetteSession(echoCassette());
    session.answer(echoRequests()[0]);
    const answer = session.answer(request([asking, calling, { role: 'user', content: [] }]));
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.rejection.body.error.message).toBe(
      'messages.2: all messages must have non-empty content except for the optional final assistant message',
    );
    expect(answer.rejection.explanation).toBe(diagnoses.resultsMissing(2, 1));
  });
});

describe('a request refused after the recording has ended', () => {
  it('is told that calling again is the mistake, not how to build the request', () => {
    const session = createCassetteSession(echoCassette());
    for (const sent of echoRequests()) session.answer(sent);
    const done = { role: 'assistant', content: finished().content };
    const messages = echoRequests()[1].messages as unknown[];
    // Tool results without a tool_use: the API's words, and the recording's reason.
    const answer = session.answer(
      request([...messages, done, { role: 'user', content: [toolResult('toolu_01Echo', 'x')] }]),
    );
    if (answer.ok) throw new Error('accepted');
    expect(answer.rejection.explanation).toBe(
      'The recording ends with request #2. Did the loop keep going after end_turn? The recording ends with that reply: the loop should have returned there.',
    );
  });
});

describe('unawaitedCause', () => {
  it('says it is a Promise, and asks about await', () => {
    expect(unawaitedCause(['messages[2].content[0].content'])).toBe(
      'messages[2].content[0].content is a Promise: did you forget `await`? The request crosses as JSON, where a Promise is `{}`: await each value before putting it in the request.',
    );
    expect(unawaitedCause(['a', 'b', 'c'])).toContain(
      'is a Promise: did you forget `await`? (So are 2 more values in this request.)',
    );
  });
});
