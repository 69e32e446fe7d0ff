import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../api/messages.ts';
import type { CaseRun, RunEvent } from '../run/events.ts';
import { checkLiveRun } from './check-live-run.ts';

const response = (stop: ApiResponse['stop_reason'], ids: string[] = []): ApiResponse => ({
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-5-5',
  content: ids.map((id) => ({ type: 'tool_use', id, name: 'echo', input: {} })),
  stop_reason: stop,
  usage: { input_tokens: 1, output_tokens: 1 },
});

const call = (index: number, answer: ApiResponse, results: string[] = []): RunEvent => ({
  type: 'model-call',
  index,
  request: {
    messages: [
      { role: 'user', content: results.map((id) => ({ type: 'tool_result', tool_use_id: id })) },
    ],
  },
  response: answer,
  at: 0,
  durationMs: 0,
});

const run = (events: RunEvent[], outcome: CaseRun['outcome'] = { kind: 'completed' }): CaseRun => ({
  outcome,
  events,
  outputs: [],
  consoleTruncated: false,
  modelCalls: events.length,
  durationMs: 1,
});

const holds = (r: CaseRun, stopped?: string) => checkLiveRun(r, stopped).map((c) => c.holds);

describe('checkLiveRun', () => {
  it('holds for a loop that answered its tool_use and ended on end_turn', () => {
    const events = [
      call(1, response('tool_use', ['toolu_1'])),
      call(2, response('end_turn'), ['toolu_1']),
    ];
    expect(checkLiveRun(run(events))).toEqual([
      { holds: true, text: 'the loop ended on stop_reason "end_turn"' },
      { holds: true, text: 'every tool_use was answered' },
      { holds: true, text: 'no request got a 400' },
    ]);
  });

  it('finds a tool_use the next request did not answer', () => {
    const events = [
      call(1, response('tool_use', ['toolu_1', 'toolu_2'])),
      call(2, response('end_turn'), ['toolu_1']),
    ];
    expect(checkLiveRun(run(events))[1]).toEqual({
      holds: false,
      text: 'tool_use toolu_2 (echo) of reply #1 was not answered by request #2',
    });
  });

  it('counts a run the limits stopped as ended, and one that threw as not', () => {
    const events = [call(1, response('tool_use', ['toolu_1']))];
    expect(holds(run(events, { kind: 'cancelled' }), 'Stopped before model call 2')).toEqual([
      true,
      true,
      true,
    ]);
    expect(holds(run(events, { kind: 'threw', error: { name: 'Error', message: 'x' } }))).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('fails a run in which a request got a 400', () => {
    const refused: RunEvent = {
      type: 'model-call',
      index: 1,
      request: {},
      error: {
        status: 400,
        body: { type: 'error', error: { type: 'invalid_request_error', message: 'x' } },
      },
      at: 0,
      durationMs: 0,
    };
    expect(holds(run([refused]))).toEqual([false, true, false]);
  });
});
