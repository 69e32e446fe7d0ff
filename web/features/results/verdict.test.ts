import { describe, expect, it } from 'vitest';
import type { CaseReport, LessonReport } from '../../../core/index.ts';
import type { RunState } from '../../store/run-slice.ts';
import { caseReason, verdictOf, verdictText } from './verdict.ts';

const kase = (name: string, status: CaseReport['status'], message = ''): CaseReport => ({
  name,
  visible: name !== 'hidden',
  description: `${name} (the description)`,
  status,
  kind: status === 'pass' ? 'pass' : 'diff',
  message,
  turns: [],
  console: [],
  consoleTruncated: false,
  durationMs: 1,
});

const cases = [{ name: 'echo' }, { name: 'hidden' }, { name: 'third' }];

const done = (
  reports: CaseReport[],
  over: Partial<RunState> = {},
  compileErrors: LessonReport['compileErrors'] = [],
): RunState => ({
  id: 1,
  streak: 1,
  lessonId: 'l',
  source: 'mine',
  files: {},
  phase: 'done',
  cases: reports,
  report: {
    lessonId: 'l',
    status: reports.every((c) => c.status === 'pass') ? 'pass' : 'fail',
    compileErrors,
    cases: reports,
    bundleMs: 1,
    durationMs: 1,
  },
  ...over,
});

const running = (over: Partial<RunState> = {}): RunState =>
  ({
    id: 1,
    streak: 1,
    lessonId: 'l',
    source: 'mine',
    files: {},
    phase: 'running',
    cases: [],
    ...over,
  }) as RunState;

describe('verdictText', () => {
  it.each<[string, RunState | undefined, string]>([
    ['nothing before a run', undefined, ''],
    ['a run of every case', running(), 'Running 3 cases…'],
    ['a run of one case', running({ only: ['echo'] }), 'Running echo…'],
    [
      'every case passing',
      done([kase('echo', 'pass'), kase('hidden', 'pass'), kase('third', 'pass')]),
      'Passed: all 3 cases pass.',
    ],
    [
      'the first failing case in lesson order, with its first line',
      done([
        kase('third', 'fail', 'third is wrong'),
        kase('echo', 'pass'),
        kase('hidden', 'error', 'Error: TODO: write the loop (at src/loop.ts:61:9)\nmore'),
      ]),
      'Failed: 1 of 3 cases pass. hidden: Error: TODO: write the loop (at src/loop.ts:61:9)',
    ],
    [
      'a compile error, once, with where it is',
      done([kase('echo', 'error'), kase('hidden', 'error'), kase('third', 'error')], {}, [
        { file: 'src/loop.ts', line: 3, column: 5, text: 'Expected ";"', lineText: '' },
      ]),
      'Failed: the code does not compile (1 error). src/loop.ts:3:5: Expected ";"',
    ],
    [
      'one case run on its own',
      done([kase('echo', 'pass')], { only: ['echo'] }),
      'Passed: echo passes; 2 cases not run on this code.',
    ],
    [
      'one case run, the others carried over from the same code',
      done([kase('echo', 'pass')], {
        only: ['echo'],
        carried: [kase('hidden', 'pass'), kase('third', 'pass')],
      }),
      'Passed: all 3 cases pass.',
    ],
    [
      'two cases run, one failing',
      done([kase('echo', 'pass'), kase('third', 'fail', 'nope')], { only: ['echo', 'third'] }),
      'Failed: 1 of the 2 cases run pass; 1 case not run on this code. third: nope',
    ],
    [
      'one case run, failing',
      done([kase('third', 'fail', 'nope')], { only: ['third'] }),
      'Failed: third fails; 2 cases not run on this code. third: nope',
    ],
    [
      'a cancelled run',
      { ...running(), phase: 'cancelled' },
      'Stopped: the run was cancelled before it finished.',
    ],
    [
      'a crash',
      { ...running(), phase: 'crashed', error: 'The bundler is not available: gone' },
      'Failed: the run could not finish. The bundler is not available: gone',
    ],
  ])('%s', (_what, run, text) => {
    expect(verdictText(verdictOf(run, cases))).toBe(text);
  });

  it('says whether every case has a verdict on this code', () => {
    expect(verdictOf(done([kase('echo', 'pass')], { only: ['echo'] }), cases)).toMatchObject({
      outcome: 'partial',
      passed: 1,
      total: 3,
      complete: false,
    });
  });
});

describe('caseReason', () => {
  it.each([
    ['Hidden case "hidden" (hidden (the description)): finalText is wrong.', 'finalText is wrong.'],
    ['finalText is wrong.', 'finalText is wrong.'],
    [
      'Hidden case "other" (x): kept, it names another case',
      'Hidden case "other" (x): kept, it names another case',
    ],
    ['first line\nsecond line', 'first line'],
  ])('%j reads %j', (message, reason) => {
    expect(caseReason(kase('hidden', 'fail', message))).toBe(reason);
  });
});
