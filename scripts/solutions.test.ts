import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startGrading, type Lesson, type VerdictKind } from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost } from '../cli/node-host.ts';

/**
 * The grader against learner solutions it has never seen: correct ones in many styles must
 * pass, and each typical mistake must fail with a message that names it.
 */
const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const host = createNodeHost();

function grade(lesson: Lesson, solution: string) {
  const source = readFileSync(
    new URL(`./solutions/${lesson.id}/${solution}.ts`, import.meta.url),
    'utf8',
  );
  const files = { ...lesson.starter, 'src/loop.ts': source };
  return startGrading(host, lesson, files, { timeoutMs: 1500 }).result;
}

function lesson(id: string): Lesson {
  const found = loaded.course.lessons.find((l) => l.id === id);
  if (!found) throw new Error(`no lesson ${id}`);
  return found;
}

interface Mistake {
  solution: string;
  /** The case whose verdict names the mistake. */
  caseName: string;
  kind: VerdictKind;
  says: string;
}

const whileLoop: Mistake[] = [
  {
    solution: 'wrong-dropped-assistant',
    caseName: 'echo',
    kind: 'api',
    says: 'unexpected `tool_use_id` found in `tool_result` blocks',
  },
  {
    solution: 'wrong-result-per-message',
    caseName: 'two-tools-one-turn',
    kind: 'cassette',
    says: 'ONE user message',
  },
  {
    solution: 'wrong-invented-ids',
    caseName: 'echo',
    kind: 'api',
    says: 'unexpected `tool_use_id` found in `tool_result` blocks: toolu_1',
  },
  {
    solution: 'wrong-never-stops',
    caseName: 'echo',
    kind: 'cassette',
    says: 'keep going after end_turn',
  },
  {
    solution: 'wrong-busy-loop',
    caseName: 'echo',
    kind: 'timeout',
    says: 'Timed out after 1.5 s (after 2 model calls)',
  },
  {
    solution: 'wrong-throws',
    caseName: 'echo',
    kind: 'runtime',
    says: 'Error: cannot send results (at src/loop.ts:27:35)',
  },
  {
    solution: 'wrong-syntax-error',
    caseName: 'echo',
    kind: 'compile',
    says: 'Compile error: src/loop.ts:6:',
  },
  {
    solution: 'wrong-trajectory-shape',
    caseName: 'echo',
    kind: 'diff',
    says: 'trajectory[0].tool is missing',
  },
  {
    solution: 'wrong-reverse-order',
    caseName: 'two-tools-one-turn',
    kind: 'cassette',
    says: 'order of the tool_use blocks',
  },
  {
    solution: 'wrong-text-first',
    caseName: 'echo',
    kind: 'api',
    says: 'Did not find 1 `tool_result` block(s) at the beginning of this message',
  },
  {
    solution: 'wrong-hard-coded',
    caseName: 'echo',
    kind: 'unconsumed',
    says: 'The output matches, but',
  },
];

describe('the-while-loop', () => {
  const correct = [
    'correct-for-loop',
    'correct-recursion',
    'correct-promise-all',
    'correct-copied-history',
  ];
  it.each(correct)('%s passes every case', async (solution) => {
    const report = await grade(lesson('the-while-loop'), solution);
    expect(report.cases.map((c) => [c.name, c.status, c.message])).toEqual(
      report.cases.map((c) => [c.name, 'pass', 'Output matches.']),
    );
  });

  it.each(whileLoop)(
    '$solution fails $caseName with $kind',
    async ({ solution, caseName, kind, says }) => {
      const report = await grade(lesson('the-while-loop'), solution);
      expect(report.status).toBe('fail');
      const graded = report.cases.find((c) => c.name === caseName);
      expect({
        kind: graded?.kind,
        says: graded?.message.includes(says) ? says : graded?.message,
      }).toEqual({ kind, says });
    },
  );
});
