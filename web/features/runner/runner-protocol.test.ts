import { describe, expect, it } from 'vitest';
import runnerSource from '../../../public/runner.js?raw';
import {
  RELAY_LIMITS,
  errorFromWorkerError,
  parseRunnerReport,
  stoppedError,
  type RunnerReport,
} from './runner-protocol.ts';

describe('parseRunnerReport', () => {
  it.each<[string, RunnerReport]>([
    ['ready', { type: 'ready' }],
    ['batch of messages', { type: 'messages', id: 1, data: [{ type: 'done' }, 'anything', null] }],
    ['empty batch', { type: 'messages', id: 1, data: [] }],
    ['message-error', { type: 'message-error', id: 2 }],
    ['stopped (flood)', { type: 'stopped', id: 2, reason: 'flood' }],
    ['stopped (too large)', { type: 'stopped', id: 2, reason: 'too-large' }],
    [
      'worker-error',
      {
        type: 'worker-error',
        id: 4,
        message: 'Uncaught TypeError: x is not a function',
        filename: 'blob:null/1',
        lineno: 12,
        colno: 5,
      },
    ],
  ])('accepts a well-formed %s', (_, report) => {
    expect(parseRunnerReport(structuredClone(report))).toEqual(report);
  });

  it('keeps only the fields of the protocol', () => {
    expect(parseRunnerReport({ type: 'message-error', id: 2, extra: 'x' })).toEqual({
      type: 'message-error',
      id: 2,
    });
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'ready'],
    ['an array', [{ type: 'ready' }]],
    ['an unknown type', { type: 'pass', id: 1 }],
    ['a request echoed back', { type: 'spawn', id: 1, script: '' }],
    ['a batch without an id', { type: 'messages', data: [] }],
    ['a batch that is not an array', { type: 'messages', id: 1, data: { type: 'done' } }],
    ['a single message (the frame sends batches)', { type: 'message', id: 1, data: 1 }],
    ['a batch with id 0', { type: 'messages', id: 0, data: [] }],
    ['a batch with a fractional id', { type: 'messages', id: 1.5, data: [] }],
    ['a batch with a string id', { type: 'messages', id: '1', data: [] }],
    ['a pong (heartbeats travel on their own port)', { type: 'pong', nonce: 3 }],
    [
      'a worker-error with no message',
      { type: 'worker-error', id: 1, filename: '', lineno: 0, colno: 0 },
    ],
    [
      'a worker-error with a line that is not a number',
      { type: 'worker-error', id: 1, message: 'x', filename: '', lineno: '3', colno: 0 },
    ],
    [
      'a worker-error with a negative column',
      { type: 'worker-error', id: 1, message: 'x', filename: '', lineno: 3, colno: -1 },
    ],
    ['a stop for an unknown reason', { type: 'stopped', id: 1, reason: 'tired' }],
  ])('rejects %s', (_, data) => {
    expect(parseRunnerReport(data)).toBeUndefined();
  });
});

describe('errorFromWorkerError', () => {
  const report = (message: string, lineno = 0) =>
    ({
      type: 'worker-error',
      id: 1,
      message,
      filename: 'blob:null/abc',
      lineno,
      colno: 7,
    }) as const;

  it('takes the name and message apart and rebuilds a one-frame stack', () => {
    expect(errorFromWorkerError(report('Uncaught TypeError: boom', 12))).toEqual({
      name: 'TypeError',
      message: 'boom',
      stack: 'TypeError: boom\n    at blob:null/abc:12:7',
    });
  });

  it('keeps a message with no error name whole, without a stack when there is no line', () => {
    expect(errorFromWorkerError(report('Uncaught 42'))).toEqual({ name: 'Error', message: '42' });
  });

  it('says something even when the event said nothing', () => {
    expect(errorFromWorkerError(report(''))).toEqual({
      name: 'Error',
      message: 'the worker failed',
    });
  });
});

describe('stoppedError', () => {
  it('names the limit a flood passed', () => {
    expect(stoppedError('flood')).toEqual({
      name: 'Flood',
      message: `The code sent more than ${RELAY_LIMITS.messages} messages to the page, so the run was stopped.`,
    });
  });
});

describe('public/runner.js', () => {
  it('enforces the limits of RELAY_LIMITS (it is plain JavaScript, so it keeps a copy)', () => {
    const copy = /const LIMITS = (\{[^}]*\});/.exec(runnerSource)?.[1];
    expect(copy).toBeDefined();
    const limits = JSON.parse((copy ?? '').replace(/(\w+):/g, '"$1":')) as unknown;
    expect(limits).toEqual(RELAY_LIMITS);
  });
});
