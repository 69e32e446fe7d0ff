import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCourse, readCassette, startGrading, type Lesson } from '../core/index.ts';
import type { Cassette } from '../core/lesson/schema.ts';
import {
  startApiStandIn,
  STAND_IN_KEY,
  type ApiStandIn,
} from '../scripts/api-stand-in/start-api-stand-in.ts';
import { createNodeHost, FIXTURES_DIR, readTree } from './node-host.ts';

/**
 * `theinference run` on a streaming stage against the Messages API stand-in, which serves the
 * lesson's recorded streams as server-sent events at their recorded pace over real HTTP: the
 * reply's text is printed as it arrives, `--record` writes a stream cassette the loader accepts,
 * and Ctrl+C ends the stream in flight.
 */
const BIN = new URL('./bin.js', import.meta.url).pathname;
const CACHE = mkdtempSync(join(tmpdir(), 'theinference-cache-'));
const PORT = 4265;
const STAGE = 'streaming-replies';
const chicago = JSON.parse(
  readFileSync(join(FIXTURES_DIR, STAGE, 'cases', 'chicago', 'cassette.json'), 'utf8'),
) as Cassette;

let standIn: ApiStandIn;
beforeAll(async () => {
  standIn = await startApiStandIn({ port: PORT });
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

function referenceDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'theinference-stream-'));
  cpSync(join(FIXTURES_DIR, STAGE, 'starter'), dir, { recursive: true });
  cpSync(join(FIXTURES_DIR, STAGE, 'reference'), dir, { recursive: true });
  return dir;
}

/** The CLI, with each stdout chunk's time since it started; `onChunk` may interrupt it. */
function cli(args: string[], cwd: string, onChunk?: (all: string, kill: () => void) => void) {
  const started = Date.now();
  const child = spawn('node', [BIN, ...args], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NO_COLOR: '1',
      XDG_CACHE_HOME: CACHE,
      ANTHROPIC_API_KEY: STAND_IN_KEY,
      ANTHROPIC_BASE_URL: standIn.url,
    },
  });
  const chunks: { ms: number; text: string }[] = [];
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => {
    stdout += data.toString();
    chunks.push({ ms: Date.now() - started, text: data.toString() });
    onChunk?.(stdout, () => child.kill('SIGINT'));
  });
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  return new Promise<{ code: number; stdout: string; stderr: string; chunks: typeof chunks }>(
    (resolve) => child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr, chunks })),
  );
}

describe('theinference run, streaming live', () => {
  it('prints the text as it arrives and records a stream cassette the loader accepts', async () => {
    standIn.script([{ cassette: chicago }]);
    const dir = referenceDir();
    const folder = join(dir, 'recorded');
    const result = await cli(
      ['run', '--stage', STAGE, '--record', folder, 'Weather in Chicago?'],
      dir,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [first, second] = chicago.calls.map((c) => c.response.content[0]);
    const texts = [first, second].map((b) => (b?.type === 'text' ? b.text : ''));
    expect(result.stdout).toContain(`  ▸ ${texts[0]}\n`);
    expect(result.stdout).toContain(`  ▸ ${texts[1]}\n`);
    // The text came in pieces, over time, before the turn it belongs to was printed.
    const pieces = result.chunks.filter((c) => texts[1]!.includes(c.text.trim()) && c.text.trim());
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.at(-1)!.ms - pieces[0]!.ms).toBeGreaterThan(50);
    expect(result.stdout.indexOf(texts[0]!)).toBeLessThan(result.stdout.indexOf('turn 1 '));
    expect(
      standIn.requests().map((r) => [r.status, (r.body as { stream?: unknown }).stream]),
    ).toEqual([
      [200, true],
      [200, true],
    ]);

    // The recording: a stream per call, with the gaps the events came after, as the loader reads it.
    const recorded = readCassette(readFileSync(join(folder, 'cassette.json'), 'utf8'));
    if (!recorded.ok) throw new Error(recorded.problem);
    const calls = recorded.value.calls;
    expect(calls.map((c) => c.stream?.map((t) => t.event.type))).toEqual(
      chicago.calls.map((c) => c.stream?.map((t) => t.event.type).filter((t) => t !== 'ping')),
    );
    expect(calls.map((c) => c.response.content)).toEqual(
      chicago.calls.map((c) => c.response.content),
    );
    const gaps = calls[0]!.stream!.reduce((n, t) => n + t.ms, 0);
    expect(gaps).toBeGreaterThan(300);

    const files = readTree(FIXTURES_DIR, (p) => p === 'course.json' || p.startsWith(`${STAGE}/`));
    for (const name of ['case.json', 'cassette.json', 'expected.json']) {
      files[`${STAGE}/cases/recorded/${name}`] = readFileSync(join(folder, name), 'utf8');
    }
    const loaded = loadCourse(files, { only: [STAGE] });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const lesson = loaded.course.lessons[0] as Lesson;
    const recordedCase = lesson.cases.find((c) => c.name === 'recorded')!;
    const host = createNodeHost();
    const report = await startGrading(host, { ...lesson, cases: [recordedCase] }, lesson.reference)
      .result;
    host.close();
    expect(report.cases.map((c) => [c.name, c.status])).toEqual([['recorded', 'pass']]);
  }, 60_000);

  it('ends the stream in flight on Ctrl+C', async () => {
    standIn.script([{ cassette: chicago }]);
    let interrupted = false;
    const result = await cli(
      ['run', '--stage', STAGE, 'Weather in Chicago?'],
      referenceDir(),
      (all, kill) => {
        if (!interrupted && all.includes('  ▸ ')) {
          interrupted = true;
          kill();
        }
      },
    );
    expect(interrupted).toBe(true);
    expect(result.stdout).not.toContain('turn 1 stop_reason');
    expect(standIn.requests()).toHaveLength(1);
    expect(standIn.requests()[0]?.aborted).toBe(true);
  }, 60_000);
});
