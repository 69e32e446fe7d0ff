import { describe, expect, it } from 'vitest';
import { decodeSharePayload, type Lesson } from '../../../core/index.ts';
import { deserializeRoute } from '../lessons/route.ts';
import { isStarter, shareUrl } from './share-url.ts';

const lesson = {
  id: 'the-while-loop',
  starter: { 'src/loop.ts': 'starter', 'src/types.ts': 'types' },
  readOnly: ['src/types.ts'],
} as unknown as Lesson;

const location = {
  origin: 'https://example.test',
  pathname: '/course/',
  search: '',
} as Location;

describe('shareUrl', () => {
  it('builds a link whose route carries exactly the changed files', () => {
    const url = shareUrl(lesson, { 'src/loop.ts': 'mine ✓' }, location);
    expect(url.startsWith('https://example.test/course/#/the-while-loop/v1.')).toBe(true);
    const route = deserializeRoute(new URL(url).hash);
    expect(route?.lessonId).toBe('the-while-loop');
    expect(decodeSharePayload(lesson, route?.share ?? '')).toEqual({
      ok: true,
      files: { 'src/loop.ts': 'mine ✓' },
    });
  });

  it('names the course pack a lesson is in', () => {
    const url = shareUrl(lesson, { 'src/loop.ts': 'mine' }, location, 'tiny-pack');
    expect(url.startsWith('https://example.test/course/#/@tiny-pack/the-while-loop/v1.')).toBe(
      true,
    );
    const route = deserializeRoute(new URL(url).hash);
    expect(route?.courseId).toBe('tiny-pack');
    expect(decodeSharePayload(lesson, route?.share ?? '')).toEqual({
      ok: true,
      files: { 'src/loop.ts': 'mine' },
    });
  });
});

describe('isStarter', () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ 'src/loop.ts': 'starter' }, true],
    [{ 'src/loop.ts': 'mine' }, false],
  ])('%j: %s', (draft, starter) => {
    expect(isStarter(lesson, draft)).toBe(starter);
  });
});
