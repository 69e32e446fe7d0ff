import { describe, expect, it } from 'vitest';
import type { Lesson } from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { deprecatedModels, lessonModels } from './lesson-models.ts';

const loaded = loadPackagedCourse('the-agent');
if ('error' in loaded) throw new Error(loaded.error);
const lesson = loaded.course.lessons[0] as Lesson;

describe('lessonModels', () => {
  it("names the course's model, from the code and the recordings", () => {
    expect([...lessonModels(lesson)]).toEqual(['claude-sonnet-5-5']);
  });

  it('finds a model named in the starter, the reference or a recording', () => {
    const entry = lesson.starter['src/agent.ts'] ?? '';
    const starter = {
      ...lesson.starter,
      'src/agent.ts': entry.replace("'claude-sonnet-5-5'", "'claude-opus-4-5'"),
    };
    const [first, ...rest] = lesson.cases;
    const call = first!.cassette.calls[0]!;
    const recorded = { ...call, response: { ...call.response, model: 'claude-sonnet-4-5' } };
    const cases = [{ ...first!, cassette: { calls: [recorded] } }, ...rest];
    expect([...lessonModels({ ...lesson, starter, cases })].sort()).toEqual([
      'claude-opus-4-5',
      'claude-sonnet-4-5',
      'claude-sonnet-5-5',
    ]);
  });
});

describe('deprecatedModels', () => {
  it("is the installed SDK's list, which has claude-sonnet-4-5 and not the course's model", async () => {
    const deprecated = await deprecatedModels();
    expect(deprecated['claude-sonnet-4-5']).toBe('November 30th, 2026');
    expect('claude-sonnet-5-5' in deprecated).toBe(false);
  });
});
