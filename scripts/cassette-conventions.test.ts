import { describe, expect, it } from 'vitest';
import type { Course, Lesson } from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { checkCassettes } from './cassette-conventions.ts';

const loaded = loadPackagedCourse('the-while-loop');
if ('error' in loaded) throw new Error(loaded.error);
const course = loaded.course;
const lesson = course.lessons[0] as Lesson;
const echo = lesson.cases.find((c) => c.name === 'echo')!;

/** The course with the echo case's recording changed by `edit` (a copy: the course stays as loaded). */
function withEcho(edit: (calls: Lesson['cases'][number]['cassette']['calls']) => void): Course {
  const calls = structuredClone(echo.cassette.calls);
  edit(calls);
  const cases = lesson.cases.map((c) => (c === echo ? { ...c, cassette: { calls } } : c));
  return { ...course, lessons: [{ ...lesson, cases }] };
}

describe('checkCassettes', () => {
  it('accepts the course as recorded', () => {
    expect(checkCassettes(course)).toEqual([]);
  });

  it('names an id that is not shaped as the API shapes them', () => {
    const problems = checkCassettes(withEcho((calls) => (calls[0]!.response.id = 'msg_1')));
    expect(problems).toEqual([
      'the-while-loop/echo call 1: id msg_1 is not msg_01 + 22 letters and digits',
    ]);
  });

  it('names an id used twice', () => {
    const problems = checkCassettes(
      withEcho((calls) => (calls[1]!.response.id = calls[0]!.response.id)),
    );
    expect(problems).toEqual([
      `the-while-loop/echo call 2: ${echo.cassette.calls[0]!.response.id} is already used at the-while-loop/echo call 1`,
    ]);
  });

  it('names usage that does not grow with the conversation, and a reply from another model', () => {
    const problems = checkCassettes(
      withEcho((calls) => {
        calls[1]!.response.usage.input_tokens = calls[0]!.response.usage.input_tokens;
        calls[1]!.response.model = 'claude-sonnet-4-5';
      }),
    );
    expect(problems).toEqual([
      'the-while-loop/echo call 2: the reply is from claude-sonnet-4-5, the request asks claude-sonnet-5-5',
      `the-while-loop/echo call 2: input_tokens ${echo.cassette.calls[0]!.response.usage.input_tokens} does not grow with the conversation (was ${echo.cassette.calls[0]!.response.usage.input_tokens})`,
    ]);
  });

  it('names a reply cut off at max_tokens that wrote another count', () => {
    const problems = checkCassettes(
      withEcho((calls) => {
        calls[1]!.response.stop_reason = 'max_tokens';
      }),
    );
    expect(problems).toEqual([
      `the-while-loop/echo call 2: a reply cut off at max_tokens 1024 wrote ${echo.cassette.calls[1]!.response.usage.output_tokens} tokens`,
    ]);
  });

  it('names a stop at a sequence the request did not ask for, and a refusal without its details', () => {
    const problems = checkCassettes(
      withEcho((calls) => {
        calls[1]!.response.stop_reason = 'stop_sequence';
        calls[1]!.response.stop_sequence = 'END';
        calls[0]!.response.stop_details = { type: 'refusal', category: 'cyber', explanation: null };
      }),
    );
    expect(problems).toEqual([
      'the-while-loop/echo call 1: stop_details must say refusal exactly when stop_reason does',
      `the-while-loop/echo call 2: stopped at "END", which the request's stop_sequences do not hold`,
    ]);
  });
});

describe('checkCassettes with prompt caching', () => {
  const cachedLoad = loadPackagedCourse('prompt-caching');
  if ('error' in cachedLoad) throw new Error(cachedLoad.error);
  const cachedCourse = cachedLoad.course;
  const caching = cachedCourse.lessons[0] as Lesson;
  const fix = caching.cases.find((c) => c.name === 'fix-the-total')!;
  const usage = (i: number) => fix.cassette.calls[i]!.response.usage;

  /** The course with fix-the-total's recording changed by `edit`. */
  function withFix(edit: (calls: Lesson['cases'][number]['cassette']['calls']) => void): Course {
    const calls = structuredClone(fix.cassette.calls);
    edit(calls);
    const cases = caching.cases.map((c) => (c === fix ? { ...c, cassette: { calls } } : c));
    return { ...cachedCourse, lessons: [{ ...caching, cases }] };
  }

  it('accepts the cached recordings: writes, then reads of what the request before wrote', () => {
    expect(checkCassettes(cachedCourse)).toEqual([]);
  });

  it('names a call that caches nothing, counting its whole request as input_tokens', () => {
    const whole =
      usage(1).input_tokens +
      usage(1).cache_creation_input_tokens! +
      usage(1).cache_read_input_tokens!;
    const problems = checkCassettes(
      withFix((calls) => {
        calls[1]!.response.usage = { input_tokens: whole, output_tokens: usage(1).output_tokens };
      }),
    );
    expect(problems).toEqual([
      `prompt-caching/fix-the-total call 2: the request marks a prefix of about ${whole - 4} tokens, past the minimum of 512 for claude-sonnet-5-5, but the reply reports no cache write or read`,
      `prompt-caching/fix-the-total call 3: the reply reads ${usage(2).cache_read_input_tokens} tokens from the cache, but the longest prefix an earlier request wrote is ${usage(0).cache_creation_input_tokens}`,
    ]);
  });

  it('names a whole input that shrinks, cache counts and all', () => {
    const problems = checkCassettes(
      withFix((calls) => {
        calls[2]!.response.usage.cache_creation_input_tokens = 0;
        calls[2]!.response.usage.cache_creation = {
          ephemeral_5m_input_tokens: 0,
          ephemeral_1h_input_tokens: 0,
        };
      }),
    );
    const was =
      usage(1).input_tokens +
      usage(1).cache_creation_input_tokens! +
      usage(1).cache_read_input_tokens!;
    const now = usage(2).input_tokens + usage(2).cache_read_input_tokens!;
    expect(problems).toEqual([
      `prompt-caching/fix-the-total call 3: the whole input ${now} does not grow with the conversation (was ${was})`,
      `prompt-caching/fix-the-total call 4: the reply reads ${usage(3).cache_read_input_tokens} tokens from the cache, but the longest prefix an earlier request wrote is ${usage(2).cache_read_input_tokens}`,
    ]);
  });
});
