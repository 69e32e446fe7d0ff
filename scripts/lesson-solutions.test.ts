import { describe, expect, it } from 'vitest';
import { checkSolutions, readCatalogues } from './grade-solution.ts';

/**
 * Each lesson's catalogue (`fixtures/<lesson>/solutions/`): correct solutions in several styles
 * pass every case, and every typical mistake fails with a message that names it.
 */
for (const { lessonId, read } of readCatalogues()) {
  describe(lessonId, () => {
    it('has a catalogue, with correct solutions in at least three styles', () => {
      expect(read?.catalogue.correct.length ?? 0).toBeGreaterThanOrEqual(3);
    });
    if (!read) return;
    const { catalogue, files } = read;
    it('lists every solution file, and only files that exist', () => {
      const listed = [...catalogue.correct, ...catalogue.wrong.map((m) => m.solution)];
      expect([...new Set(listed)].sort()).toEqual([...files].sort());
    });
    checkSolutions(lessonId, catalogue);
  });
}
