import { describe, expect, it } from 'vitest';
import type { CaseReport, LessonReport } from '../../../core/index.ts';
import type { RunState } from '../../store/run-slice.ts';
import { verdictText } from './verdict-text.ts';

const kase = (status: CaseReport['status']): CaseReport => ({
  name: status,
  visible: true,
  description: '',
  status,
  kind: status === 'pass' ? 'pass' : 'diff',
  message: '',
  turns: [],
  console: [],
  consoleTruncated: false,
  durationMs: 1,
});

const done = (
  cases: CaseReport[],
  compileErrors: LessonReport['compileErrors'] = [],
): RunState => ({
  id: 1,
  lessonId: 'l',
  source: 'mine',
  phase: 'done',
  cases,
  report: {
    lessonId: 'l',
    status: cases.every((c) => c.status === 'pass') && cases.length > 0 ? 'pass' : 'fail',
    compileErrors,
    cases,
    bundleMs: 1,
    durationMs: 1,
  },
});

describe('verdictText', () => {
  it.each([
    [undefined, ''],
    [
      { id: 1, lessonId: 'l', source: 'mine', phase: 'running', cases: [] } as RunState,
      'Running 3 cases…',
    ],
    [done([kase('pass'), kase('pass'), kase('pass')]), 'Passed: all 3 cases pass.'],
    [done([kase('pass'), kase('fail'), kase('error')]), 'Failed: 1 of 3 cases pass.'],
    [
      done([kase('error')], [{ file: 'src/loop.ts', line: 1, column: 1, text: 'x', lineText: '' }]),
      'Failed: the code does not compile (1 error).',
    ],
    [
      { id: 1, lessonId: 'l', source: 'mine', phase: 'cancelled', cases: [] } as RunState,
      'Stopped: the run was cancelled before it finished.',
    ],
  ])('announces %#', (run, text) => {
    expect(verdictText(run, 3)).toBe(text);
  });
});
