import { describe, expect, it } from 'vitest';
import { checkSolutions, readCatalogues } from './grade-solution.ts';

/**
 * Each lesson's catalogue (`fixtures/<lesson>/solutions/`): correct solutions in several styles
 * pass every case, and every typical mistake fails with a message that names it.
 */
for (const { lessonId, catalogue, files } of readCatalogues()) {
  describe(lessonId, () => {
    it('lists every solution file, and only files that exist', () => {
      const listed = [...catalogue.correct, ...catalogue.wrong.map((m) => m.solution)];
      expect([...new Set(listed)].sort()).toEqual([...files].sort());
    });
    checkSolutions(lessonId, catalogue);
  });
}
