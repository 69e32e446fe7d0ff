import { describe, expect, it } from 'vitest';
import { COMMANDS, parseCommand, type TutorCommand } from './commands.ts';

describe('parseCommand', () => {
  it.each<[string, TutorCommand]>([
    ['run it', 'run'],
    ['Run', 'run'],
    ['run it again!', 'run'],
    ['please run my code', 'run'],
    ['hint', 'hint'],
    ['Can you give me a hint?', 'hint'],
    ['give me another hint', 'hint'],
    ['one more hint please', 'hint'],
    ["I'm stuck", 'hint'],
    ['explain', 'explain'],
    ['Why did it fail?', 'explain'],
    ['what went wrong', 'explain'],
    ['break it', 'break-it'],
    ['Break it on purpose.', 'break-it'],
    ['next experiment', 'break-it'],
    ['reset', 'reset'],
    ['start over', 'reset'],
    ['show solution', 'solution'],
    ['Show me the solution please', 'solution'],
    ['next lesson', 'next-lesson'],
    ['ok, next', 'next-lesson'],
    ['help', 'help'],
    ['?', 'help'],
    ['what can you do?', 'help'],
  ])('"%s" is %s', (input, command) => {
    expect(parseCommand(input)).toBe(command);
  });

  it.each([
    'why does the loop run until stop_reason changes?',
    'what does the hint about tool_use_id mean',
    'explain stop_reason',
    'why would I reset the messages array',
    'how do I break out of the loop',
    'is the solution allowed to use a for loop',
  ])('"%s" is a question, not a command', (input) => {
    expect(parseCommand(input)).toBeUndefined();
  });

  it('is undefined for nothing at all', () => {
    expect(parseCommand('')).toBeUndefined();
    expect(parseCommand('   ')).toBeUndefined();
  });

  it('understands what help tells the learner to say', () => {
    for (const { command, say } of COMMANDS) expect(parseCommand(say)).toBe(command);
  });
});
