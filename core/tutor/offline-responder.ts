import { quoteMark } from '../lesson/quoted-text.ts';
import { explainFailure } from './explain-failure.ts';
import type { Tutor, TutorTarget } from '../lesson/tutor-schema.ts';
import { COMMANDS, parseCommand, type TutorCommand } from './commands.ts';
import type { ChatAction, ChatIntent } from './conversation.ts';
import { indexLesson, type TutorIndex } from './match.ts';
import { answer, ask, commandAction } from './offline-answers.ts';
import type { TutorResponder, TutorTurn } from './responder.ts';
import { caseLines, firstFailure, runHeadline } from './run-summary.ts';

/**
 * The tutor without a model: commands do what the panel's buttons do, on the same terms
 * (no reference before an attempt), and questions are answered with the lesson's authored
 * answers or, where none fits, a passage of its text, quoted with where it is, as matched by
 * `matchQuestion`; a match it is unsure of says so and offers the closest. Works offline, for
 * everyone.
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
        await act(turn, tutor, index, turn.input.intent);
        return;
      }
      const command = parseCommand(turn.input.text);
      if (command) await act(turn, tutor, index, { type: 'command', command });
      else ask(turn, tutor, index, turn.input.text);
    },
  };
}

async function act(
  turn: TutorTurn,
  tutor: Tutor,
  index: TutorIndex,
  intent: ChatIntent,
): Promise<void> {
  switch (intent.type) {
    case 'command':
      return command(turn, tutor, intent.command);
    case 'answer':
      return answer(turn, tutor, index, { kind: intent.kind, id: intent.id });
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
