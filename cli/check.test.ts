import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runCli } from '../scripts/test-support/run-cli.ts';
import { unitPackFiles } from '../scripts/test-support/unit-pack.ts';
import { readTree } from './node-host.ts';

const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;
const scratch = () => mkdtempSync(join(tmpdir(), 'theinference-pack-'));

describe('theinference new-lesson', () => {
  it('scaffolds a lesson that check accepts, with a TODO in every file an author writes', async () => {
    const pack = scratch();
    const made = await runCli(['new-lesson', 'hello-world', '--dir', pack], tmpdir());
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const files = readTree(pack);
    expect(JSON.parse(files['course.json'] ?? '')).toEqual({
      id: 'my-course',
      title: 'TODO: the course title',
      lessons: ['hello-world'],
    });
    // A recording and the course's read-only types are data, not prose to fill in.
    const authored = Object.keys(files).filter(
      (path) =>
        path !== 'course.json' &&
        !/\/(cassette|expected)\.json$/.test(path) &&
        !path.endsWith('/src/types.ts'),
    );
    expect(authored.length).toBeGreaterThan(6);
    expect(authored.filter((path) => !files[path]?.includes('TODO'))).toEqual([]);
    const checked = await runCli(['check', pack], tmpdir());
    expect(checked).toEqual({
      code: 0,
      stdout: `✓ ${pack}: 1 lesson, 2 cases. Schemas, references, starters, rules and seals hold.\n`,
      stderr: '',
    });
    // The same pack as one JSON file.
    const single = join(scratch(), 'pack.json');
    writeFileSync(single, JSON.stringify({ files }));
    expect((await runCli(['check', single], tmpdir())).code).toBe(0);
    // And as a zip of its folder.
    const zipped = join(scratch(), 'pack.zip');
    const entries = Object.entries(files).map(([path, text]) => [`my-pack/${path}`, strToU8(text)]);
    writeFileSync(zipped, zipSync(Object.fromEntries(entries) as Record<string, Uint8Array>));
    expect((await runCli(['check', zipped], tmpdir())).code).toBe(0);
    // Never over a lesson that is there.
    const again = await runCli(['new-lesson', 'hello-world', '--dir', pack], tmpdir());
    expect(again.code).toBe(1);
    expect(readTree(pack)).toEqual(files);
  }, 60_000);
});

describe('theinference check', () => {
  it('passes a third-party pack, as one JSON file and as a zip of its folder', async () => {
    const dir = scratch();
    const files = unitPackFiles();
    writeFileSync(join(dir, 'unit-tools.json'), JSON.stringify({ files }));
    const entries = Object.entries(files).map(([path, text]) => [
      `unit-tools/${path}`,
      strToU8(text),
    ]);
    writeFileSync(
      join(dir, 'unit-tools.zip'),
      zipSync(Object.fromEntries(entries) as Record<string, Uint8Array>),
    );
    for (const name of ['unit-tools.json', 'unit-tools.zip']) {
      expect(await runCli(['check', join(dir, name)], tmpdir())).toEqual({
        code: 0,
        stdout: `✓ ${join(dir, name)}: 1 lesson, 2 cases. Schemas, references, starters, rules and seals hold.\n`,
        stderr: '',
      });
    }
  }, 60_000);

  it('passes the course as shipped', async () => {
    const checked = await runCli(['check', FIXTURES], tmpdir());
    const lessons = readdirSync(FIXTURES).filter((name) => !name.includes('.')).length;
    expect(checked.stdout).toMatch(
      new RegExp(
        `^✓ .*: ${lessons} lessons, \\d+ cases\\. Schemas, references, starters, rules and seals hold\\.\\n$`,
      ),
    );
    expect(checked.code).toBe(0);
  }, 240_000);

  it('fails a copy of the course whose starter passes, naming each case', async () => {
    const pack = scratch();
    cpSync(FIXTURES, pack, { recursive: true });
    // The first two stages keep it quick; the-while-loop's starter is made its reference.
    const course = JSON.parse(readFileSync(join(pack, 'course.json'), 'utf8')) as {
      id: string;
      title: string;
      parts: { lessons: string[] }[];
    };
    const lessons = course.parts.flatMap((part) => part.lessons).slice(0, 2);
    writeFileSync(
      join(pack, 'course.json'),
      JSON.stringify({ id: course.id, title: course.title, lessons }),
    );
    cpSync(
      join(pack, 'the-while-loop', 'reference', 'src', 'loop.ts'),
      join(pack, 'the-while-loop', 'starter', 'src', 'loop.ts'),
    );
    const checked = await runCli(['check', pack], tmpdir());
    expect(checked.code).toBe(1);
    const cases = readdirSync(join(pack, 'the-while-loop', 'cases'));
    const lines = checked.stdout.trimEnd().split('\n');
    expect(lines.slice(0, -1).sort()).toEqual(
      cases
        .map(
          (name) => `✗ the-while-loop: the starter passes ${name}: a starter must fail every case.`,
        )
        .sort(),
    );
    expect(lines.at(-1)).toBe(`${cases.length} problems in ${pack}`);
  }, 120_000);

  it('names the file and field a schema rejects, and a folder that is no pack', async () => {
    const pack = scratch();
    await runCli(['new-lesson', 'hello-world', '--dir', pack], tmpdir());
    const meta = join(pack, 'hello-world', 'lesson.json');
    writeFileSync(meta, JSON.stringify({ ...JSON.parse(readFileSync(meta, 'utf8')), minutes: 0 }));
    const checked = await runCli(['check', pack], tmpdir());
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(/^✗ hello-world\/lesson\.json minutes: /);
    const notText = join(scratch(), 'pack.json');
    writeFileSync(notText, JSON.stringify({ files: { 'course.json': 1 } }));
    expect(await runCli(['check', notText], tmpdir())).toMatchObject({
      code: 1,
      stderr:
        'pack.json files["course.json"]: a number, not text: every file of a pack is its text, as a string\n',
    });
    const empty = scratch();
    expect(await runCli(['check', empty], tmpdir())).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(new RegExp(`^No course.json in ${empty}: a course pack is`)),
    });
  }, 60_000);
});
