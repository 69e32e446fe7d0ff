import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCourseFile, writeCourseFile } from './course-files.ts';
import { readCourseSources, SOURCE_LIMITS } from './read-sources.ts';

function courseDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'theinference-sources-'));
  mkdirSync(join(dir, 'src', 'lib'), { recursive: true });
  writeFileSync(join(dir, 'src', 'loop.ts'), 'export const loop = 1;');
  writeFileSync(join(dir, 'src', 'lib', 'util.ts'), 'export const util = 2;');
  return dir;
}

describe('readCourseSources', () => {
  it('reads the .ts files below src/, and nothing else', () => {
    const dir = courseDir();
    writeFileSync(join(dir, 'src', 'notes.md'), 'not code');
    writeFileSync(join(dir, 'src', '.loop.ts.swp'), 'an editor’s');
    writeFileSync(join(dir, 'outside.ts'), 'not in src');
    expect(readCourseSources(dir)).toEqual({
      files: {
        'src/lib/util.ts': 'export const util = 2;',
        'src/loop.ts': 'export const loop = 1;',
      },
      skipped: [],
    });
  });

  it('names every file it will not read, and why, without following or waiting on any', async () => {
    const dir = courseDir();
    const src = join(dir, 'src');
    symlinkSync('loops.ts', join(src, 'loops.ts'));
    symlinkSync('/etc/hostname', join(src, 'secret.ts'));
    symlinkSync(join(dir, 'outside.ts'), join(src, 'escape.ts'));
    writeFileSync(join(dir, 'outside.ts'), 'outside');
    symlinkSync('/', join(src, 'root'));
    symlinkSync('missing.ts', join(src, 'broken.ts'));
    symlinkSync('loop.ts', join(src, 'alias.ts'));
    execFileSync('mkfifo', [join(src, 'pipe.ts')]);
    writeFileSync(join(src, 'big.ts'), 'x'.repeat(SOURCE_LIMITS.fileBytes + 1));
    const server = createServer();
    await new Promise<void>((done) => server.listen(join(src, 'socket.ts'), done));
    try {
      const { files, skipped } = readCourseSources(dir);
      expect(Object.keys(files)).toEqual(['src/alias.ts', 'src/lib/util.ts', 'src/loop.ts']);
      expect(files['src/alias.ts']).toBe('export const loop = 1;');
      expect(skipped).toEqual([
        { path: 'src/big.ts', reason: 'over 1 MB: not read' },
        { path: 'src/broken.ts', reason: 'a broken link: not read' },
        { path: 'src/escape.ts', reason: 'a link to a file outside src/: not followed' },
        { path: 'src/loops.ts', reason: 'a link that loops: not followed' },
        { path: 'src/pipe.ts', reason: 'a FIFO, not a file: not read' },
        { path: 'src/root', reason: 'a link to a folder: not followed' },
        { path: 'src/secret.ts', reason: 'a link to a file outside src/: not followed' },
        { path: 'src/socket.ts', reason: 'a socket, not a file: not read' },
      ]);
    } finally {
      server.close();
    }
  });

  it('stops at SOURCE_LIMITS.files, and says so', () => {
    const dir = courseDir();
    for (let i = 0; i < SOURCE_LIMITS.files; i++) {
      writeFileSync(join(dir, 'src', `f${String(i).padStart(3, '0')}.ts`), '');
    }
    const { files, skipped } = readCourseSources(dir);
    expect(Object.keys(files)).toHaveLength(SOURCE_LIMITS.files);
    expect(skipped).toEqual([
      {
        path: 'src/',
        reason: `more than ${SOURCE_LIMITS.files} source files: the rest were not read`,
      },
    ]);
  });
});

describe('writeCourseFile', () => {
  it('never writes through a link, to the file or to a folder on the way', () => {
    const dir = courseDir();
    const target = join(dir, 'target.txt');
    writeFileSync(target, 'untouched');
    symlinkSync(target, join(dir, 'src', 'types.ts'));
    symlinkSync(dir, join(dir, 'src', 'up'));
    expect(writeCourseFile(dir, 'src/types.ts', 'new')).toBe('could not be written (ELOOP)');
    expect(writeCourseFile(dir, 'src/up/target.txt', 'new')).toBe('src/up is not a folder');
    expect(readFileSync(target, 'utf8')).toBe('untouched');
    expect(readCourseFile(dir, 'src/types.ts')).toEqual({ kind: 'other', reason: 'a link' });
  });

  it('never waits on a FIFO', () => {
    const dir = courseDir();
    execFileSync('mkfifo', [join(dir, 'src', 'pipe.ts')]);
    expect(writeCourseFile(dir, 'src/pipe.ts', 'new')).toBe('could not be written (ENXIO)');
    expect(readCourseFile(dir, 'src/pipe.ts')).toEqual({
      kind: 'other',
      reason: 'a FIFO, not a file: not read',
    });
  });
});
