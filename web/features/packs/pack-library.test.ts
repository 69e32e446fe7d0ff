import createDOMPurify from 'dompurify';
import { strToU8, zipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import type { FileMap } from '../../../core/index.ts';
import {
  LESSON_ID,
  PACK_ID,
  PACK_TITLE,
  unitPackFiles,
} from '../../../scripts/test-support/unit-pack.ts';
import { createMarkdownRenderer } from '../lessons/markdown.ts';
import { prepareCourse } from '../lessons/prepare-course.ts';
import type { PackDb, PackEntry } from './pack-db.ts';
import { createPackLibrary, type PackLibrary } from './pack-library.ts';

/** The browser's IndexedDB stands in as a map: what matters here is what is kept. */
function memoryDb(fail?: () => Error): PackDb & { kept: Map<string, [PackEntry, FileMap]> } {
  const kept = new Map<string, [PackEntry, FileMap]>();
  return {
    kept,
    list: () => Promise.resolve([...kept.values()].map(([entry]) => entry)),
    files: (id) => Promise.resolve(kept.get(id)?.[1]),
    put: (entry, files) => {
      if (fail) return Promise.reject(fail());
      kept.set(entry.id, [entry, structuredClone(files)]);
      return Promise.resolve();
    },
    remove: (id) => Promise.resolve(void kept.delete(id)),
  };
}

// The page's own preparation, over jsdom's DOM as the build's is.
const purify = createDOMPurify(new JSDOM('').window);
const library = (db: PackDb) =>
  createPackLibrary({
    db,
    now: () => 1_000,
    prepare: (files) =>
      Promise.resolve(
        prepareCourse(files, (course) =>
          createMarkdownRenderer(purify, { linkBase: `#/@${course.id}/` }),
        ),
      ),
  });

const bytes = (files: FileMap) => strToU8(JSON.stringify({ files }));

/** Resolves once `pack(id)` has settled. */
async function settled(packs: PackLibrary, id: string) {
  for (let i = 0; i < 100 && packs.pack(id).state === 'loading'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return packs.pack(id);
}

describe('the pack library', () => {
  it('opens a pack, sealed and rendered as the build makes the shipped course, and keeps it', async () => {
    const db = memoryDb();
    const packs = library(db);
    const opened = await packs.open(bytes(unitPackFiles()), 'unit-tools.json', {
      kind: 'file',
      name: 'unit-tools.json',
    });
    if (!opened.ok) throw new Error(JSON.stringify(opened.failure));
    expect(opened.replaced).toBe(false);
    expect(opened.pack.entry).toEqual({
      id: PACK_ID,
      title: PACK_TITLE,
      lessons: 1,
      source: { kind: 'file', name: 'unit-tools.json' },
      openedAt: 1_000,
    });
    const lesson = opened.pack.course.lessons[0];
    const hidden = lesson?.cases.find((c) => !c.visible);
    expect(hidden?.expected).toBeUndefined();
    expect(hidden?.sealed).toBeDefined();
    const html = Object.values(opened.pack.markdownHtml).join('\n');
    expect(html).toContain(`<a href="#/@${PACK_ID}/${LESSON_ID}">the task</a>`);
    expect(html).toContain('&lt;b&gt;Markup');
    expect(db.kept.get(PACK_ID)?.[1]).toEqual(unitPackFiles());
    expect(packs.pack(PACK_ID)).toEqual({ state: 'ready', pack: opened.pack });

    // Another start reads it back, and loads and seals it again.
    const again = library(db);
    expect(again.pack(PACK_ID)).toEqual({ state: 'loading' });
    const read = await settled(again, PACK_ID);
    expect(read).toEqual({ state: 'ready', pack: opened.pack });
  });

  it('opens the zip of a pack’s folder', async () => {
    const zip = zipSync(
      Object.fromEntries(
        Object.entries(unitPackFiles()).map(([p, t]) => [`unit-tools/${p}`, strToU8(t)]),
      ),
    );
    const opened = await library(memoryDb()).open(zip, 'unit-tools.zip', {
      kind: 'file',
      name: 'unit-tools.zip',
    });
    expect(opened.ok && opened.pack.course.id).toBe(PACK_ID);
  });

  it('says what is wrong with a pack that does not load, and keeps nothing', async () => {
    const db = memoryDb();
    const packs = library(db);
    const heard: number[] = [];
    packs.subscribe(() => heard.push(1));
    const files = unitPackFiles();
    files[`${LESSON_ID}/lesson.json`] = '{ "title": "x" ';
    const opened = await packs.open(bytes(files), 'broken.json', {
      kind: 'file',
      name: 'broken.json',
    });
    const failure = {
      name: 'broken.json',
      problems: [
        {
          file: `${LESSON_ID}/lesson.json`,
          field: '(file)',
          message: expect.stringMatching(/^invalid JSON: /) as string,
        },
      ],
    };
    expect(opened).toEqual({ ok: false, failure });
    expect(packs.failure()).toEqual(failure);
    expect(heard.length).toBeGreaterThan(0);
    expect(db.kept.size).toBe(0);
    expect(await settled(packs, PACK_ID)).toEqual({ state: 'missing' });
    packs.dismissFailure();
    expect(packs.failure()).toBeUndefined();
  });

  it('replaces a pack of the same id, and removes one', async () => {
    const db = memoryDb();
    const packs = library(db);
    packs.refresh();
    const source = { kind: 'url', url: '/packs/unit-tools.json' } as const;
    await packs.open(bytes(unitPackFiles()), 'unit-tools.json', source);
    const files = {
      ...unitPackFiles(),
      'course.json': JSON.stringify({ id: PACK_ID, title: 'Renamed', lessons: [LESSON_ID] }),
    };
    const again = await packs.open(bytes(files), 'unit-tools.json', source);
    expect(again.ok && again.replaced).toBe(true);
    expect(packs.entries()?.map((e) => e.title)).toEqual(['Renamed']);
    await packs.remove(PACK_ID);
    expect(packs.entries()).toEqual([]);
    expect(packs.pack(PACK_ID)).toEqual({ state: 'missing' });
    expect(db.kept.size).toBe(0);
  });

  it('tells a kept pack that no longer loads from one never opened', async () => {
    const db = memoryDb();
    const files = unitPackFiles();
    delete files[`${LESSON_ID}/program.ts`];
    const entry = {
      id: PACK_ID,
      title: PACK_TITLE,
      lessons: 1,
      source: { kind: 'file', name: 'x.json' },
      openedAt: 1,
    } as const;
    db.kept.set(PACK_ID, [entry, files]);
    expect(await settled(library(db), PACK_ID)).toEqual({
      state: 'broken',
      entry,
      problems: [{ file: `${LESSON_ID}/program.ts`, field: '(file)', message: 'missing' }],
    });
    expect(await settled(library(db), 'other')).toEqual({ state: 'missing' });
  });

  it('does not open a pack the browser cannot keep', async () => {
    const packs = library(memoryDb(() => new Error('QuotaExceededError')));
    const opened = await packs.open(bytes(unitPackFiles()), 'unit-tools.json', {
      kind: 'file',
      name: 'unit-tools.json',
    });
    expect(opened.ok ? undefined : opened.failure.problems).toEqual([
      {
        file: 'unit-tools.json',
        field: '(storage)',
        message:
          'could not be kept in this browser’s storage (QuotaExceededError), so it was not opened',
      },
    ]);
    expect(await settled(packs, PACK_ID)).toEqual({ state: 'missing' });
  });
});
