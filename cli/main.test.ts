import { execFile, execFileSync } from 'node:child_process';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { decodeSharePayload } from '../core/index.ts';
import { writeLessonFiles } from '../scripts/test-support/lesson-dir.ts';
import { loadPackagedCourse } from './load.ts';

const run = promisify(execFile);
const BIN = new URL('./bin.js', import.meta.url).pathname;
const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;
/** The CLI's own build goes to a cache of this file's, as it would to a learner's. */
const CACHE = mkdtempSync(join(tmpdir(), 'theinference-cache-'));

async function cli(args: string[], cwd: string) {
  try {
    const { stdout, stderr } = await run('node', [BIN, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: CACHE },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** How many cases a stage has, so these tests follow the course as it grows. */
const casesOf = (stage: string) => readdirSync(join(FIXTURES, stage, 'cases')).length;
const loadedIds = (() => {
  const loaded = loadPackagedCourse();
  if ('error' in loaded) throw new Error(loaded.error);
  return loaded.course.lessons.map((l) => l.id);
})();
const passed = (stage: string) => `PASS ${stage}: ${casesOf(stage)}/${casesOf(stage)} cases passed`;

const fixture = (stage: string, variant: 'starter' | 'reference', path: string) =>
  readFileSync(join(FIXTURES, stage, variant, path), 'utf8');

/** A course directory with `stage`'s full starter (or reference), as the loader makes it. */
function courseDir(stage: string, variant: 'starter' | 'reference'): string {
  const dir = mkdtempSync(join(tmpdir(), 'theinference-'));
  writeLessonFiles(dir, stage, variant);
  return dir;
}

/** A one-turn course directory whose src/loop.ts is `loop`. */
function withLoop(loop: string): string {
  const dir = courseDir('one-turn', 'starter');
  writeFileSync(join(dir, 'src', 'loop.ts'), loop);
  return dir;
}

interface JsonResult {
  status: string;
  skipped: { path: string; reason: string }[];
  stages: {
    stage: string;
    compileErrors: unknown[];
    cases: { name: string; status: string; kind: string; message: string }[];
  }[];
}

const oneTurn = (body: string) =>
  `import type { Message, Model } from './types';
export async function runOneTurn(messages: Message[], model: Model): Promise<never> {
${body}
}
`;

describe('theinference test', () => {
  it('passes the reference with exit 0 and prints the transcript turn by turn', async () => {
    const result = await cli(
      ['test', '--stage', 'the-while-loop'],
      courseDir('the-while-loop', 'reference'),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '    → tool_use echo({"text":"hello"})\n    ← tool_result "hello"\n    → end_turn "done"\n',
    );
    expect(result.stdout).toMatch(/✓ 2 turns · 1 tool call · \d+ ms/);
    expect(result.stdout).toContain(passed('the-while-loop'));
  });

  it('prints an attempt an error event cut off on a line of its own, with what it had shown', async () => {
    const result = await cli(
      ['test', '--stage', 'stream-errors'],
      courseDir('stream-errors', 'reference'),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `  ✓ chicago The agent: its first reply is cut off by overloaded_error in the middle of the tool call's input, then retried; one get_weather call, then the answer.
    ✗ stream cut off by an error event: overloaded_error "Overloaded", after "Let me look up Chicago's weather.", in a tool call's input
    → text "I'll check the weather in Chicago."
`,
    );
    expect(result.stdout).toContain(
      '    ✗ stream cut off by an error event: invalid_request_error "Output blocked by content filtering policy", after "Here are the opening lines of the song you "\n',
    );
    expect(result.stdout).toContain(passed('stream-errors'));
  });

  it('fails the starter with exit 1 and machine-readable results under --json', async () => {
    const result = await cli(
      ['test', '--stage', 'the-while-loop', '--json'],
      courseDir('the-while-loop', 'starter'),
    );
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as JsonResult;
    expect(json.status).toBe('fail');
    expect(json.stages[0]?.cases[0]).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Error: TODO/),
    });
  });

  it.each([
    [['test', '--stage', 'one-turn', '--all'], 'test takes --stage <id> or --all, not both.'],
    [['test', '--stage', 'nope'], 'Unknown stage "nope"'],
    [['frobnicate'], 'Unknown command "frobnicate"'],
    [['stage'], 'stage needs a stage id: one of one-turn, the-while-loop,'],
    [['test'], 'No theinference.json in this folder.'],
    ...['soon', '0', '-5', '1.5', '60001', '1e9'].map((t) => [
      ['test', '--all', `--timeout=${t}`],
      '--timeout takes a whole number of milliseconds from 1 to 60000 (60 s).',
    ]),
  ])('exits 2 on usage errors: %j', async (args, says) => {
    const result = await cli(args as string[], tmpdir());
    expect({ code: result.code, says: result.stderr.includes(says as string) }).toEqual({
      code: 2,
      says: true,
    });
  });
});

describe('a course directory, through the stages', () => {
  // Several CLI runs, three of them grading: past the default 20 s on two loaded cores.
  it('init, task, test and next move a learner from one stage to the next', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'theinference-course-'));
    const dir = join(parent, 'my-course');
    const init = await cli(['init', 'my-course'], parent);
    expect(init.stdout).toBe(
      `Course directory ready: ${dir}\nNext: cd my-course && theinference task to read stage 1, then theinference test to grade it.\n`,
    );
    expect(readdirSync(dir).sort()).toEqual(['.github', 'README.md', 'src', 'theinference.json']);
    const state = () => JSON.parse(readFileSync(join(dir, 'theinference.json'), 'utf8')) as unknown;
    expect(state()).toEqual({ stage: 'one-turn', passed: [] });

    const task = await cli(['task'], dir);
    expect(task.stdout.split('\n').slice(0, 2)).toEqual([
      `Stage 1 of ${loadedIds.length}: One turn (one-turn, 8 min)`,
      '  Call the model once, keep its reply in the conversation, and read its text and stop reason.',
    ]);
    expect(task.stdout).not.toMatch(/```|^#+ |\*\*/m);

    const notYet = await cli(['next'], dir);
    expect(notYet.code).toBe(1);
    expect(notYet.stdout).toContain(
      'Not yet: one-turn does not pass. `theinference next` moves on once it does.',
    );
    expect(state()).toEqual({ stage: 'one-turn', passed: [] });

    writeFileSync(join(dir, 'src/loop.ts'), fixture('one-turn', 'reference', 'src/loop.ts'));
    const next = await cli(['next'], dir);
    expect(next.code).toBe(0);
    expect(next.stdout).toContain(
      `Stage 2 of ${loadedIds.length}: The while loop (the-while-loop, 15 min)`,
    );
    expect(next.stdout).toContain(
      "updated    src/loop.ts (it held the course's own version, not yours)",
    );
    expect(readFileSync(join(dir, 'src/loop.ts'), 'utf8')).toBe(
      fixture('the-while-loop', 'starter', 'src/loop.ts'),
    );
    expect(state()).toEqual({ stage: 'the-while-loop', passed: ['one-turn'] });

    // The learner's own solution (a comment makes it theirs): test grades stage 2 and stage 1.
    const mine = `// mine\n${fixture('the-while-loop', 'reference', 'src/loop.ts')}`;
    writeFileSync(join(dir, 'src/loop.ts'), mine);
    const test = await cli(['test'], dir);
    expect(test.code).toBe(0);
    const verdicts = test.stdout.split('\n').filter((line) => /^(PASS|FAIL) /.test(line));
    expect(verdicts.map((line) => line.replace(/ · \d+ ms$/, ''))).toEqual([
      passed('one-turn'),
      passed('the-while-loop'),
    ]);
    expect(test.stdout).toContain('  ✓ echo One echo call, then a final answer.');
    expect(test.stdout).toContain('Stage passed. Move on with theinference next.');
    expect(state()).toEqual({ stage: 'the-while-loop', passed: ['one-turn', 'the-while-loop'] });

    // Stage 3 brings a new version of src/loop.ts: the learner's code carries into it.
    const third = await cli(['next'], dir);
    expect(third.code).toBe(0);
    expect(third.stdout).toContain(
      "carried    src/loop.ts: your runOneTurn, textOf, Execute and runTools, with this stage's LoopStopReason, LoopResult and runLoop.",
    );
    expect(readFileSync(join(dir, 'src/loop.ts'), 'utf8')).toBe(
      `// mine\n${fixture('bounding-the-loop', 'starter', 'src/loop.ts')}`,
    );
    expect(readdirSync(join(dir, 'src')).sort()).toEqual(['loop.ts', 'types.ts']);

    const lessons = await cli(['lessons'], dir);
    const listed = lessons.stdout.split('\n');
    expect(listed.slice(1, 6)).toEqual([
      'Part one: the agent loop',
      '✓  1. one-turn                   One turn (8 min)',
      '✓  2. the-while-loop             The while loop (15 min)',
      '▶  3. bounding-the-loop          Bounding the loop (10 min)',
      '   4. parallel-tool-calls        Parallel tool calls (15 min)',
    ]);
    // Both parts, each under its title.
    expect(listed.slice(12, 14)).toEqual([
      'Part two: a coding agent',
      '  11. streaming-replies          Streaming replies (25 min)',
    ]);
  }, 60_000);

  it('stage adds the files a stage introduces and refreshes the read-only ones', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'theinference-course-'));
    await cli(['init', 'c'], parent);
    const dir = join(parent, 'c');
    writeFileSync(join(dir, 'src/types.ts'), '// edited, though read-only\n');
    const budgets = await cli(['stage', 'budgets-and-refusal'], dir);
    expect(budgets.code).toBe(0);
    expect(budgets.stdout).toContain(
      "refreshed  src/types.ts: it is read-only (the grader uses the course's copy); your edited copy is saved as src/types.ts.bak",
    );
    expect(readFileSync(join(dir, 'src/types.ts'), 'utf8')).toBe(
      fixture('budgets-and-refusal', 'starter', 'src/types.ts'),
    );
    expect(readFileSync(join(dir, 'src/types.ts.bak'), 'utf8')).toBe(
      '// edited, though read-only\n',
    );

    const agent = await cli(['stage', 'the-agent'], dir);
    expect(agent.stdout).toContain('added      src/agent.ts');
    expect(readFileSync(join(dir, 'src/agent.ts'), 'utf8')).toBe(
      fixture('the-agent', 'starter', 'src/agent.ts'),
    );
    writeFileSync(join(dir, 'src/agent.ts'), fixture('the-agent', 'reference', 'src/agent.ts'));
    const test = await cli(['test', '--stage', 'the-agent'], dir);
    expect(test.stdout).toMatch(/^PASS the-agent: \d+\/\d+ cases passed/m);
  });
});

describe('next carries the learner’s own code into the next stage', () => {
  /** A course directory at `stage` whose src/loop.ts is `loop`, the stages before it passed. */
  const at = (stage: string, loop: string) => {
    const dir = courseDir(stage, 'starter');
    writeFileSync(join(dir, 'src', 'loop.ts'), loop);
    const ids = loadedIds.slice(0, loadedIds.indexOf(stage));
    writeFileSync(join(dir, 'theinference.json'), JSON.stringify({ stage, passed: ids }));
    return dir;
  };
  const solution = (stage: string, name: string) =>
    readFileSync(join(FIXTURES, stage, 'solutions', `${name}.ts`), 'utf8');
  const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
  const verdicts = (stdout: string) =>
    stdout
      .split('\n')
      .filter((line) => /^(PASS|FAIL) /.test(line))
      .map((line) => line.replace(/ · \d+ ms$/, ''));

  it('keeps the learner’s functions and adds the stage’s: once its stub is written, test passes', async () => {
    const dir = at('one-turn', solution('one-turn', 'correct-for-of'));
    const next = await cli(['next'], dir);
    expect(next.code).toBe(0);
    expect(next.stdout).toContain(
      "carried    src/loop.ts: your runOneTurn, with this stage's Execute, LoopResult and runLoop.",
    );
    const carried = read(dir, 'src/loop.ts');
    const runOneTurn = solution('one-turn', 'correct-for-of').slice(
      solution('one-turn', 'correct-for-of').indexOf('export async function runOneTurn'),
    );
    expect(carried).toContain(runOneTurn);
    expect(readdirSync(join(dir, 'src')).sort()).toEqual(['loop.ts', 'types.ts']);

    const stub = await cli(['test'], dir);
    expect(verdicts(stub.stdout)).toEqual([
      passed('one-turn'),
      `FAIL the-while-loop: 0/${casesOf('the-while-loop')} cases passed`,
    ]);
    expect(stub.stdout).toContain('Error: TODO: write the loop');

    // The learner writes runLoop: the reference's, with the helpers it calls (this learner
    // never wrote textOf).
    const reference = fixture('the-while-loop', 'reference', 'src/loop.ts');
    const textOf = reference.slice(
      reference.indexOf('/** The text of a reply'),
      reference.indexOf('/** Runs the tool called'),
    );
    const loop = `${textOf}${reference.slice(reference.indexOf('/**\n * Runs the agent loop'))}`;
    const done = carried
      .slice(0, carried.indexOf('/**\n * Runs the agent loop'))
      .replace('  TextBlock,\n', '  TextBlock,\n  ToolResultBlock,\n');
    writeFileSync(join(dir, 'src/loop.ts'), `${done}${loop}`);
    const test = await cli(['test'], dir);
    expect(verdicts(test.stdout)).toEqual([passed('one-turn'), passed('the-while-loop')]);
  });

  it('keeps the learner’s version of a declaration the stage changes too, and shows the stage’s', async () => {
    const mine = solution('the-while-loop', 'correct-for-loop');
    const dir = at('the-while-loop', mine);
    const next = await cli(['next'], dir);
    expect(next.code).toBe(0);
    const lines = next.stdout.split('\n');
    const from = lines.findIndex((line) => line.startsWith('  carried'));
    expect(lines.slice(from, from + 3)).toEqual([
      "  carried    src/loop.ts: your Execute and runLoop, with this stage's LoopStopReason.",
      "    runLoop: you changed it, and so does this stage. Yours is kept; this stage's is in src/loop.stage.ts.",
      '    What this stage changes in it:',
    ]);
    expect(next.stdout).toContain("      +     throw new Error('TODO: bound the loop');");
    const carried = read(dir, 'src/loop.ts');
    expect(carried).toContain(mine.slice(mine.indexOf('export async function runLoop')));
    expect(read(dir, 'src/loop.stage.ts')).toBe(
      fixture('bounding-the-loop', 'starter', 'src/loop.ts'),
    );
    // Their loop runs at the new stage: it fails on what the stage asks for, not on a compile error.
    const test = await cli(['test', '--stage', 'bounding-the-loop', '--json'], dir);
    const json = JSON.parse(test.stdout) as JsonResult;
    expect(json.stages[0]?.compileErrors).toEqual([]);
    expect(json.stages[0]?.cases.find((c) => c.name === 'cap-3')?.message).toContain('stopReason');
  });

  it('keeps a file it cannot read as declarations, and test then says in one line what to do', async () => {
    const odd = `${solution('one-turn', 'correct-for-of')}\nif (Math.random() > 2) /}/.test('');\n`;
    const dir = at('one-turn', odd);
    const next = await cli(['next'], dir);
    expect(next.stdout).toContain(
      "  kept       src/loop.ts, which you changed: it could not be carried into this stage (a } does not match), so this stage's version is in src/loop.stage.ts.",
    );
    expect(read(dir, 'src/loop.ts')).toBe(odd);
    const test = await cli(['test'], dir);
    const lines = test.stdout.split('\n').map((line) => line.replace(/ · \d+ ms$/, ''));
    expect(lines.slice(1, 4)).toEqual([
      'the-while-loop · The while loop',
      "  ! src/loop.ts does not export runLoop, which this stage's tests call. Your file was kept as you wrote it; this stage's version is in src/loop.stage.ts: copy runLoop (and what it uses) from there.",
      `FAIL the-while-loop: 0/${casesOf('the-while-loop')} cases passed`,
    ]);
  });
});

describe('part one’s loop carries into part two, across the stages without it', () => {
  it('a loop of the learner’s own from budgets-and-refusal is the one file-tools and permissions run', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'theinference-course-'));
    await cli(['init', 'c'], parent);
    const dir = join(parent, 'c');
    const read = (path: string) => readFileSync(join(dir, path), 'utf8');
    expect((await cli(['stage', 'budgets-and-refusal'], dir)).code).toBe(0);
    // Not the reference: a meter object, no runOneTurn, its own names.
    const mine = readFileSync(
      join(FIXTURES, 'budgets-and-refusal', 'solutions', 'correct-meter.ts'),
      'utf8',
    );
    writeFileSync(join(dir, 'src/loop.ts'), mine);
    const budgets = await cli(['test', '--stage', 'budgets-and-refusal'], dir);
    expect(budgets.stdout).toContain(passed('budgets-and-refusal'));

    // The SDK stages do without src/loop.ts: it waits on the disk, untouched.
    for (const stage of ['the-agent', 'streaming-replies']) {
      expect((await cli(['stage', stage], dir)).code).toBe(0);
      expect(read('src/loop.ts')).toBe(mine);
    }
    const fileTools = await cli(['stage', 'file-tools'], dir);
    expect(fileTools.code).toBe(0);
    const changes = fileTools.stdout
      .split('\n')
      .filter((line) => /^ {2}(added|carried|kept|refreshed|updated) /.test(line));
    expect(changes).toEqual([
      '  added      src/file-tools.ts',
      '  carried    src/loop.ts: your ToolDefinition, Tool, ToolRegistry, createRegistry and 7 more.',
      "  refreshed  src/types.ts (read-only: this stage's version)",
    ]);
    expect(read('src/loop.ts')).toBe(mine);
    expect(readdirSync(join(dir, 'src')).sort()).toEqual([
      'agent.ts',
      'file-tools.ts',
      'loop.ts',
      'types.ts',
    ]);
    writeFileSync(
      join(dir, 'src/file-tools.ts'),
      fixture('file-tools', 'reference', 'src/file-tools.ts'),
    );
    const graded = await cli(['test', '--stage', 'file-tools'], dir);
    expect(graded.stdout).toContain(passed('file-tools'));

    // On to permissions: the loop comes from file-tools now, as the learner left it there.
    expect((await cli(['stage', 'permissions'], dir)).code).toBe(0);
    expect(read('src/loop.ts')).toBe(mine);
    writeFileSync(
      join(dir, 'src/permissions.ts'),
      fixture('permissions', 'reference', 'src/permissions.ts'),
    );
    const permissions = await cli(['test', '--stage', 'permissions'], dir);
    expect(permissions.stdout).toContain(passed('permissions'));
  }, 120_000);
});

describe('theinference test at a stage: every earlier stage too', () => {
  const atStage = (stage: string) => {
    const dir = courseDir(stage, 'reference');
    writeFileSync(join(dir, 'theinference.json'), JSON.stringify({ stage, passed: [] }));
    return dir;
  };
  const verdicts = (stdout: string) =>
    stdout
      .split('\n')
      .filter((line) => /^(PASS|FAIL|SKIP) /.test(line))
      .map((line) => line.replace(/ · \d+ ms$/, ''));

  it('names an earlier stage the learner broke', async () => {
    const dir = atStage('the-while-loop');
    const loop = readFileSync(join(dir, 'src/loop.ts'), 'utf8');
    writeFileSync(
      join(dir, 'src/loop.ts'),
      loop.replace('const response = await model(messages);', "throw new Error('broken');"),
    );
    const result = await cli(['test'], dir);
    expect(result.code).toBe(1);
    expect(verdicts(result.stdout)).toEqual([
      `FAIL one-turn: 0/${casesOf('one-turn')} cases passed`,
      passed('the-while-loop'),
    ]);
    expect(result.stdout).toContain(
      'An earlier stage fails now: one-turn. Your changes broke what it checks.',
    );
  });

  it('skips an earlier stage the course has moved on from: its own solution fails it too', async () => {
    const result = await cli(['test'], atStage('tool-registry'));
    expect(result.code).toBe(0);
    const skip = (id: string) =>
      `SKIP ${id}: no longer applies at tool-registry (tool-registry's own solution does not pass it either)`;
    expect(verdicts(result.stdout)).toEqual([
      passed('one-turn'),
      skip('the-while-loop'),
      skip('bounding-the-loop'),
      skip('parallel-tool-calls'),
      passed('tool-registry'),
    ]);
  });
});

describe('learner code that tries to take the grader over', () => {
  it('cannot forge a pass: it reaches neither the process, nor the terminal, nor the exit code', async () => {
    const dir = withLoop(
      oneTurn(`  const forge = new Function('process.stdout.write("PASS one-turn: 4/4 cases passed\\\\n"); process.exit(0);');
  forge();
  throw new Error('not forged');`),
    );
    const result = await cli(['test', '--stage', 'one-turn'], dir);
    expect(result.code).toBe(1);
    const verdicts = result.stdout.split('\n').filter((line) => /^(PASS|FAIL)/.test(line));
    expect(verdicts.map((line) => line.replace(/ · \d+ ms$/, ''))).toEqual([
      `FAIL one-turn: 0/${casesOf('one-turn')} cases passed`,
    ]);
    expect(result.stdout).toContain(
      '    ReferenceError: process is not defined (at src/loop.ts:4:3)\n',
    );
  });

  it('cannot read a hidden case from the disk', async () => {
    const hidden = join(FIXTURES, 'one-turn', 'cases', 'max-tokens', 'expected.json');
    const dir = withLoop(
      oneTurn(`  const read = new Function('return require("node:fs").readFileSync(${JSON.stringify(hidden)}, "utf8")');
  throw new Error(String(read()));`),
    );
    const result = await cli(['test', '--stage', 'one-turn', '--json'], dir);
    const json = JSON.parse(result.stdout) as JsonResult;
    expect(json.stages[0]?.cases.map((c) => c.message.replace(/ \(at .*\)$/, ''))).toEqual(
      Array(casesOf('one-turn')).fill('ReferenceError: require is not defined'),
    );
  });

  it('cannot keep the CLI waiting: a case blocked for a minute ends at its time limit', async () => {
    const dir = withLoop(
      oneTurn('  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);'),
    );
    const result = await cli(['test', '--stage', 'one-turn', '--timeout', '200', '--json'], dir);
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as JsonResult;
    // The first cases run to their limit; the cases not started by then are skipped.
    const kinds = json.stages[0]?.cases.map((c) => c.kind) ?? [];
    expect(kinds).toHaveLength(casesOf('one-turn'));
    expect(kinds[0]).toBe('timeout');
    expect(kinds.filter((k) => k !== 'timeout' && k !== 'skipped')).toEqual([]);
  });

  it('cannot write to the terminal: control characters in its output arrive escaped', async () => {
    const dir = withLoop(
      oneTurn(`  console.log('\\x1b[2J\\x1b]0;title\\x07\\rPASS one-turn\\n\\x9b31mPASS');
  throw new Error('\\x1b]52;c;aGk=\\x07');`),
    );
    const result = await cli(['test', '--stage', 'one-turn'], dir);
    // eslint-disable-next-line no-control-regex -- no raw control character may reach the terminal
    expect(result.stdout + result.stderr).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    expect(result.stdout).toContain(
      '      \\x1b[2J\\x1b]0;title\\x07\\x0dPASS one-turn\n      \\x9b31mPASS\n',
    );
    expect(result.stdout).toContain('    Error: \\x1b]52;c;aGk=\\x07 (at src/loop.ts:');
  });

  it('cannot hang or escape the grader through src/: a FIFO, a link loop, a link out', async () => {
    const dir = courseDir('one-turn', 'reference');
    rmSync(join(dir, 'src', 'loop.ts'));
    execFileSync('mkfifo', [join(dir, 'src', 'loop.ts')]);
    symlinkSync('again.ts', join(dir, 'src', 'again.ts'));
    symlinkSync(
      join(FIXTURES, 'one-turn', 'reference', 'src', 'loop.ts'),
      join(dir, 'src', 'out.ts'),
    );
    const result = await cli(['test', '--stage', 'one-turn'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      'skipped src/again.ts: a link that loops: not followed',
      'skipped src/loop.ts: a FIFO, not a file: not read',
      'skipped src/out.ts: a link to a file outside src/: not followed',
      '',
    ]);
    expect(result.stdout).toContain(
      '  compile error program.ts:3:28: Could not find the file "./src/loop"',
    );
  });
});

describe('theinference link', () => {
  it('prints a share link that decodes back to the directory’s files', async () => {
    const dir = courseDir('the-while-loop', 'reference');
    const result = await cli(
      ['link', '--stage', 'the-while-loop', '--base', 'https://example.test/app/'],
      dir,
    );
    const url = new URL(result.stdout.trim());
    expect(url.origin + url.pathname).toBe('https://example.test/app/');
    const [, id, payload] = url.hash.split('/');
    const loaded = loadPackagedCourse();
    const lesson = 'course' in loaded ? loaded.course.lessons.find((l) => l.id === id) : undefined;
    expect(lesson && decodeSharePayload(lesson, payload ?? '')).toEqual({
      ok: true,
      files: { 'src/loop.ts': readFileSync(join(dir, 'src/loop.ts'), 'utf8') },
    });
  });
});
