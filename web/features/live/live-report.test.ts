import { describe, expect, it } from 'vitest';
import type { ApiResponse, CaseRun, RunEvent } from '../../../core/index.ts';
import { compileReport, liveReport } from './live-report.ts';

const reply = (stop_reason: string, tokens: number) =>
  ({
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'm',
    content: [{ type: 'text', text: 'hi' }],
    stop_reason,
    stop_sequence: null,
    usage: { input_tokens: tokens, output_tokens: 1 },
  }) as unknown as ApiResponse;

const call = (index: number, extra: Partial<Extract<RunEvent, { type: 'model-call' }>>) =>
  ({ type: 'model-call', index, request: {}, at: 0, durationMs: 1, ...extra }) as RunEvent;

const run = (outcome: CaseRun['outcome'], events: RunEvent[]): CaseRun => ({
  outcome,
  events,
  outputs: ['"done"'],
  consoleTruncated: false,
  modelCalls: events.length,
  durationMs: 1800,
});

const context = (stopped?: string) => ({
  lessonId: 'the-agent',
  input: { prompt: 'Weather?' },
  question: 'Weather?',
  calls: [{ request: {}, response: reply('end_turn', 10) }],
  stopped,
});

const said = (r: ReturnType<typeof liveReport>) => [
  r.report.status,
  r.report.kind,
  r.report.message,
];

describe('a live run’s report', () => {
  it('passes a run that ended on end_turn, and adds up the tokens of the calls answered', () => {
    const done = liveReport(
      run({ kind: 'completed' }, [call(1, { response: reply('end_turn', 10) })]),
      [],
      context(),
    );
    expect([...said(done), done.usage, done.checks.every((c) => c.holds)]).toEqual([
      'pass',
      'pass',
      'the loop ended on stop_reason "end_turn"; every tool_use was answered; no request got a 400',
      { input_tokens: 10, output_tokens: 1 },
      true,
    ]);
  });

  it('names the API’s error when the code stopped at it', () => {
    const error = {
      status: 529,
      body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    } as const;
    const thrown = { kind: 'threw', error: { name: 'APIError', message: '529' } } as const;
    expect(said(liveReport(run(thrown, [call(1, { error })]), [], context()))).toEqual([
      'fail',
      'api',
      'Request #1 failed: 529 overloaded_error: Overloaded',
    ]);
  });

  it('says why the wallet stopped the run, or that Stop did', () => {
    const stopped = "Stopped before model call 2: the run's limit is 1 model call.";
    const cancelled = run({ kind: 'cancelled' }, [call(1, { response: reply('tool_use', 5) })]);
    expect([
      said(liveReport(cancelled, [], context(stopped))),
      said(liveReport(cancelled, [], context())),
    ]).toEqual([
      ['fail', 'cancelled', stopped],
      ['fail', 'cancelled', 'Stopped before it finished.'],
    ]);
  });

  it('reports a compile error with its place', () => {
    const errors = [
      { file: 'src/agent.ts', line: 3, column: 7, text: 'Expected ";"', lineText: '' },
    ];
    expect(said(compileReport(errors, context()))).toEqual([
      'error',
      'compile',
      'Compile error: src/agent.ts:3:7: Expected ";"',
    ]);
  });
});
