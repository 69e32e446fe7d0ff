import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PACK_LIMITS, packFiles, readPackBytes, readPackJson, readPackZip } from './course-pack.ts';

const COURSE = '{ "id": "tiny", "title": "Tiny", "lessons": ["hello"] }';
const FILES = { 'course.json': COURSE, 'hello/lesson.json': '{}', 'hello/prose.md': '# Hi' };

const zip = (entries: Record<string, string | Uint8Array>) =>
  zipSync(
    Object.fromEntries(
      Object.entries(entries).map(([path, data]) => [
        path,
        typeof data === 'string' ? strToU8(data) : data,
      ]),
    ),
  );

describe('readPackJson', () => {
  it('reads the one-file form', () => {
    expect(readPackJson(JSON.stringify({ files: FILES }), 'tiny.json')).toEqual({
      ok: true,
      files: FILES,
    });
  });

  it.each([
    ['not JSON', '{ "files": ', '(file)', /^not valid JSON \(/],
    ['no files', '{ "lessons": [] }', 'files', /^no "files" object: a course pack is/],
    ['files a list', '{ "files": ["a"] }', 'files', /^no "files" object/],
  ])('says what is wrong: %s', (_what, text, field, message) => {
    const read = readPackJson(text, 'bad.json');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]).toMatchObject({ file: 'bad.json', field });
    expect(read.problems[0]?.message).toMatch(message);
  });

  it('names each file that is not text', () => {
    const text = JSON.stringify({ files: { ...FILES, 'hello/task.md': 3, 'x.ts': null } });
    expect(readPackJson(text, 'bad.json')).toEqual({
      ok: false,
      problems: [
        {
          file: 'bad.json',
          field: 'files["hello/task.md"]',
          message: 'a number, not text: every file of a pack is its text, as a string',
        },
        {
          file: 'bad.json',
          field: 'files["x.ts"]',
          message: 'null, not text: every file of a pack is its text, as a string',
        },
      ],
    });
  });
});

describe('readPackZip', () => {
  it('reads a zip of the pack with course.json at its root', () => {
    expect(readPackZip(zip(FILES), 'tiny.zip')).toEqual({ ok: true, files: FILES });
  });

  it('reads a zip of the pack folder, and skips what an OS leaves behind', () => {
    const entries = {
      'tiny/': new Uint8Array(0),
      ...Object.fromEntries(Object.entries(FILES).map(([p, t]) => [`tiny/${p}`, t])),
      'tiny/.DS_Store': new Uint8Array([0, 0, 0, 1, 0xff, 0xfe]),
      '__MACOSX/tiny/._course.json': new Uint8Array([0xff]),
      'elsewhere.txt': 'not in the pack',
    };
    expect(readPackZip(zip(entries), 'tiny.zip')).toEqual({ ok: true, files: FILES });
  });

  it('takes the shallowest course.json as the pack', () => {
    const entries = { ...FILES, 'old/course.json': '{}' };
    const read = readPackZip(zip(entries), 'tiny.zip');
    expect(read.ok && read.files['old/course.json']).toBe('{}');
  });

  it('drops a byte-order mark', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...strToU8(COURSE)]);
    const read = readPackZip(zip({ ...FILES, 'course.json': bom }), 'tiny.zip');
    expect(read.ok && read.files['course.json']).toBe(COURSE);
  });

  it('names a file that is not UTF-8 text', () => {
    const read = readPackZip(
      zip({ ...FILES, 'hello/logo.png': new Uint8Array([0x89, 0x50, 0xff, 0xfe]) }),
      'tiny.zip',
    );
    expect(read).toEqual({
      ok: false,
      problems: [
        {
          file: 'hello/logo.png',
          field: '(file)',
          message: 'not UTF-8 text: a course pack holds text files only',
        },
      ],
    });
  });

  it('refuses a zip with no course.json', () => {
    const read = readPackZip(zip({ 'hello/lesson.json': '{}' }), 'tiny.zip');
    expect(read.ok ? undefined : read.problems[0]).toMatchObject({
      file: 'tiny.zip',
      field: 'course.json',
      message: expect.stringMatching(/^no course\.json in the zip: a course pack is/) as string,
    });
  });

  it('refuses a zip whose files declare more than a pack may hold, before inflating them', () => {
    // A zip bomb: its directory says one small entry inflates to 4 GB. Nothing is inflated.
    const bomb = zip({ ...FILES, 'a.txt': 'small' });
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (let at = 0; at + 46 <= bomb.length; at++) {
      const central = view.getUint32(at, true) === 0x02014b50;
      const name = central ? bomb.subarray(at + 46, at + 46 + view.getUint16(at + 28, true)) : [];
      if (central && String.fromCharCode(...name) === 'a.txt')
        view.setUint32(at + 24, 2 ** 32 - 1, true);
    }
    const read = readPackZip(bomb, 'bomb.zip');
    expect(read.ok ? undefined : read.problems).toEqual([
      {
        file: 'bomb.zip',
        field: '(file)',
        message: 'too large: 4295.0 MB of files, past the 32.0 MB a pack may hold',
      },
    ]);
  });

  it('says when the bytes are no zip it can read', () => {
    const read = readPackZip(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), 'cut.zip');
    expect(read.ok ? undefined : read.problems[0]?.message).toMatch(/^could not be unzipped \(/);
  });
});

describe('readPackBytes', () => {
  it('tells a zip from the JSON form by its signature', () => {
    expect(readPackBytes(zip(FILES), 'pack')).toEqual({ ok: true, files: FILES });
    expect(readPackBytes(strToU8(JSON.stringify({ files: FILES })), 'pack')).toEqual({
      ok: true,
      files: FILES,
    });
  });

  it('refuses bytes that are neither', () => {
    const read = readPackBytes(new Uint8Array([0xff, 0xfe, 0x00]), 'x.bin');
    expect(read.ok ? undefined : read.problems[0]?.message).toMatch(
      /^neither a zip nor UTF-8 text: a course pack is/,
    );
  });
});

describe('packFiles', () => {
  it('makes paths relative with forward slashes', () => {
    const read = packFiles(
      { './course.json': COURSE, 'hello\\lesson.json': '{}', '/hello/prose.md': '# Hi' },
      'pack',
    );
    expect(read).toEqual({ ok: true, files: FILES });
  });

  it.each(['../course.json', 'hello/../../x', 'hello//x', ''])('refuses the path %j', (path) => {
    const read = packFiles({ ...FILES, [path]: 'x' }, 'pack');
    expect(read.ok ? undefined : read.problems).toEqual([
      {
        file: path,
        field: '(path)',
        message: 'not a path inside the pack: paths are relative, with no ".."',
      },
    ]);
  });

  it('refuses two paths that are the same file', () => {
    const read = packFiles({ ...FILES, './hello/prose.md': '# Again' }, 'pack');
    expect(read.ok ? undefined : read.problems).toEqual([
      { file: 'hello/prose.md', field: '(path)', message: 'in the pack twice' },
    ]);
  });

  it('needs course.json at the root', () => {
    const read = packFiles({ 'tiny/course.json': COURSE }, 'pack');
    expect(read.ok ? undefined : read.problems[0]).toMatchObject({
      file: 'pack',
      field: 'course.json',
    });
  });

  it('bounds the number of files', () => {
    const many = Object.fromEntries(
      Array.from({ length: PACK_LIMITS.files + 1 }, (_, i) => [`f${i}.md`, '']),
    );
    const read = packFiles({ ...many, 'course.json': COURSE }, 'pack');
    expect(read.ok ? undefined : read.problems[0]?.message).toBe(
      `too many files: ${PACK_LIMITS.files + 2}, past the ${PACK_LIMITS.files} a pack may hold`,
    );
  });
});
