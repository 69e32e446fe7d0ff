import { describe, expect, it } from 'vitest';
import type { TimedEvent } from '../api/stream-events.ts';
import type { RunEvent } from '../run/events.ts';
import { REPORT_LIMITS } from './report-limits.ts';
import { describeEvent, eventTimes, keepStream, replayAt } from './stream-replay.ts';
import { buildTurns } from './transcript.ts';

const usage = { input_tokens: 10, output_tokens: 1 };
const events: TimedEvent[] = [
  {
    ms: 400,
    event: {
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-5-5',
        content: [],
        stop_reason: null,
        usage,
      },
    },
  },
  {
    ms: 20,
    event: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  },
  {
    ms: 30,
    event: {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: 'Let me ' },
    },
  },
  { ms: 5, event: { type: 'ping' } },
  {
    ms: 40,
    event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'check.' } },
  },
  { ms: 1, event: { type: 'content_block_stop', index: 0 } },
  {
    ms: 10,
    event: {
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} },
    },
  },
  {
    ms: 15,
    event: {
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: '{"city": "Pa' },
    },
  },
  {
    ms: 15,
    event: {
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: 'ris"}' },
    },
  },
  { ms: 2, event: { type: 'content_block_stop', index: 1 } },
  {
    ms: 3,
    event: {
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { output_tokens: 42 },
    },
  },
  { ms: 1, event: { type: 'message_stop' } },
];

describe('replayAt', () => {
  it('shows nothing before any event', () => {
    expect(replayAt(events, 0)).toEqual({ elapsedMs: 0, blocks: [], ended: false });
  });

  it('grows the text event by event, with the time since the stream started', () => {
    const frame = replayAt(events, 3);
    expect(frame.elapsedMs).toBe(450);
    expect(frame.blocks).toEqual([{ index: 0, type: 'text', text: 'Let me ', done: false }]);
    expect(replayAt(events, 6).blocks[0]).toMatchObject({ text: 'Let me check.', done: true });
  });

  it("assembles a tool call's input from its input_json_delta fragments", () => {
    expect(replayAt(events, 8).blocks[1]).toEqual({
      index: 1,
      type: 'tool_use',
      name: 'get_weather',
      text: '{"city": "Pa',
      done: false,
    });
    const end = replayAt(events, events.length);
    expect(end.blocks[1]).toMatchObject({ text: '{"city": "Paris"}', done: true });
    expect(end).toMatchObject({ stopReason: 'tool_use', ended: true, elapsedMs: 542 });
  });

  it('ends at an error event, naming it', () => {
    const cut: TimedEvent[] = [
      ...events.slice(0, 3),
      {
        ms: 9,
        event: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      },
    ];
    expect(replayAt(cut, 4)).toMatchObject({ error: 'overloaded_error: Overloaded', ended: true });
  });
});

describe('eventTimes and describeEvent', () => {
  it('sums the recorded gaps', () => {
    expect(eventTimes(events.slice(0, 4))).toEqual([400, 420, 450, 455]);
  });

  it('names each event in a line', () => {
    expect(describeEvent(events[2]!.event)).toBe('text_delta #0 "Let me "');
    expect(describeEvent(events[6]!.event)).toBe('content_block_start #1 tool_use get_weather');
    expect(describeEvent(events[10]!.event)).toBe('message_delta tool_use · 42 output tokens');
    expect(describeEvent({ type: 'ping' })).toBe('ping');
  });
});

describe('keepStream', () => {
  it('keeps a bounded number of events and counts the rest', () => {
    const many = Array.from({ length: REPORT_LIMITS.streamEvents + 5 }, () => events[3]!);
    const kept = keepStream(many);
    expect(kept.events).toHaveLength(REPORT_LIMITS.streamEvents);
    expect(kept.more).toBe(5);
    expect(keepStream(events)).toEqual({ events, more: 0 });
  });

  it('reaches a streamed turn of the transcript', () => {
    const call: RunEvent = {
      type: 'model-call',
      index: 1,
      request: { messages: [], stream: true },
      stream: events,
      at: 0,
      durationMs: 1,
    };
    expect(buildTurns([call])[0]?.stream).toEqual({ events, more: 0 });
  });
});

describe('a replay of a reply that thinks', () => {
  const at = (ms: number, event: unknown) => ({ ms, event }) as TimedEvent;
  const thinking: TimedEvent[] = [
    events[0]!,
    at(20, {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    }),
    at(30, {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'thinking_delta', thinking: 'Paris, ' },
    }),
    at(30, {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'thinking_delta', thinking: 'then Rome.' },
    }),
    at(5, {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'signature_delta', signature: 'EqQBCkgI' },
    }),
    at(1, { type: 'content_block_stop', index: 0 }),
    at(10, {
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'redacted_thinking', data: 'EmwKAhgB' },
    }),
  ];

  it('shows the thinking growing, then signed, and a redacted block whole', () => {
    expect(replayAt(thinking, 3).blocks).toEqual([
      { index: 0, type: 'thinking', text: 'Paris, ', done: false },
    ]);
    expect(replayAt(thinking, 7).blocks).toEqual([
      { index: 0, type: 'thinking', text: 'Paris, then Rome.', done: true, signed: true },
      { index: 1, type: 'redacted_thinking', text: 'EmwKAhgB', done: false },
    ]);
  });

  it('names a signature_delta by its size, not its value', () => {
    expect(describeEvent(thinking[4]!.event)).toBe('signature_delta #0 (8 characters)');
    expect(describeEvent(thinking[2]!.event)).toBe('thinking_delta #0 "Paris, "');
  });
});
