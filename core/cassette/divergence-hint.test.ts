import { describe, expect, it } from 'vitest';
import { divergenceHint, hints } from './divergence-hint.ts';
import type { PathSegment, SegmentDiff } from '../json/json-diff.ts';
import {
  callingEcho,
  callingEchoTwice,
  request,
  toolResult,
  twoResults,
} from './test-conversation.ts';

/**
 * Hints for conversations the session cannot produce once validation has run (a result
 * for a tool_use it never saw, say), but that a changed recording could: each still
 * deserves a sensible hint.
 */

const user = (content: unknown[]) => ({ role: 'user', content });
const assistant = (content: unknown[]) => ({ role: 'assistant', content });
const asking = user([{ type: 'text', text: 'Say hello with the echo tool' }]);
const calling = assistant(callingEcho().content);
const callingTwice = assistant(callingEchoTwice().content);
const [resultA, resultB] = twoResults();

const at = (kind: SegmentDiff['kind'], ...segments: PathSegment[]): SegmentDiff => ({
  kind,
  segments,
});

describe('divergenceHint', () => {
  it.each([
    [
      'a result for another id',
      [asking, calling, user([toolResult('toolu_01Echo', 'hello')])],
      [asking, calling, user([toolResult('toolu_01Other', 'hello')])],
      at('changed', 'messages', 2, 'content', 0, 'tool_use_id'),
      hints.toolUseId,
    ],
    [
      'a result left out',
      [asking, callingTwice, user([resultA, resultB])],
      [asking, callingTwice, user([resultA])],
      at('missing', 'messages', 2, 'content', 1),
      hints.missingResult,
    ],
    [
      'a result too many',
      [asking, callingTwice, user([resultA])],
      [asking, callingTwice, user([resultA, resultB])],
      at('extra', 'messages', 2, 'content', 1),
      hints.extraResult,
    ],
    [
      'a response split over two messages',
      [asking, calling, user([toolResult('toolu_01Echo', 'hello')])],
      [
        asking,
        assistant(callingEcho().content.slice(0, 1)),
        assistant(callingEcho().content.slice(1)),
      ],
      at('missing', 'messages', 1, 'content', 1),
      hints.oneAssistantMessage,
    ],
    [
      'the tool results left out',
      [asking, calling, user([toolResult('toolu_01Echo', 'hello')])],
      [asking, calling],
      at('missing', 'messages', 2),
      'The tool results are missing at messages[2]: run each tool_use and append one user message of tool_result blocks.',
    ],
    [
      'an extra field on a user message',
      [asking],
      [{ ...asking, name: 'Ada' }],
      at('extra', 'messages', 0, 'name'),
      'Messages carry only `role` and `content`: messages[0].name should not be there.',
    ],
    [
      'roles swapped',
      [asking, assistant([{ type: 'text', text: 'Hi' }]), asking],
      [asking, asking, assistant([{ type: 'text', text: 'Hi' }])],
      at('changed', 'messages', 1, 'role'),
      hints.oneUserMessage,
    ],
    [
      'a later user message changed',
      [asking, assistant([{ type: 'text', text: 'Hi' }]), asking],
      [asking, assistant([{ type: 'text', text: 'Hi' }]), user([{ type: 'text', text: 'Bye' }])],
      at('changed', 'messages', 2, 'content', 0, 'text'),
      'messages[2] differs from the recording: compare how your loop builds it.',
    ],
  ])('%s', (_name, want, got, diff, hint) => {
    expect(divergenceHint(request(want), request(got), diff)).toBe(hint);
  });

  it("says a result for a tool the request does not offer is the recording's unknown tool, not a thrown error", () => {
    const unknown = { type: 'tool_use', id: 'toolu_01Gone', name: 'get_forecast', input: {} };
    const told = toolResult('toolu_01Gone', 'Unknown tool: get_forecast', { is_error: true });
    const want = [asking, assistant([unknown]), user([told])];
    const ran = [asking, assistant([unknown]), user([toolResult('toolu_01Gone', '4°C')])];
    const content = at('changed', 'messages', 2, 'content', 0, 'content');
    expect(divergenceHint(request(want), request(ran), content)).toBe(
      hints.unknownToolOutput('get_forecast'),
    );
    const flag = at('missing', 'messages', 2, 'content', 0, 'is_error');
    expect(divergenceHint(request(want), request(ran), flag)).toBe(
      hints.unknownIsErrorMissing('get_forecast'),
    );
    // A tool the request offers that failed: its error's message.
    const failed = [
      asking,
      calling,
      user([toolResult('toolu_01Echo', 'boom', { is_error: true })]),
    ];
    const got = [asking, calling, user([toolResult('toolu_01Echo', 'Error: boom')])];
    expect(divergenceHint(request(failed), request(got), content)).toBe(hints.errorOutput);
  });

  const typed = { type: 'text', text: 'Make it loud.' };
  const withTyped = [asking, calling, user([toolResult('toolu_01Echo', 'hello'), typed])];
  const resultOnly = user([toolResult('toolu_01Echo', 'hello')]);

  it.each([
    [
      'in a user message of its own',
      [asking, calling, resultOnly, user([typed])],
      'This text belongs in messages[2], after the tool_result blocks, in the same user message: your loop sent it in messages[3], a message of its own.',
    ],
    [
      'with role assistant',
      [asking, calling, resultOnly, assistant([typed])],
      "This text belongs in messages[2], after the tool_result blocks, in the same user message: your loop sent it in messages[3], with role 'assistant' (the user's words are never the model's).",
    ],
  ])('says where a text block went when it is sent %s', (_name, got, hint) => {
    const diff = at('missing', 'messages', 2, 'content', 1);
    expect(divergenceHint(request(withTyped), request(got), diff)).toBe(hint);
  });

  it('after pause_turn, names the message added where the recording adds none', () => {
    const paused = { ...callingEcho(), content: [{ type: 'text' as const, text: 'Let me' }] };
    const want = [asking, assistant(paused.content)];
    const got = [...want, user([{ type: 'text', text: 'Continue.' }])];
    const hint = divergenceHint(request(want), request(got), at('extra', 'messages', 2), {
      ...paused,
      stop_reason: 'pause_turn',
    });
    expect(hint).toBe(
      'messages[2] is a user message the recording does not have: after a pause_turn reply, call again with the conversation as it stands, ending with the paused reply, and add no message of your own: the model goes on with its turn.',
    );
  });

  it('names any other request field', () => {
    const hint = divergenceHint(
      { ...request([asking]), system: 'Be brief.', stop_sequences: ['END'] },
      { ...request([asking]), system: 'Be brief.', stop_sequences: ['STOP'] },
      at('changed', 'stop_sequences', 0),
    );
    expect(hint).toBe(
      "The request's `stop_sequences` differs from the recording: send it as recorded.",
    );
  });
});
