import { deflateSync, strToU8 } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Lesson } from '../lesson/types.ts';
import { loadPackagedCourse } from '../../cli/load.ts';
import { toBase64Url } from './base64url.ts';
import { MAX_SHARE_BYTES, decodeSharePayload, encodeShareFragment } from './share-link.ts';

const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const lessons = loaded.course.lessons;
const lesson = lessons[1] as Lesson;

/** The payload part of a fragment: what follows `#/<id>/`. */
function payloadOf(fragment: string): string {
  return fragment.split('/').slice(2).join('/');
}

function pack(value: unknown): string {
  return `v1.${toBase64Url(deflateSync(strToU8(JSON.stringify(value))))}`;
}

describe('share links', () => {
  it.each(lessons.map((l) => [l.id, l] as const))('round-trip %s reference files', (_id, l) => {
    const fragment = encodeShareFragment(l, l.reference);
    expect(fragment.startsWith(`#/${l.id}/v1.`)).toBe(true);
    expect(fragment).toMatch(/^#\/[a-z0-9-]+\/v1\.[A-Za-z0-9_-]+$/);
    const decoded = decodeSharePayload(l, payloadOf(fragment));
    expect(decoded).toEqual({ ok: true, files: { [l.entry]: l.reference[l.entry] } });
  });

  it('round-trips unicode and empty files, and leaves out unchanged and read-only files', () => {
    const files = { ...lesson.starter, 'src/loop.ts': '// héllo 👋 世界\n', 'src/types.ts': 'x' };
    const decoded = decodeSharePayload(lesson, payloadOf(encodeShareFragment(lesson, files)));
    expect(decoded).toEqual({ ok: true, files: { 'src/loop.ts': '// héllo 👋 世界\n' } });
    const empty = decodeSharePayload(
      lesson,
      payloadOf(encodeShareFragment(lesson, { 'src/loop.ts': '' })),
    );
    expect(empty).toEqual({ ok: true, files: { 'src/loop.ts': '' } });
    const unchanged = decodeSharePayload(
      lesson,
      payloadOf(encodeShareFragment(lesson, lesson.starter)),
    );
    expect(unchanged).toEqual({ ok: true, files: {} });
  });

  const good = payloadOf(encodeShareFragment(lesson, lesson.reference));
  const bomb = `v1.${toBase64Url(deflateSync(new Uint8Array(5_000_000)))}`;
  it.each([
    ['truncated', good.slice(0, 3 + 4 * Math.floor((good.length - 3) / 8)), 'bad-compression'],
    ['bad base64', `${good.slice(0, 10)}*!${good.slice(12)}`, 'bad-encoding'],
    ['not deflate', `v1.${toBase64Url(strToU8('plain text, not compressed'))}`, 'bad-compression'],
    ['unknown version', `v9.${good.slice(3)}`, 'unknown-version'],
    ['no version', 'abcdef', 'unknown-version'],
    ['empty', 'v1.', 'bad-encoding'],
    ['over the size limit', bomb, 'too-large'],
    ['not JSON', `v1.${toBase64Url(deflateSync(strToU8('{nope')))}`, 'bad-json'],
    ['wrong shape', pack({ files: { 'src/loop.ts': 42 } }), 'bad-shape'],
    ['extra keys', pack({ files: {}, run: true }), 'bad-shape'],
    ['a file the lesson lacks', pack({ files: { '../../etc/passwd': 'x' } }), 'unknown-file'],
    ['a read-only file', pack({ files: { 'src/types.ts': 'x' } }), 'unknown-file'],
  ])('refuses a link that is %s', (_label, payload, problem) => {
    const decoded = decodeSharePayload(lesson, payload);
    expect(decoded.ok ? 'accepted' : decoded.problem).toBe(problem);
  });

  it('refuses a payload just over the decoded size limit', () => {
    const payload = pack({ files: { 'src/loop.ts': 'a'.repeat(MAX_SHARE_BYTES) } });
    expect(decodeSharePayload(lesson, payload)).toMatchObject({ ok: false, problem: 'too-large' });
  });

  it('never throws, and accepts only well-formed payloads, for random and corrupted input', () => {
    const corrupt = fc
      .tuple(fc.nat(good.length - 1), fc.string({ maxLength: 4 }), fc.nat(6))
      .map(([at, insert, drop]) => good.slice(0, at) + insert + good.slice(at + drop));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `v1.${s}`),
          corrupt,
        ),
        (payload) => {
          const decoded = decodeSharePayload(lesson, payload);
          if (decoded.ok) {
            // Whatever got through is the shape the app shares: the lesson's own editable files.
            for (const [path, text] of Object.entries(decoded.files)) {
              expect(path).toBe('src/loop.ts');
              expect(typeof text).toBe('string');
            }
          } else {
            expect(decoded.message.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });
});
