import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCourse, readCassette, startGrading, type Lesson } from '../core/index.ts';
import {
  startApiStandIn,
  STAND_IN_KEY,
  type ApiStandIn,
} from '../scripts/api-stand-in/start-api-stand-in.ts';
import { createNodeHost, FIXTURES_DIR, readTree } from './node-host.ts';

/**
 * `theinference run --record` and `--cassette`, and the key's isolation, against the Messages
 * API stand-in on this file's port: a recorded session is a case the lesson loader accepts and
 * the reference passes, and it replays offline.
 */
const BIN = new URL('./bin.js', import.meta.url).pathname;
const CACHE = mkdtempSync(join(tmpdir(), 'theinference-cache-'));
const PORT = 4264;
/** Nothing listens here: a replay that tried the network would fail. */
const NOWHERE = 'http://127.0.0.1:4269';

let standIn: ApiStandIn;
beforeAll(async () => {
  standIn = await startApiStandIn({ port: PORT });
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

/** The process id of the CLI started last. */
let lastCliPid = 0;
function cli(args: string[], cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      'node',
      [BIN, ...args],
      { cwd, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', XDG_CACHE_HOME: CACHE, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    lastCliPid = child.pid ?? 0;
  });
}

/** The processes whose parent is `pid` (Linux: from /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // The parent's pid is the 4th field, after the name in parentheses.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
const live = () => ({ ANTHROPIC_API_KEY: STAND_IN_KEY, ANTHROPIC_BASE_URL: standIn.url });

function agentDir(agent?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'theinference-record-'));
  cpSync(join(FIXTURES_DIR, 'the-agent', 'starter'), dir, { recursive: true });
  cpSync(join(FIXTURES_DIR, 'the-agent', 'reference'), dir, { recursive: true });
  if (agent) writeFileSync(join(dir, 'src', 'agent.ts'), agent);
  return dir;
}

const weatherSession = [
  {
    reply: {
      content: [
        { type: 'text', text: "I'll check.", citations: null },
        { type: 'tool_use', id: 'toolu_01Den', name: 'get_weather', input: { city: 'Denver' } },
      ],
    },
  },
  { reply: { content: [{ type: 'text', text: 'Clear and -2°C in Denver.', citations: null }] } },
];

/** The transcript without its timings, which vary. */
const steady = (stdout: string) =>
  stdout
    .replace(/ · \d+\.\ds/g, ' ·')
    .split('\n')
    .slice(1);

describe('theinference run --record, then --cassette', () => {
  it('records a case the loader accepts unchanged, the reference passes, and that replays offline', async () => {
    const dir = agentDir();
    const folder = join(dir, 'recorded');
    standIn.script(weatherSession);
    const recorded = await cli(
      ['run', '--stage', 'the-agent', '--record', folder, 'Weather in Denver?'],
      dir,
      live(),
    );
    expect(recorded.code).toBe(0);
    expect(recorded.stdout).toContain(
      `Recorded ${join(folder, 'case.json')}, ${join(folder, 'cassette.json')}, ${join(folder, 'expected.json')}`,
    );

    // The folder, put into the lesson's cases/, is a case as the loader reads it.
    const files = readTree(FIXTURES_DIR, (p) => p === 'course.json' || p.startsWith('the-agent/'));
    for (const name of ['case.json', 'cassette.json', 'expected.json']) {
      files[`the-agent/cases/recorded/${name}`] = readFileSync(join(folder, name), 'utf8');
    }
    const loaded = loadCourse(files, { only: ['the-agent'] });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const lesson = loaded.course.lessons[0] as Lesson;
    const recordedCase = lesson.cases.find((c) => c.name === 'recorded');
    expect(recordedCase?.input).toEqual({ prompt: 'Weather in Denver?' });
    expect(recordedCase?.cassette.calls[1]?.response.content).toEqual([
      { type: 'text', text: 'Clear and -2°C in Denver.' },
    ]);

    const host = createNodeHost();
    const only: Lesson = { ...lesson, cases: [recordedCase!] };
    const report = await startGrading(host, only, lesson.reference).result;
    host.close();
    expect(report.cases.map((c) => [c.name, c.status, c.message])).toEqual([
      ['recorded', 'pass', 'Output matches.'],
    ]);

    // As an author commits them: the files the course formats (cassettes excepted) are formatted.
    const options = {
      ...(await prettier.resolveConfig(join(FIXTURES_DIR, 'x.json'))),
      parser: 'json',
    };
    for (const name of ['case.json', 'expected.json']) {
      expect(await prettier.check(readFileSync(join(folder, name), 'utf8'), options)).toBe(true);
    }

    // Replayed without a key, and with no API to reach: the same transcript.
    standIn.reset();
    const replayed = await cli(['run', '--stage', 'the-agent', '--cassette', folder], dir, {
      ANTHROPIC_BASE_URL: NOWHERE,
    });
    expect(replayed.code).toBe(0);
    expect(steady(replayed.stdout)).toEqual(
      steady(recorded.stdout).filter((line) => !line.startsWith('Recorded ')),
    );
    expect(standIn.requests()).toEqual([]);
  });

  it('writes the cassette alone to a .json path, and never over a file', async () => {
    const dir = agentDir();
    const file = join(dir, 'session.json');
    standIn.script(weatherSession);
    const args = ['run', '--stage', 'the-agent', '--record', file, 'Weather in Denver?'];
    expect((await cli(args, dir, live())).code).toBe(0);
    const cassette = readCassette(readFileSync(file, 'utf8'));
    expect(cassette.ok && cassette.value.calls.length).toBe(2);
    expect(existsSync(join(dir, 'case.json'))).toBe(false);

    standIn.script(weatherSession);
    const again = await cli(args, dir, live());
    expect({ code: again.code, stderr: again.stderr }).toEqual({
      code: 1,
      stderr: `Nothing recorded: ${file} already exists.\n`,
    });
  });
});

describe('the key, in a live run', () => {
  it('is nowhere learner code can reach: its realm, an environment, argv, the responses', async () => {
    const search = `import Anthropic from '@anthropic-ai/sdk';

const client = new Anthropic();

/** Looks for the key, or its variable's name, everywhere this code can reach. */
export async function agent(prompt: string): Promise<string> {
  const response = await client.messages.create({
    model: 'claude-sonnet-5-5',
    max_tokens: 64,
    messages: [{ role: 'user', content: prompt }],
  });
  const needles = ['${STAND_IN_KEY}', 'sk-ant-', 'ANTHROPIC_API_KEY'];
  const found: string[] = [];
  const notes: string[] = [];
  const seen = new Set<unknown>();
  let searched = 0;
  const visit = (value: unknown, path: string, depth: number): void => {
    if (depth > 8 || searched > 500_000) return;
    searched++;
    if (typeof value === 'string') {
      if (needles.some((n) => value.includes(n))) found.push(path);
      return;
    }
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return;
    if (seen.has(value)) return;
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key === 'string' && needles.some((n) => key.includes(n))) found.push(path + '.' + key);
      let child: unknown;
      try {
        child = (value as Record<PropertyKey, unknown>)[key];
      } catch {
        continue;
      }
      visit(child, path + '.' + String(key), depth + 1);
    }
  };
  visit(globalThis, 'globalThis', 0);
  visit(response, 'response', 0);
  visit(new Error('here').stack, 'stack', 0);
  const reach = globalThis as Record<string, any>;
  visit(reach.process?.env, 'process.env', 0);
  visit(reach.process?.argv, 'process.argv', 0);
  for (const name of ['node:process', 'process', 'node:worker_threads']) {
    try {
      const mod = await import(name);
      visit(mod, 'import(' + name + ')', 0);
      visit(mod.default?.env, 'import(' + name + ').env', 0);
      visit(mod.default?.argv, 'import(' + name + ').argv', 0);
      visit(mod.workerData, 'workerData', 0);
    } catch (error) {
      notes.push(name + ': ' + (error as Error).name);
    }
  }
  try {
    const req = new Function('return typeof require === "function" ? require : undefined')();
    visit(req?.('node:process')?.env, 'require(process).env', 0);
  } catch (error) {
    notes.push('require: ' + (error as Error).name);
  }
  const said = 'searched ' + searched + ' values; found: ' + (found.join(', ') || 'nothing');
  console.log(said);
  return said;
}
`;
    const dir = agentDir(search);
    // The reply waits, so that the process running the code can be looked at meanwhile.
    standIn.script([{ delayMs: 1_500 }]);
    const running = cli(['run', '--stage', 'the-agent', 'Find the key.'], dir, live());
    while (standIn.requests().length === 0) await new Promise((r) => setTimeout(r, 20));
    // The CLI's children: esbuild's service, and the sandbox (started under the permission model).
    const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const sandboxes = childrenOf(lastCliPid).filter((pid) => cmdline(pid).includes('permission'));
    expect(sandboxes).toHaveLength(1);
    for (const pid of sandboxes) {
      expect(readFileSync(`/proc/${pid}/environ`, 'utf8')).toBe('');
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).not.toContain(STAND_IN_KEY);
    }
    const result = await running;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/│ searched \d{3,} values; found: nothing\n/);
    expect(result.stdout + result.stderr).not.toContain(STAND_IN_KEY);
    // The key did reach the API, from the CLI's process.
    expect(standIn.requests().map((r) => r.key)).toEqual(['…-key']);
  });
});
