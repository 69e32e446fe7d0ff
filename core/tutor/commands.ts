/**
 * The tutor's commands, said in plain words: "run it", "hint", "why did it fail". A command
 * is the whole of what the learner typed (give or take "please" and punctuation), so a
 * question that happens to contain "run" is still a question.
 */

export type TutorCommand =
  'run' | 'hint' | 'explain' | 'break-it' | 'reset' | 'solution' | 'next-lesson' | 'help';

/** Each command, what to type for it, and what it does: the chat's "help". */
export const COMMANDS: readonly { command: TutorCommand; say: string; does: string }[] = [
  { command: 'run', say: 'run it', does: 'runs your code, as the Run button does' },
  { command: 'hint', say: 'hint', does: 'the next hint, each giving away a little more' },
  {
    command: 'explain',
    say: 'why did it fail',
    does: 'explains the first failing case of your run',
  },
  { command: 'break-it', say: 'break it', does: 'the next experiment: predict, then run it' },
  { command: 'reset', say: 'reset', does: 'puts the starter code back (undoable)' },
  {
    command: 'solution',
    say: 'show solution',
    does: 'the reference solution, after your first run',
  },
  { command: 'next-lesson', say: 'next lesson', does: 'opens the next lesson' },
  { command: 'help', say: 'help', does: 'this list' },
];

/** Every way of saying each command, normalised (see `normalise`). */
const PHRASES: Record<TutorCommand, string[]> = {
  run: [
    'run',
    'run it',
    'rerun',
    're run',
    'run again',
    'run it again',
    'run my code',
    'run the code',
    'run the tests',
    'run the cases',
    'test it',
    'go',
  ],
  hint: [
    'hint',
    'a hint',
    'hints',
    'next hint',
    'another hint',
    'one more hint',
    'more hints',
    'give me a hint',
    'i need a hint',
    'show hint',
    'show a hint',
    'show me a hint',
    'im stuck',
    'stuck',
  ],
  explain: [
    'explain',
    'explain it',
    'explain the failure',
    'explain this failure',
    'explain the error',
    'why did it fail',
    'why does it fail',
    'why did my run fail',
    'why did my code fail',
    'why did this fail',
    'why is it failing',
    'why it failed',
    'what went wrong',
    'what failed',
    'whats wrong',
  ],
  'break-it': [
    'break it',
    'break it on purpose',
    'break',
    'break something',
    'experiment',
    'an experiment',
    'next experiment',
    'another experiment',
  ],
  reset: [
    'reset',
    'reset it',
    'reset my code',
    'reset the code',
    'start over',
    'start again',
    'reset to the starter',
  ],
  solution: [
    'solution',
    'show solution',
    'show the solution',
    'show me the solution',
    'the solution',
    'show the reference',
    'show me the answer',
    'give me the solution',
  ],
  'next-lesson': [
    'next lesson',
    'next',
    'go to the next lesson',
    'next stage',
    'open the next lesson',
    'the next lesson',
    'continue',
  ],
  help: ['help', 'commands', 'what can you do', 'what can i ask', 'what can i say', 'menu'],
};

const lookup = new Map<string, TutorCommand>();
for (const [command, phrases] of Object.entries(PHRASES) as [TutorCommand, string[]][]) {
  for (const phrase of phrases) lookup.set(phrase, command);
}

/** Polite or chatty words around a command that change nothing. */
const FILLER_BEFORE = [
  'give me',
  'show me',
  'i want',
  'i need',
  'i would like',
  'id like',
  'please',
  'can you',
  'could you',
  'would you',
  'ok',
  'okay',
  'now',
  'hey',
  'tutor',
  'lets',
  'just',
  'pls',
];
const FILLER_AFTER = ['please', 'pls', 'now', 'for me', 'thanks', 'thank you'];

/** The command the learner's words say, or undefined when they are a question (or nothing). */
export function parseCommand(input: string): TutorCommand | undefined {
  if (input.trim() === '?') return 'help';
  let text = normalise(input);
  for (let changed = true; changed;) {
    changed = false;
    for (const filler of FILLER_BEFORE) {
      if (text.startsWith(`${filler} `)) {
        text = text.slice(filler.length + 1);
        changed = true;
      }
    }
    for (const filler of FILLER_AFTER) {
      if (text.endsWith(` ${filler}`)) {
        text = text.slice(0, -filler.length - 1);
        changed = true;
      }
    }
  }
  return lookup.get(text);
}

/** Lowercase words, without apostrophes, punctuation or repeated spaces. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
