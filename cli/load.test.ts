import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Course } from '../core/index.ts';
import { loadPackagedCourse } from './load.ts';

const scratch = mkdtempSync(join(tmpdir(), 'theinference-load-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function courseOf(loaded: ReturnType<typeof loadPackagedCourse>): Course {
  if ('error' in loaded) throw new Error(loaded.error);
  return loaded.course;
}

const hiddenCases = (course: Course) =>
  course.lessons.flatMap((l) => l.cases.filter((c) => !c.visible));

describe('loadPackagedCourse', () => {
  const missing = join(scratch, 'none.json');
  /** A packed package: no fixtures/ beside the CLI. */
  const packed = { fixturesDir: join(scratch, 'no-fixtures') };

  it("gives a learner the course sealed: no hidden case's expected output", () => {
    const hidden = hiddenCases(courseOf(loadPackagedCourse(undefined, { sealedFile: missing })));
    expect(hidden.length).toBeGreaterThan(0);
    for (const c of hidden)
      expect({ sealed: Boolean(c.sealed), expected: c.expected }).toEqual({
        sealed: true,
        expected: undefined,
      });
  });

  it("gives an author's check the values", () => {
    const open = courseOf(loadPackagedCourse(undefined, { sealed: false, sealedFile: missing }));
    for (const c of hiddenCases(open)) expect(c.sealed).toBeUndefined();
  });

  it('reads a packed package from its sealed file, one lesson or all', () => {
    const file = join(scratch, 'course.sealed.json');
    const sealed = courseOf(loadPackagedCourse(undefined, { sealedFile: missing }));
    writeFileSync(file, JSON.stringify(sealed));
    expect(courseOf(loadPackagedCourse(undefined, { ...packed, sealedFile: file }))).toEqual(
      sealed,
    );
    const one = courseOf(loadPackagedCourse('steering', { ...packed, sealedFile: file }));
    expect(one.lessons.map((l) => l.id)).toEqual(['steering']);
    expect(loadPackagedCourse(undefined, { ...packed, sealed: false, sealedFile: file })).toEqual({
      error: `${file} is sealed: its hidden cases' expected outputs are digests.`,
    });
  });

  it('reads a checkout from its fixtures, whatever sealed file an earlier pack left', () => {
    const stale = join(scratch, 'stale.sealed.json');
    writeFileSync(stale, JSON.stringify({ id: 'stale', lessons: [] }));
    const open = courseOf(loadPackagedCourse(undefined, { sealed: false, sealedFile: stale }));
    expect(hiddenCases(open).length).toBeGreaterThan(0);
  });

  it('says so when a package has neither fixtures nor the sealed file', () => {
    const loaded = loadPackagedCourse(undefined, { ...packed, sealedFile: missing });
    expect('error' in loaded && loaded.error).toContain('The course is missing');
  });
});
