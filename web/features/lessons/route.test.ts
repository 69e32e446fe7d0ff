import { describe, expect, it } from 'vitest';
import {
  deserializeRoute,
  packSourceOfHash,
  serializeCourseRoute,
  serializeRoute,
} from './route.ts';

describe('route', () => {
  it.each([
    ['the-while-loop', '#/the-while-loop'],
    ['one-turn', '#/one-turn'],
  ])('round-trips %s', (id, hash) => {
    expect(serializeRoute(id)).toBe(hash);
    expect(deserializeRoute(hash)).toEqual({ lessonId: id });
  });

  it.each(['', '#', '#/', '#the-while-loop', '#/a/b/c', '#/%E0%A4%A', '#/a?x=1'])(
    'names no lesson in %j',
    (hash) => {
      expect(deserializeRoute(hash)).toBeUndefined();
    },
  );

  it('accepts a trailing slash', () => {
    expect(deserializeRoute('#/one-turn/')).toEqual({ lessonId: 'one-turn' });
  });
});

describe('share links', () => {
  it('carries the payload of a share link, untouched', () => {
    expect(deserializeRoute('#/the-while-loop/v1.q1YqyS9JLQYA')).toEqual({
      lessonId: 'the-while-loop',
      share: 'v1.q1YqyS9JLQYA',
    });
  });

  it('accepts a trailing slash after the payload', () => {
    expect(deserializeRoute('#/one-turn/v1.abc_-/')).toEqual({
      lessonId: 'one-turn',
      share: 'v1.abc_-',
    });
  });

  it('undoes percent-encoding a chat app added', () => {
    expect(deserializeRoute('#/one-turn/v1%2Eabc')).toEqual({
      lessonId: 'one-turn',
      share: 'v1.abc',
    });
  });

  // The codec, not the route, judges a payload: these still open their lesson and explain.
  it.each([
    ['#/one-turn/v2.abc', 'v2.abc'],
    ['#/one-turn/garbage', 'garbage'],
    ['#/one-turn/v1.', 'v1.'],
    ['#/one-turn/%E0%A4%A', '%E0%A4%A'],
  ])('keeps the lesson of a payload it cannot judge: %j', (hash, share) => {
    expect(deserializeRoute(hash)).toEqual({ lessonId: 'one-turn', share });
  });

  it('treats an empty payload as a plain link', () => {
    expect(deserializeRoute('#/one-turn//')).toEqual({ lessonId: 'one-turn' });
  });

  it('names no lesson when the lesson part is undecodable, payload or not', () => {
    expect(deserializeRoute('#/%E0%A4%A/v1.abc')).toBeUndefined();
  });
});

describe('course packs', () => {
  it.each([
    ['hello', 'tiny-pack', '#/@tiny-pack/hello'],
    ['the-while-loop', 'agent-loop', '#/@agent-loop/the-while-loop'],
  ])('round-trips %s in %s', (lessonId, courseId, hash) => {
    expect(serializeRoute(lessonId, courseId)).toBe(hash);
    expect(deserializeRoute(hash)).toEqual({ courseId, lessonId });
  });

  it('carries a share link’s payload in a pack', () => {
    expect(serializeRoute('hello', 'tiny-pack', 'v1.abc')).toBe('#/@tiny-pack/hello/v1.abc');
    expect(deserializeRoute('#/@tiny-pack/hello/v1.abc/')).toEqual({
      courseId: 'tiny-pack',
      lessonId: 'hello',
      share: 'v1.abc',
    });
  });

  it('names a pack alone: it opens where the learner last was', () => {
    expect(serializeCourseRoute('tiny-pack')).toBe('#/@tiny-pack');
    expect(deserializeRoute('#/@tiny-pack')).toEqual({ courseId: 'tiny-pack' });
    expect(deserializeRoute('#/@tiny-pack/')).toEqual({ courseId: 'tiny-pack' });
  });

  it.each(['#/@', '#/@Tiny', '#/@a%2Fb/hello', '#/@tiny/hello/v1.x/more', '#/@tiny//'])(
    'names nothing in %j',
    (hash) => {
      expect(deserializeRoute(hash)).toBeUndefined();
    },
  );

  it('reads the address #/course= asks to open a pack from', () => {
    expect(packSourceOfHash('#/course=packs/tiny.json')).toBe('packs/tiny.json');
    expect(packSourceOfHash('#/course=%2Fpacks%2Ftiny%20pack.zip')).toBe('/packs/tiny pack.zip');
    expect(packSourceOfHash('#/course=https://example.com/x.json')).toBe(
      'https://example.com/x.json',
    );
    expect(packSourceOfHash('#/course=')).toBeUndefined();
    expect(packSourceOfHash('#/the-while-loop')).toBeUndefined();
    // Not a lesson either.
    expect(deserializeRoute('#/course=packs/tiny.json')).toBeUndefined();
  });
});
