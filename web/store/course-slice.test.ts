import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import type { AppState } from './app-state.ts';
import { SHIPPED_COURSE } from './course-slice.ts';
import { partialize, readSavedValue, PERSIST_VERSION } from './persisted-state.ts';
import { createAppSlices } from './slices.ts';
import { mergeFromOtherTab, theirsForCourse } from './tab-sync.ts';

const store = () => create<AppState>()(createAppSlices);
const loop = (text: string) => ({ 'src/loop.ts': text });

describe('the course slice', () => {
  it('keeps each course’s work apart, even for a lesson of the same id', () => {
    const app = store();
    const s = () => app.getState();
    expect(s().courseKey).toBe(SHIPPED_COURSE);
    s().editFile('the-while-loop', 'src/loop.ts', '// shipped draft');
    s().recordAttempt('the-while-loop', true, undefined, loop('// shipped pass'));
    s().setLastLessonId('the-while-loop');
    s().showNextHint('the-while-loop', 3);

    s().switchCourse('tiny-pack');
    expect(s().courseKey).toBe('tiny-pack');
    // A course never opened starts with no work at all.
    expect(s().drafts).toEqual({});
    expect(s().progress).toEqual({});
    expect(s().passedCode).toEqual({});
    expect(s().hintsShown).toEqual({});
    expect(s().lastLessonId).toBeUndefined();
    s().editFile('the-while-loop', 'src/loop.ts', '// pack draft');
    s().setLastLessonId('the-while-loop');

    s().switchCourse(SHIPPED_COURSE);
    expect(s().drafts).toEqual({ 'the-while-loop': loop('// shipped draft') });
    expect(s().progress['the-while-loop']).toEqual({ passed: true, attempts: 1 });
    expect(s().passedCode).toEqual({ 'the-while-loop': loop('// shipped pass') });
    expect(s().hintsShown).toEqual({ 'the-while-loop': 1 });
    expect(s().courseWork).toEqual({
      'tiny-pack': {
        drafts: { 'the-while-loop': loop('// pack draft') },
        draftStamps: { 'the-while-loop': expect.objectContaining({ tab: s().tabId }) },
        progress: {},
        lastLessonId: 'the-while-loop',
        experimentSnapshots: {},
        passedCode: {},
        carried: {},
        hintsShown: {},
        chats: {},
      },
    });
    s().switchCourse('tiny-pack');
    expect(s().drafts).toEqual({ 'the-while-loop': loop('// pack draft') });
    expect(Object.keys(s().courseWork)).toEqual([SHIPPED_COURSE]);
  });

  it('lets go of what the tab holds about the other course’s lessons', () => {
    const app = store();
    const s = () => app.getState();
    s().openShared('the-while-loop', loop('// from a link'));
    s().beginRun(1, 'the-while-loop', 'mine', loop('x'));
    s().setTypeErrors('the-while-loop', [
      { file: 'src/loop.ts', line: 1, column: 1, message: 'x' },
    ]);
    s().setLiveQuestion('the-while-loop', 'Weather?');
    s().setTheme('dark');
    s().switchCourse('tiny-pack');
    expect(s().shared).toEqual({});
    expect(s().run).toBeUndefined();
    expect(s().typeErrors).toEqual({});
    expect(s().liveQuestions).toEqual({});
    expect(s().reloads).toEqual({});
    // Preferences are the learner's, whatever the course.
    expect(s().theme).toBe('dark');
  });

  it('forgets a closed course’s work on request, never the open one’s', () => {
    const app = store();
    const s = () => app.getState();
    s().switchCourse('tiny-pack');
    s().editFile('hello', 'src/loop.ts', '// mine');
    s().forgetCourseWork('tiny-pack');
    expect(s().drafts).toEqual({ hello: loop('// mine') });
    s().switchCourse(SHIPPED_COURSE);
    s().forgetCourseWork('tiny-pack');
    expect(s().courseWork).toEqual({});
    s().switchCourse('tiny-pack');
    expect(s().drafts).toEqual({});
  });

  it('saves the open course’s key with every other course’s work', () => {
    const app = store();
    app.getState().editFile('one-turn', 'src/loop.ts', '// shipped');
    app.getState().switchCourse('tiny-pack');
    const saved = JSON.stringify({ state: partialize(app.getState()), version: PERSIST_VERSION });
    const read = readSavedValue(saved);
    expect(read).toMatchObject({
      courseKey: 'tiny-pack',
      drafts: {},
      courseWork: { '': { drafts: { 'one-turn': loop('// shipped') } } },
    });
  });
});

describe('theirsForCourse', () => {
  const shipped = { drafts: { a: loop('shipped') }, lastLessonId: 'a' };
  const pack = { drafts: { a: loop('pack') }, lastLessonId: 'a' };

  it('gives their work on the course open here, and their other courses', () => {
    // They have the pack open; this tab has the shipped course.
    const theirs = {
      courseKey: 'tiny-pack',
      ...pack,
      theme: 'dark' as const,
      courseWork: { '': shipped },
    };
    const { flat, others } = theirsForCourse(theirs, SHIPPED_COURSE);
    expect(flat).toMatchObject({ ...shipped, theme: 'dark' });
    expect(others).toEqual({ 'tiny-pack': pack });
    // The pack's draft of lesson `a` never reaches the shipped course's lesson `a`.
    const ours = { ...store().getState(), drafts: { a: loop('mine'), b: loop('b') } };
    const { patch } = mergeFromOtherTab({ ...ours, lastLessonId: 'b' }, flat);
    expect(patch.drafts).toEqual({ a: loop('shipped'), b: loop('b') });
  });

  it('reads a save of the same course as it is', () => {
    const theirs = { courseKey: 'tiny-pack', ...pack, courseWork: { '': shipped } };
    const { flat, others } = theirsForCourse(theirs, 'tiny-pack');
    expect(flat.drafts).toEqual(pack.drafts);
    expect(others).toEqual({ '': shipped });
  });

  it('takes an older version’s save as the shipped course’s, saying nothing of others', () => {
    const { flat, others } = theirsForCourse({ ...shipped, courseKey: '' }, 'tiny-pack');
    expect(flat.drafts).toBeUndefined();
    expect(others).toBeUndefined();
    expect(theirsForCourse({ ...shipped }, SHIPPED_COURSE).flat.drafts).toEqual(shipped.drafts);
  });
});
