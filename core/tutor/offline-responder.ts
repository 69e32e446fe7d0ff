import { quoteMark, type Quoted } from '../lesson/quoted-text.ts';
import { explainFailure } from '../lesson/tutor-failure.ts';
import type { Tutor, TutorAnchor, TutorTarget } from '../lesson/tutor-schema.ts';
import { findAnchor } from '../lesson/tutor-text.ts';
import { COMMANDS, parseCommand, type TutorCommand } from './commands.ts';
import type { ChatAction, ChatIntent } from './conversation.ts';
import { indexLesson, matchQuestion, type MatchTarget, type TutorIndex } from './match.ts';
import type { TutorResponder, TutorTurn } from './responder.ts';
import { caseLines, firstFailure, runHeadline } from './run-summary.ts';

/**
 * The tutor without a model: commands do what the panel's buttons do, on the same terms
 * (no reference before an attempt), and questions are answered with the lesson's authored
 * answers, matched by `matchQuestion`. Works offline, for everyone.
 */
export function createOfflineResponder(): TutorResponder {
  const indexes = new WeakMap<Tutor, TutorIndex>();
  return {
    async respond(turn) {
      const tutor = turn.context.lesson.tutor;
      if (!tutor) {
        turn.say({ text: 'This lesson has no tutor to talk to.' });
        return;
      }
      let index = indexes.get(tutor);
      if (!index) {
        index = indexLesson(turn.context.lesson);
        indexes.set(tutor, index);
      }
      if ('intent' in turn.input) {
        await act(turn, tutor, turn.input.intent);
        return;
      }
      const command = parseCommand(turn.input.text);
      if (command) await act(turn, tutor, { type: 'command', command });
      else ask(turn, tutor, index, turn.input.text);
    },
  };
}

async function act(turn: TutorTurn, tutor: Tutor, intent: ChatIntent): Promise<void> {
  switch (intent.type) {
    case 'command':
      return command(turn, tutor, intent.command);
    case 'answer':
      return answer(turn, tutor, { kind: intent.kind, id: intent.id });
    case 'open':
      turn.actions.open(intent.target);
      return;
    case 'point':
      turn.actions.point(intent.anchor, intent.in);
      return;
    case 'undo-reset':
      turn.actions.undoReset(intent.paths);
      turn.say({ text: 'Your code is back as it was before the reset.' });
      return;
  }
}

async function command(turn: TutorTurn, tutor: Tutor, name: TutorCommand): Promise<void> {
  const { context, actions, say } = turn;
  switch (name) {
    case 'run':
      return run(turn);
    case 'hint':
      return hint(turn, tutor);
    case 'explain':
      return explain(turn, tutor);
    case 'break-it':
      return breakIt(turn, tutor);
    case 'reset': {
      const paths = actions.resetCode();
      if (paths.length === 0) say({ text: 'Your code is the starter already: nothing to reset.' });
      else {
        say({
          text: "Your code is back to the lesson's starter.",
          actions: [{ label: 'Undo reset', intent: { type: 'undo-reset', paths } }],
        });
      }
      return;
    }
    case 'solution':
      if (context.solutionOpen()) say({ text: 'The reference solution is open beside your code.' });
      else if (!context.attempted()) {
        say({
          text: 'The reference solution opens after your first run: run your code first (say "run it"). Stuck before that? Say "hint".',
          actions: [commandAction('Run it', 'run'), commandAction('Hint', 'hint')],
        });
      } else {
        actions.showSolution();
        say({ text: 'The reference solution is open beside your code.' });
      }
      return;
    case 'next-lesson': {
      const next = context.next;
      if (!next) {
        say({ text: 'This is the last lesson of the course.' });
        return;
      }
      say({ text: `Opening the next lesson, “${next.title}”. Your code here is kept.` });
      actions.openLesson(next.id);
      return;
    }
    case 'help':
      return help(turn, tutor);
  }
}

async function run(turn: TutorTurn): Promise<void> {
  turn.say({ text: 'Running your code…' });
  const outcome = await turn.actions.run();
  if (outcome.kind === 'stopped') {
    // Why a run stopped can quote the run (a bundler's error): text, not markdown.
    turn.say({ text: quoteMark('why'), quoted: { why: outcome.why } });
    return;
  }
  const { report } = outcome;
  const passed = report.status === 'pass';
  const next = turn.context.next;
  const actions: ChatAction[] = passed
    ? next
      ? [commandAction('Next lesson', 'next-lesson'), commandAction('Break it', 'break-it')]
      : [commandAction('Break it', 'break-it')]
    : [commandAction('Why did it fail?', 'explain'), commandAction('Hint', 'hint')];
  const whose = outcome.source === 'shared' ? ' (the shared code in the editor)' : '';
  turn.say({
    text: `${runHeadline(report)}${whose}`,
    lines: caseLines(report),
    outcome: passed ? 'pass' : 'fail',
    actions,
  });
}

const LEVELS = { nudge: 'a nudge', shape: 'the shape', line: 'the key line' } as const;

function hint(turn: TutorTurn, tutor: Tutor): void {
  const { context, actions, say } = turn;
  const shown = Math.min(context.hintsShown(), tutor.hints.length);
  const next = tutor.hints[shown];
  if (next) {
    actions.showNextHint();
    say({
      text: `**Hint ${shown + 1} of ${tutor.hints.length}: ${LEVELS[next.level]}**\n\n${next.body}`,
      actions: shown + 1 < tutor.hints.length ? [commandAction('Another hint', 'hint')] : undefined,
    });
    return;
  }
  const all = `You have seen all ${tutor.hints.length} hints (the Hints tab has them).`;
  if (!context.attempted()) {
    say({
      text: `${all} The reference solution opens after your first run: run your code, then ask again if you are still stuck.`,
      actions: [commandAction('Run it', 'run')],
    });
  } else if (context.solutionOpen()) {
    say({ text: `${all} The reference solution is open beside your code.` });
  } else {
    say({
      text: `${all} Still stuck? The reference solution opens beside your code.`,
      actions: [commandAction('Show solution', 'solution')],
    });
  }
}

function explain(turn: TutorTurn, tutor: Tutor): void {
  const { context, say } = turn;
  const last = context.lastRun();
  if (!last) {
    say({ text: 'There is no run to explain yet.', actions: [commandAction('Run it', 'run')] });
    return;
  }
  if (last.source === 'reference') {
    say({
      text: "The last run graded the reference solution with an experiment's change, not your code. Run your own code and I'll explain what fails.",
      actions: [commandAction('Run it', 'run')],
    });
    return;
  }
  const failing = firstFailure(last.report);
  if (!failing) {
    say({ text: 'Your last run passed every case: nothing failed.' });
    return;
  }
  const explained = explainFailure(tutor, failing);
  // The case's message is the run's: quoted as text, as the explanation's facts are.
  if (!explained) {
    say({
      text: `\`${quoteMark('case')}\` failed: ${quoteMark('message')}`,
      quoted: { case: failing.name, message: failing.message },
    });
    return;
  }
  const action = openAction(tutor, explained.opens);
  say({
    text: `**Why \`${quoteMark('case')}\` failed**\n\n${explained.paragraph}`,
    quoted: { ...explained.quoted, case: failing.name },
    actions: action ? [action] : undefined,
  });
}

/** The button that opens what goes with a failure: its experiment, question, or the hints. */
function openAction(tutor: Tutor, target: TutorTarget): ChatAction | undefined {
  if ('experiment' in target) {
    const experiment = tutor.experiments.find((e) => e.id === target.experiment);
    return experiment && { label: `Try “${experiment.title}”`, intent: { type: 'open', target } };
  }
  if ('question' in target) {
    const question = tutor.questions.find((q) => q.id === target.question);
    return (
      question && {
        label: question.question,
        intent: { type: 'answer', kind: 'question', id: question.id },
      }
    );
  }
  return commandAction('Hint', 'hint');
}

function breakIt(turn: TutorTurn, tutor: Tutor): void {
  const { context, actions, say } = turn;
  if (!context.attempted()) {
    say({
      text: 'Experiments break working code on purpose, so they start from yours. Write your part and run it; then say "break it" again.',
      actions: [commandAction('Run it', 'run')],
    });
    return;
  }
  const last = tutor.experiments.findIndex((e) => e.id === context.lastExperiment());
  const at = (last + 1) % tutor.experiments.length;
  const experiment = tutor.experiments[at];
  if (!experiment) return;
  const target = { experiment: experiment.id };
  actions.open(target);
  say({
    text: `**Experiment ${at + 1} of ${tutor.experiments.length}: ${experiment.title}**\n\n${experiment.prompt}\n\nPredict first: pick what you think happens in Break it, above, then run it.`,
    actions: [{ label: 'Show it in Break it', intent: { type: 'open', target } }],
  });
}

function help(turn: TutorTurn, tutor: Tutor): void {
  const list = COMMANDS.map((c) => `- “${c.say}”: ${c.does}`).join('\n');
  turn.say({
    text: `Ask me about this lesson's code, or tell me what to do:\n\n${list}\n\nQuestions learners often ask here:`,
    actions: tutor.questions
      .slice(0, 3)
      .map((q) => ({ label: q.question, intent: { type: 'answer', kind: 'question', id: q.id } })),
  });
}

function ask(turn: TutorTurn, tutor: Tutor, index: TutorIndex, question: string): void {
  const result = matchQuestion(index, question);
  if (result.kind === 'answer') {
    answer(turn, tutor, result.best.target);
    return;
  }
  if (result.kind === 'choose') {
    turn.say({
      text: 'I am not sure which you mean. Is it one of these?',
      actions: result.options.map(({ target }) => answerAction(target)),
    });
    return;
  }
  const say = COMMANDS.filter((c) => c.command !== 'help').map((c) => `“${c.say}”`);
  turn.say({
    text: `I have no answer to that in this lesson: I answer from its own text, the questions learners often ask here and its walkthrough. You can ask about the code, or say ${say.slice(0, -1).join(', ')} or ${say.at(-1)}.`,
    actions: [commandAction('Help', 'help')],
  });
}

function answer(turn: TutorTurn, tutor: Tutor, target: Pick<MatchTarget, 'kind' | 'id'>): void {
  if (target.kind === 'question') {
    const question = tutor.questions.find((q) => q.id === target.id);
    if (!question) return;
    const lastRun = aboutLastRun(turn, tutor, question.id);
    const about = lastRun ? `About your last run: ${lastRun.paragraph}\n\n` : '';
    const text = `**${question.question}**\n\n${about}${question.answer}`;
    pointed(turn, text, question.anchor, lastRun?.quoted);
    return;
  }
  const step = tutor.walkthrough[Number(target.id)];
  if (!step) return;
  pointed(turn, `**${step.title}**\n\n${step.body}`, step.anchor);
}

/**
 * When the learner's last run failed in the way this question is about, the paragraph
 * about their run ("your request #2 sent user · user") and what it quotes, to go before the
 * answer.
 */
function aboutLastRun(
  turn: TutorTurn,
  tutor: Tutor,
  questionId: string,
): { paragraph: string; quoted: Quoted } | undefined {
  const last = turn.context.lastRun();
  if (!last || last.source === 'reference') return undefined;
  for (const failing of last.report.cases) {
    if (failing.status === 'pass') continue;
    const explained = explainFailure(tutor, failing);
    const opens = explained?.opens;
    if (explained && opens && 'question' in opens && opens.question === questionId) {
      return explained;
    }
  }
  return undefined;
}

/**
 * Says an answer about some lines: highlighted in the learner's code when they are there;
 * otherwise said in words, and offered in the reference only once it may be shown.
 */
function pointed(
  turn: TutorTurn,
  text: string,
  anchor: TutorAnchor | undefined,
  quoted?: Quoted,
): void {
  const { context, actions } = turn;
  const say: TutorTurn['say'] = (reply) => turn.say(quoted ? { ...reply, quoted } : reply);
  if (!anchor) {
    say({ text });
    return;
  }
  const code = context.code(anchor.file);
  if (code !== undefined && findAnchor(code, anchor)) {
    actions.point(anchor, 'code');
    say({ text, highlight: anchor });
    return;
  }
  const name = anchor.file.replace(/^src\//, '');
  const inReference = findAnchor(context.lesson.reference[anchor.file] ?? '', anchor) !== undefined;
  const missing = `*Not in your code yet: this part of \`${name}\` is what you are building.*`;
  if (inReference && context.unlocked()) {
    say({
      text: `${text}\n\n${missing}`,
      actions: [
        {
          label: 'Show it in the reference solution',
          intent: { type: 'point', anchor, in: 'reference' },
        },
      ],
    });
  } else say({ text: `${text}\n\n${missing}` });
}

function answerAction(target: MatchTarget): ChatAction {
  return { label: target.title, intent: { type: 'answer', kind: target.kind, id: target.id } };
}

function commandAction(label: string, command: TutorCommand): ChatAction {
  return { label, intent: { type: 'command', command } };
}
