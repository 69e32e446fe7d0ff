import { describe, expect, it } from 'vitest';
import type { CaseReport, LessonReport } from '../grade/report.ts';
import { quoteMark, spellOut } from '../lesson/quoted-text.ts';
import { findAnchor } from '../lesson/tutor-text.ts';
import type { Lesson } from '../lesson/types.ts';
import type { ChatIntent, TutorReply } from './conversation.ts';
import { createOfflineResponder } from './offline-responder.ts';
import { lessonPassages } from './passages.ts';
import type { LastRun, RunOutcome, TutorActions } from './responder.ts';
import { fixtureCourse } from '../../scripts/test-support/fixture-course.ts';

const lesson = fixtureCourse.lessons.find((l) => l.id === 'the-while-loop')!;
const tutor = lesson.tutor!;

/**
 * The page as the responder sees it, kept in plain variables: what it reads, and a record of
 * what it did. The responder is the code under test; this is its host.
 */
function page(
  over: { attempted?: boolean; code?: string; lastRun?: LastRun; run?: RunOutcome } = {},
) {
  const state = {
    hintsShown: 0,
    attempted: over.attempted ?? false,
    unlocked: false,
    solutionOpen: false,
    lastExperiment: undefined as string | undefined,
  };
  const did: string[] = [];
  const said: TutorReply[] = [];
  const actions: TutorActions = {
    run: async () => {
      did.push('run');
      return over.run ?? { kind: 'stopped', why: 'no run' };
    },
    showNextHint: () => {
      state.hintsShown++;
      did.push('hint');
    },
    point: (anchor, where) => did.push(`point ${where} ${anchor.match.slice(0, 20)}`),
    open: (target) => {
      if ('experiment' in target) state.lastExperiment = target.experiment;
      did.push(`open ${JSON.stringify(target)}`);
    },
    showSolution: () => {
      state.solutionOpen = true;
      did.push('solution');
    },
    resetCode: () => ['src/loop.ts'],
    undoReset: (paths) => did.push(`undo ${paths.join()}`),
    openLesson: (id) => did.push(`lesson ${id}`),
  };
  const responder = createOfflineResponder();
  const ask = async (input: string | ChatIntent, on: Lesson = lesson) => {
    said.length = 0;
    await responder.respond({
      input: typeof input === 'string' ? { text: input } : { intent: input },
      context: {
        lesson: on,
        next: { id: 'bounding-the-loop', title: 'Bounding the loop' },
        hintsShown: () => state.hintsShown,
        attempted: () => state.attempted,
        unlocked: () => state.unlocked,
        solutionOpen: () => state.solutionOpen,
        lastRun: () => over.lastRun,
        code: (path) => (path === 'src/loop.ts' ? over.code : undefined),
        lastExperiment: () => state.lastExperiment,
        conversation: () => [],
      },
      actions,
      say: (reply) => said.push(reply),
    });
    return [...said];
  };
  return { state, did, ask };
}

function failing(kind: CaseReport['kind'], message: string): CaseReport {
  return {
    name: 'echo',
    visible: true,
    description: 'd',
    status: 'error',
    kind,
    message,
    turns: [],
    console: [],
    consoleTruncated: false,
    durationMs: 3,
  };
}

function report(cases: CaseReport[]): LessonReport {
  return {
    lessonId: lesson.id,
    status: cases.every((c) => c.status === 'pass') ? 'pass' : 'fail',
    compileErrors: [],
    cases,
    bundleMs: 1,
    durationMs: 5,
  };
}

describe('the offline responder', () => {
  it('gives the hints in order, then the solution on the button’s terms', async () => {
    const p = page();
    for (const [i, hint] of tutor.hints.entries()) {
      const [reply] = await p.ask('hint');
      expect(reply?.text).toBe(
        `**Hint ${i + 1} of ${tutor.hints.length}: ${{ nudge: 'a nudge', shape: 'the shape', line: 'the key line' }[hint.level]}**\n\n${hint.body}`,
      );
    }
    expect(p.did).toEqual(tutor.hints.map(() => 'hint'));
    expect((await p.ask('hint'))[0]?.text).toMatch(/opens after your first run/);
    expect((await p.ask('show solution'))[0]?.text).toMatch(
      /^The reference solution opens after your first run/,
    );
    expect(p.did).not.toContain('solution');

    p.state.attempted = true;
    const [offer] = await p.ask('hint');
    expect(offer?.actions?.map((a) => a.label)).toEqual(['Show solution']);
    await p.ask(offer!.actions![0]!.intent);
    expect(p.did.at(-1)).toBe('solution');
  });

  it('runs through the actions and posts the headline and a line per case', async () => {
    const pass: CaseReport = { ...failing('pass', 'ok'), status: 'pass', kind: 'pass' };
    const p = page({ run: { kind: 'finished', source: 'mine', report: report([pass]) } });
    const replies = await p.ask('run it');
    expect(p.did).toEqual(['run']);
    expect(replies.map((r) => r.text)).toEqual(['Running your code…', 'Passed: the case passes.']);
    expect(replies[1]?.lines).toEqual(['✓ echo  0 turns · 0 tool calls · 3 ms']);
    expect(replies[1]?.outcome).toBe('pass');
    expect(replies[1]?.actions?.map((a) => a.label)).toEqual(['Next lesson', 'Break it']);
  });

  it('explains the first failing case from the run’s facts, or says there is none', async () => {
    expect((await page().ask('why did it fail?'))[0]?.text).toBe('There is no run to explain yet.');
    const stub = failing('runtime', 'Error: TODO: write runLoop');
    const p = page({ lastRun: { source: 'mine', report: report([stub]) } });
    const [reply] = await p.ask('explain');
    expect(spellOut(reply!.text, reply!.quoted)).toMatch(
      /^\*\*Why `echo` failed\*\*\n\nCase `echo` stopped at the starter's placeholder, `Error: TODO: write runLoop`/,
    );
    expect(reply?.actions?.map((a) => a.intent)).toEqual([{ type: 'command', command: 'hint' }]);
  });

  it('quotes what a run threw beside its markdown, never in it', async () => {
    const thrown = 'Error: x` <style>*{display:none}</style> **loud** `y';
    const p = page({ lastRun: { source: 'shared', report: report([failing('runtime', thrown)]) } });
    const [reply] = await p.ask('why did it fail');
    expect(reply?.text).toMatch(
      new RegExp(
        `^\\*\\*Why \`${quoteMark('case')}\` failed\\*\\*\n\nCase \`${quoteMark('case')}\` threw \`${quoteMark('error')}\``,
      ),
    );
    expect(reply?.quoted).toEqual({ case: 'echo', error: thrown });
    // A failure the lesson's tutor has no words for is quoted whole.
    const bare = { ...lesson, tutor: { ...lesson.tutor!, failures: [] } };
    const [plain] = await p.ask('why did it fail', bare);
    expect(plain).toEqual({
      text: `\`${quoteMark('case')}\` failed: ${quoteMark('message')}`,
      quoted: { case: 'echo', message: thrown },
    });
  });

  it('answers a matched question with its lines, pointing at them in the learner’s code', async () => {
    const question = tutor.questions.find((q) => q.id === 'stop-reason')!;
    const reference = lesson.reference['src/loop.ts']!;
    expect(findAnchor(reference, question.anchor!)).toBeDefined();
    const p = page({ code: reference });
    const [reply] = await p.ask('why look at stop_reason and not at the blocks');
    expect(reply).toEqual({
      text: `**${question.question}**\n\n${question.answer}`,
      highlight: question.anchor,
    });
    expect(p.did).toEqual([`point code ${question.anchor!.match.slice(0, 20)}`]);
  });

  it('says in words where the lines are missing from the learner’s code, and shows no reference', async () => {
    const question = tutor.questions.find((q) => q.id === 'stop-reason')!;
    const p = page({ code: lesson.starter['src/loop.ts'] });
    const [reply] = await p.ask(question.question);
    expect(reply?.text).toMatch(/Not in your code yet/);
    expect(reply?.highlight).toBeUndefined();
    expect(reply?.actions).toBeUndefined();
    expect(p.did).toEqual([]);
  });

  it('offers the two closest when two fit alike, and lists what it can do for none', async () => {
    const p = page();
    const [choice] = await p.ask('tool results');
    expect(choice?.text).toBe('I am not sure which you mean. Is it one of these?');
    expect(choice?.actions).toEqual([
      {
        label: 'Why collect the results and push them once, not one message per tool?',
        intent: { type: 'answer', kind: 'question', id: 'one-message' },
      },
      {
        label: 'Answering with tool results: “You run each requested tool, then send the…”',
        intent: { type: 'answer', kind: 'passage', id: 'lesson/answering-with-tool-results/1' },
      },
    ]);
    const [none] = await p.ask('who won the world cup?');
    expect(none?.text).toMatch(/^I have no answer to that in this lesson/);
    expect(none?.text).toContain('“run it”');
  });

  it('says when it is unsure, and offers the closest rather than answer with them', async () => {
    const [unsure] = await page().ask('can I use a for loop instead of while');
    expect(unsure?.text).toBe(
      'I am not sure I have an answer to that. The closest parts of the lesson:',
    );
    expect(unsure?.actions?.map((a) => a.intent)).toEqual([
      { type: 'answer', kind: 'question', id: 'tool-use-id' },
      { type: 'answer', kind: 'question', id: 'cap' },
    ]);
  });

  it('quotes a passage of the lesson, saying where it is, when no authored answer fits', async () => {
    const p = page();
    const passage = lessonPassages(lesson).find((x) => x.id === 'lesson/offering-tools/2')!;
    const quoted = passage.text
      .split('\n')
      .map((line) => (line === '' ? '>' : `> ${line}`))
      .join('\n');
    expect(await p.ask('does the model run the tools itself?')).toEqual([
      { text: `**From the lesson, “Offering tools”**\n\n${quoted}` },
    ]);
    // A button saved before the lesson changed, whose passage is gone.
    expect(await p.ask({ type: 'answer', kind: 'passage', id: 'lesson/gone/1' })).toEqual([
      { text: 'That part of the lesson has changed since I offered it: ask again.' },
    ]);
  });

  it('goes through the experiments one after another, once the learner has run', async () => {
    const p = page();
    expect((await p.ask('break it'))[0]?.text).toMatch(/start from yours/);
    p.state.attempted = true;
    const opened: string[] = [];
    for (let i = 0; i <= tutor.experiments.length; i++) {
      await p.ask('break it');
      opened.push(p.state.lastExperiment ?? '');
    }
    const ids = tutor.experiments.map((e) => e.id);
    expect(opened).toEqual([...ids, ids[0]]);
  });

  it('resets, offers the undo, and opens the next lesson', async () => {
    const p = page();
    const [reset] = await p.ask('start over');
    expect(reset?.actions?.[0]?.intent).toEqual({ type: 'undo-reset', paths: ['src/loop.ts'] });
    await p.ask(reset!.actions![0]!.intent);
    await p.ask('next lesson');
    expect(p.did).toEqual(['undo src/loop.ts', 'lesson bounding-the-loop']);
  });

  it.each(fixtureCourse.lessons.map((l) => [l.id, l] as const))(
    'in %s, "help" lists the commands and offers the lesson’s questions',
    async (_id, each) => {
      const [reply] = await page().ask('help', each);
      expect(reply?.actions?.map((a) => a.label)).toEqual(
        each.tutor!.questions.slice(0, 3).map((q) => q.question),
      );
    },
  );
});
