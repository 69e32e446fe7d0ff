import { describe, expect, it } from 'vitest';
import { createMoments, type MomentClock } from './moments.ts';

/** A clock whose timers fire only when the test says so. */
function fakeClock() {
  const timers = new Map<number, () => void>();
  let next = 0;
  const clock: MomentClock = {
    setTimeout(callback) {
      timers.set(++next, callback);
      return next;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const fire = () => {
    const due = [...timers.values()];
    timers.clear();
    for (const callback of due) callback();
  };
  return { clock, fire, pending: () => timers.size };
}

describe('moments', () => {
  it('is over for every holder of a key at once, with one timer and one notice', () => {
    const { clock, fire, pending } = fakeClock();
    const moments = createMoments(clock);
    const notices: string[] = [];
    moments.subscribe(() => notices.push(`passed: ${moments.passed('run:1')}`));
    moments.hold('run:1');
    moments.hold('run:1');
    expect(pending()).toBe(1);
    expect(moments.passed('run:1')).toBe(false);
    fire();
    expect(moments.passed('run:1')).toBe(true);
    expect(notices).toEqual(['passed: true']);
  });

  it('stops its timer when the last holder lets go, and starts afresh when held again', () => {
    const { clock, fire, pending } = fakeClock();
    const moments = createMoments(clock);
    const first = moments.hold('run:1');
    const second = moments.hold('run:1');
    first();
    first(); // letting go twice counts once
    expect(pending()).toBe(1);
    second();
    expect(pending()).toBe(0);
    moments.hold('run:1');
    expect(moments.passed('run:1')).toBe(false);
    fire();
    expect(moments.passed('run:1')).toBe(true);
  });

  it('keeps keys apart, and forgets a passed moment once no one holds it', () => {
    const { clock, fire } = fakeClock();
    const moments = createMoments(clock);
    const release = moments.hold('run:1');
    fire();
    moments.hold('run:2');
    expect([moments.passed('run:1'), moments.passed('run:2')]).toEqual([true, false]);
    release();
    expect(moments.passed('run:1')).toBe(false);
  });
});
