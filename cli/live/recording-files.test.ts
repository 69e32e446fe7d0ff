import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Cassette, LiveCall } from '../../core/index.ts';
import { FIXTURES_DIR } from '../node-host.ts';
import { readReplay, writeRecording } from './recording-files.ts';

const echo = join(FIXTURES_DIR, 'the-while-loop', 'cases', 'echo');
const { calls } = JSON.parse(readFileSync(join(echo, 'cassette.json'), 'utf8')) as Cassette;
const printed = readFileSync(join(echo, 'expected.json'), 'utf8');
const meta = { input: {}, description: 'Recorded live: hi' };
const scratch = () => mkdtempSync(join(tmpdir(), 'theinference-recording-'));

describe('run --record', () => {
  it('writes a case folder, and never over what is there', () => {
    const folder = join(scratch(), 'hi');
    const written = writeRecording(folder, calls as LiveCall[], [printed], meta);
    expect(written).toEqual({
      ok: true,
      value: ['case.json', 'cassette.json', 'expected.json'].map((name) => join(folder, name)),
    });
    expect(writeRecording(folder, calls as LiveCall[], [printed], meta)).toEqual({
      ok: false,
      problem: `${join(folder, 'case.json')} already exists`,
    });
  });

  it('never writes through a dangling link in the folder, nor as the cassette', () => {
    const dir = scratch();
    const folder = join(dir, 'hi');
    mkdirSync(folder);
    const elsewhere = join(dir, 'elsewhere.json');
    symlinkSync(elsewhere, join(folder, 'cassette.json'));
    symlinkSync(join(dir, 'other.json'), join(dir, 'alone.json'));
    expect([
      writeRecording(folder, calls as LiveCall[], [printed], meta),
      writeRecording(join(dir, 'alone.json'), calls as LiveCall[], [], meta),
    ]).toEqual([
      { ok: false, problem: `${join(folder, 'cassette.json')} is a link` },
      { ok: false, problem: `${join(dir, 'alone.json')} is a link` },
    ]);
    expect([existsSync(elsewhere), existsSync(join(dir, 'other.json'))]).toEqual([false, false]);
    expect(existsSync(join(folder, 'case.json'))).toBe(false);
  });
});

describe('run --cassette', () => {
  it('replays a cassette file or a case folder', () => {
    const folder = readReplay(echo);
    expect(folder.ok && folder.value.cassette.calls).toHaveLength(calls.length);
    expect(readReplay(join(echo, 'cassette.json')).ok).toBe(true);
  });

  it('reads no FIFO, device or link, and nothing over 10 MB, and says why', () => {
    const dir = scratch();
    execFileSync('mkfifo', [join(dir, 'fifo.json')]);
    mkdirSync(join(dir, 'case'));
    execFileSync('mkfifo', [join(dir, 'case', 'cassette.json')]);
    writeFileSync(join(dir, 'big.json'), ' '.repeat(10_000_001));
    symlinkSync(join(echo, 'cassette.json'), join(dir, 'link.json'));
    const problems = ['fifo.json', 'case', 'big.json', 'link.json'].map((name) => {
      const replay = readReplay(join(dir, name));
      return replay.ok ? 'read' : replay.problem;
    });
    expect([...problems, readReplay('/dev/zero').ok]).toEqual([
      `${join(dir, 'fifo.json')}: a FIFO, not a file: not read.`,
      `${join(dir, 'case', 'cassette.json')}: a FIFO, not a file: not read.`,
      `${join(dir, 'big.json')}: over 10 MB: not read.`,
      `${join(dir, 'link.json')} is a link: give the path of the file or folder itself.`,
      false,
    ]);
  });
});
