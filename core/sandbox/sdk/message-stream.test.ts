import { describe, expect, it } from 'vitest';
import type { TimedEvent } from '../../api/stream-events.ts';
import { createStreamLedger } from '../event-stream.ts';
import { MessageStream } from './message-stream.ts';

const at = (event: TimedEvent['event']): TimedEvent => ({ ms: 0, event });
/** A reply that thinks, then answers, as the API streams it. */
const events: TimedEvent[] = [
  at({
    type: 'message_start',
    message: {
      id: 'msg_01Think',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-5-5',
      content: [],
      stop_reason: null,
      usage: { input_tokens: 10, output_tokens: 1 },
    },
  }),
  at({
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'thinking', thinking: '', signature: '' },
  }),
  at({
    type: 'content_block_delta',
    index: 0,
    delta: { type: 'thinking_delta', thinking: 'Say ' },
  }),
  at({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hi.' } }),
  at({
    type: 'content_block_delta',
    index: 0,
    delta: { type: 'signature_delta', signature: 'EqQB' },
  }),
  at({ type: 'content_block_stop', index: 0 }),
  at({ type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }),
  at({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hi' } }),
  at({ type: 'content_block_stop', index: 1 }),
  at({
    type: 'message_delta',
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: 9 },
  }),
  at({ type: 'message_stop' }),
];

describe("the SDK's MessageStream in a run, over a reply that thinks", () => {
  it('emits thinking with its snapshot and the signature, as the SDK does, and assembles the block', async () => {
    const ledger = createStreamLedger(() => Promise.resolve());
    const stream = new MessageStream({ messages: [] }, () =>
      Promise.resolve(ledger.open(1, events)),
    );
    const heard: string[] = [];
    stream.on('thinking', (delta, snapshot) => heard.push(`thinking ${delta} → ${snapshot}`));
    stream.on('signature', (signature) => heard.push(`signature ${signature}`));
    stream.on('text', (delta) => heard.push(`text ${delta}`));
    const message = await stream.finalMessage();
    expect(heard).toEqual([
      'thinking Say  → Say ',
      'thinking hi. → Say hi.',
      'signature EqQB',
      'text Hi',
    ]);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Say hi.', signature: 'EqQB' },
      { type: 'text', text: 'Hi' },
    ]);
  });
});
