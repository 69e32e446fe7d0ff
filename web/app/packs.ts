import { createPackDb } from '../features/packs/pack-db.ts';
import { createPackLibrary } from '../features/packs/pack-library.ts';

/** The course packs opened in this browser (IndexedDB), for the whole page. */
export const packLibrary = createPackLibrary({
  db: createPackDb(),
  prepare: (files) => import('./prepare-pack.ts').then(({ preparePack }) => preparePack(files)),
});
