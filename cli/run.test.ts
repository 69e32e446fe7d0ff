import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContentBlock } from '../scripts/api-stand-in/script-steps.ts';
import { startApiStandIn, type ApiStandIn } from '../scripts/api-stand-in/start-api-stand-in.ts';

/**
 * `theinference run` against the Messages API stand-in (scripts/api-stand-in): the real SDK in
 * the CLI's process, the stand-in on this file's port, no internet.
 */
const BIN = new URL('./bin.js', import.meta.url).pathname;
const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;
const CACHE = mkdtempSync(join(tmpdir(), 'theinference-cache-'));
/** A key only this file uses, so that finding it anywhere means it leaked. */
const KEY = 'sk-ant-live-test-key-7c1e9a4f';
const PORT = 4263;

let standIn: ApiStandIn;
beforeAll(async () => {
  standIn = await startApiStandIn({ port: PORT, keys: [KEY], models: ['claude-sonnet-5-5'] });
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

const run = promisify(execFile);

async function cli(args: string[], cwd: string, env: Record<string, string> = liveEnv()) {
  try {
    const { stdout, stderr } = await run('node', [BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', XDG_CACHE_HOME: CACHE, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function liveEnv(): Record<string, string> {
  return { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: standIn.url };
}

/** A course directory at `stage` with the reference's files, or `files` over the starter. */
function courseDir(stage: string, files?: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'theinference-run-'));
  cpSync(join(FIXTURES, stage, 'starter'), dir, { recursive: true });
  if (!files) cpSync(join(FIXTURES, stage, 'reference'), dir, { recursive: true });
  for (const [path, text] of Object.entries(files ?? {})) writeFileSync(join(dir, path), text);
  return dir;
}

const text = (t: string): ContentBlock => ({ type: 'text', text: t });
const toolUse = (id: string, name: string, input: object): ContentBlock => ({
  type: 'tool_use',
  id: `toolu_01${id}`,
  name,
  input,
});
const reply = (...content: ContentBlock[]) => ({ reply: { content } });
const ANSWER = "It's 4°C in Chicago right now, windy with light rain.";
const weatherSession = [
  reply(text("I'll check."), toolUse('Chicago', 'get_weather', { city: 'Chicago' })),
  reply({ ...text(ANSWER), citations: null }),
];

/** The transcript's own lines: without what the code logged, and timings made `·`. */
const transcript = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => !line.startsWith('  │'))
    .map((line) => line.replace(/ · \d+\.\ds( · \d+ tokens)?$/, ' ·'));

describe('theinference run, live', () => {
  it('runs the-agent with the question and prints each turn, tool call, the answer and the summary', async () => {
    standIn.script(weatherSession);
    const result = await cli(
      ['run', '--stage', 'the-agent', 'Weather in Chicago?'],
      courseDir('the-agent'),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(transcript(result.stdout)).toEqual([
      `the-agent · live · ${standIn.url}`,
      'turn 1 stop_reason="tool_use" → get_weather ·',
      '  → get_weather {"city":"Chicago"}',
      '  ← get_weather 4°C, windy with light rain',
      'turn 2 stop_reason="end_turn" ·',
      '',
      ANSWER,
      '',
      '✓ 2 turns · 1 tool call ·',
      '',
    ]);
    // What the learner's agent logged comes through too.
    expect(result.stdout).toContain('  │ turn 1 stop_reason="tool_use" → get_weather\n');
    const sent = standIn.requests();
    expect(sent.map((r) => [r.status, r.headers['anthropic-version'], r.key])).toEqual([
      [200, '2026-10-21', '…9a4f'],
      [200, '2026-10-21', '…9a4f'],
    ]);
    expect(sent[0]?.body).toMatchObject({
      messages: [{ role: 'user', content: 'Weather in Chicago?' }],
    });
  });

  it('runs a loop lesson (the-while-loop) with its echo tool', async () => {
    standIn.script([
      reply(toolUse('Echo', 'echo', { text: 'tide' })),
      reply(text('It said tide.')),
    ]);
    const result = await cli(
      ['run', '--stage', 'the-while-loop', 'Echo "tide"'],
      courseDir('the-while-loop'),
    );
    expect(result.code).toBe(0);
    expect(transcript(result.stdout)).toEqual([
      `the-while-loop · live · ${standIn.url}`,
      'turn 1 stop_reason="tool_use" → echo ·',
      '  → echo {"text":"tide"}',
      '  ← echo tide',
      'turn 2 stop_reason="end_turn" ·',
      '',
      'It said tide.',
      '',
      '✓ 2 turns · 1 tool call ·',
      '',
    ]);
  });

  it('without a key names ANTHROPIC_API_KEY, exits 2 and sends nothing', async () => {
    const result = await cli(['run', '--stage', 'the-agent', 'Weather?'], courseDir('the-agent'), {
      ANTHROPIC_BASE_URL: standIn.url,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^No API key: set ANTHROPIC_API_KEY /);
    expect(standIn.requests()).toEqual([]);
  });

  it('says a 401 is a bad key, and exits 1', async () => {
    standIn.script([{ error: { status: 401 } }]);
    const result = await cli(['run', '--stage', 'the-agent', 'Weather?'], courseDir('the-agent'));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('turn 1 ✗ 401 authentication_error: invalid x-api-key');
    expect(result.stdout).toContain('The key comes from ANTHROPIC_API_KEY.');
  });

  it('says which model the API does not know (404)', async () => {
    const result = await cli(
      ['run', '--stage', 'the-agent', '--model', 'claude-nonexistent-1', 'Weather?'],
      courseDir('the-agent'),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('turn 1 ✗ 404 not_found_error: model: claude-nonexistent-1');
    expect(standIn.requests()).toHaveLength(1);
  });

  it('waits as a 429’s retry-after asks, retries, shows it, and goes on', async () => {
    standIn.script([{ error: { status: 429, retryAfter: 0.05 } }, ...weatherSession]);
    const result = await cli(
      ['run', '--stage', 'the-agent', 'Weather in Chicago?'],
      courseDir('the-agent'),
    );
    expect(result.code).toBe(0);
    expect(transcript(result.stdout).slice(1, 3)).toEqual([
      '  ↻ 429 rate_limit_error · retry-after 0.05s · retry 1 of 2',
      'turn 1 stop_reason="tool_use" → get_weather ·',
    ]);
    expect(standIn.requests().map((r) => [r.status, r.headers['x-stainless-retry-count']])).toEqual(
      [
        [429, '0'],
        [200, '1'],
        [200, '0'],
      ],
    );
  });

  it('stops at --max-turns before the next call, and says so', async () => {
    standIn.script(weatherSession);
    const result = await cli(
      ['run', '--stage', 'the-agent', '--max-turns', '1', 'Weather in Chicago?'],
      courseDir('the-agent'),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "Stopped before model call 2: the run's limit is 1 model call. (--max-turns 1, --max-tokens 50000)",
    );
    expect(transcript(result.stdout).at(-2)).toBe('✗ 1 turn · 1 tool call ·');
    expect(standIn.requests()).toHaveLength(1);
  });

  it('makes no call that could pass --max-tokens, and says so', async () => {
    standIn.script(weatherSession);
    const result = await cli(
      ['run', '--stage', 'the-agent', '--max-tokens', '1000', 'Weather in Chicago?'],
      courseDir('the-agent'),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /Stopped before model call 1: it could use [\d,]+ tokens \(its max_tokens, 1,024, and up to [\d,]+ of input\), and the run has 1,000 left of its limit of 1,000\./,
    );
    expect(standIn.requests()).toHaveLength(0);
  });

  it('refuses a malformed request before sending it', async () => {
    const agent = readFileSync(join(FIXTURES, 'the-agent', 'reference', 'src', 'agent.ts'), 'utf8');
    const empty = agent.replace(
      "[{ role: 'user', content: prompt }]",
      "[{ role: 'user', content: '' }]",
    );
    expect(empty).not.toBe(agent);
    const result = await cli(
      ['run', '--stage', 'the-agent', 'Weather?'],
      courseDir('the-agent', { 'src/agent.ts': empty }),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'turn 1 ✗ refused before sending: the API would refuse it (nothing spent)\n  400 invalid_request_error: messages.0: all messages must have non-empty content',
    );
    expect(standIn.requests()).toEqual([]);
  });
});
