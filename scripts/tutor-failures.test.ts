import { describe, expect, it } from 'vitest';
import { explainFailure, type TutorTarget } from '../core/index.ts';
import { spellOut } from '../core/lesson/quoted-text.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { gradeSolution } from './grade-solution.ts';

/**
 * The classic mistakes, graded for real from the lessons' catalogues: "Explain this failure"
 * opens what goes with each, and tells the learner about their own run.
 */
const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const tutorOf = (id: string) => loaded.course.lessons.find((l) => l.id === id)?.tutor;

const classics: [string, string, string, TutorTarget, string][] = [
  [
    'the-while-loop',
    'wrong-dropped-assistant',
    'echo',
    { experiment: 'drop-the-reply' },
    'Your request #2 sent `user · user`: the `tool_result` for `toolu_01JWAsYRegvKopNTKRzEzSrM`',
  ],
  [
    'the-while-loop',
    'wrong-result-per-message',
    'two-tools-one-turn',
    { experiment: 'results-one-by-one' },
    'Your request #2 sent `user · assistant · user · user`',
  ],
  [
    'the-while-loop',
    'wrong-busy-loop',
    'echo',
    { question: 'timeout' },
    'Case `echo` ran out of time, and not while waiting on the model: the cassette had answered every call your code made (2 of them)',
  ],
  [
    'the-while-loop',
    'wrong-invented-ids',
    'echo',
    { question: 'tool-use-id' },
    "Your request #2 answered a `tool_use` the conversation doesn't have: its result carries `tool_use_id` `toolu_1`",
  ],
  [
    'the-while-loop',
    'wrong-never-stops',
    'echo',
    { question: 'stop-reason' },
    'Your loop sent request #3 after a reply whose `stop_reason` was not `tool_use`',
  ],
  [
    'the-while-loop',
    'wrong-not-awaited',
    'echo',
    { hints: true },
    'Your request #2 sent a Promise where a value belongs',
  ],
  [
    'the-while-loop',
    'wrong-foreach-async',
    'echo',
    { hints: true },
    'Your request #2 sent `user · assistant · user`, and its newest message, `user []`, has no results in it yet',
  ],
  [
    'steering',
    'wrong-typed-as-assistant',
    'typed-as-it-finishes',
    { question: 'block-per-message' },
    'Your request #3 sent `user · assistant · user · assistant · assistant`: what the user typed went in as an `assistant` message',
  ],
  [
    'the-agent',
    'wrong-forgets-reply',
    'chicago',
    { experiment: 'no-assistant' },
    'Your request #2 sent `user · user`',
  ],
  [
    'parallel-tool-calls',
    'wrong-sequential',
    'three-cities',
    { experiment: 'one-at-a-time' },
    'Case `three-cities` ran its tools one at a time: `maxConcurrent[0]`, the most calls that were ever running at once, is `1` in yours.',
  ],
  [
    'file-tools',
    'wrong-string-replace',
    'dollar-signs',
    { experiment: 'string-replace' },
    'Your `editFile` said it edited `src/price.ts`, but the file it left is not the one the edit asked for',
  ],
  [
    'file-tools',
    'wrong-first-match',
    'two-matches',
    { experiment: 'first-match-wins' },
    'Your request #2 told the model an edit worked where the recording has an error',
  ],
  [
    'permissions',
    'wrong-runs-then-asks',
    'deny-then-ask-again',
    { experiment: 'run-then-ask' },
    'A file the run left is not as the case expects: an edit the user denied changed it anyway.',
  ],
  [
    'tool-runner',
    'wrong-no-retry',
    'cut-in-a-tool-call',
    { experiment: 'no-retry' },
    'Case `cut-in-a-tool-call` ended after the first reply',
  ],
  [
    'tool-runner',
    'wrong-no-thread',
    'chicago',
    { experiment: 'no-thread' },
    "Your request #1 isn't threaded as the recording is",
  ],
  [
    'subagents',
    'wrong-all-at-once',
    'two-tasks',
    { experiment: 'all-at-once' },
    "Your request #3 is the second subagent's first call",
  ],
  [
    'subagents',
    'wrong-full-budget-each',
    'task-budget',
    { experiment: 'full-budget' },
    'Your request #6 is another call of the second subagent',
  ],
  [
    'prompt-caching',
    'wrong-keeps-marks',
    'fix-the-total',
    { experiment: 'keep-the-marks' },
    'Your request #2 carries a mark at `messages[0].content[0].cache_control` that the recording doesn',
  ],
  [
    'compaction',
    'wrong-splits-a-pair',
    'keep-an-odd-number',
    { experiment: 'split-the-pair' },
    'The API would refuse your request #9: its summarised part ends with a reply whose tool calls the next message does not answer.',
  ],
  [
    'capstone',
    'wrong-trusts-the-model',
    'claims-too-soon',
    { experiment: 'trust-the-model' },
    'In `claims-too-soon` the model says the tests pass without running them after its edit',
  ],
];

describe.each(classics)('%s %s', (lessonId, solution, caseName, opens, starts) => {
  it(`on ${caseName}, opens ${JSON.stringify(opens)} and speaks of the learner's run`, async () => {
    const report = await gradeSolution(lessonId, solution);
    const graded = report.cases.find((c) => c.name === caseName);
    if (!graded) throw new Error(`no case ${caseName}`);
    const explained = explainFailure(tutorOf(lessonId), graded);
    expect(explained?.opens).toEqual(opens);
    const told = explained && spellOut(explained.paragraph, explained.quoted);
    expect(told?.slice(0, starts.length)).toBe(starts);
  });
});
