import { PACK_LIMITS } from '../../core/index.ts';
import { deserializeRoute, serializeCourseRoute } from '../features/lessons/route.ts';
import type { PackEntry } from '../features/packs/pack-db.ts';
import type { OpenResult } from '../features/packs/pack-library.ts';
import { fetchPack, resolvePackUrl } from '../features/packs/pack-url.ts';
import { useAppStore } from '../store/store.ts';
import { packLibrary } from './packs.ts';

/**
 * Opens the course pack the learner chose (Open course): a one-file JSON pack or a zip of a
 * pack's folder. A pack that does not load says why (the library's failure) and changes
 * nothing; one that does is kept in the browser and shown.
 */
export async function openCourseFile(file: File): Promise<void> {
  if (file.size > PACK_LIMITS.bytes) {
    const message = `too large: ${(file.size / 1_000_000).toFixed(1)} MB, past the ${PACK_LIMITS.bytes / 1_000_000} MB a pack may be`;
    packLibrary.fail({
      name: file.name,
      problems: [{ file: file.name, field: '(file)', message }],
    });
    return;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    const message = `could not be read (${error instanceof Error ? error.message : String(error)})`;
    packLibrary.fail({
      name: file.name,
      problems: [{ file: file.name, field: '(file)', message }],
    });
    return;
  }
  const result = await packLibrary.open(bytes, file.name, { kind: 'file', name: file.name });
  if (result.ok) showOpened(result, file.name);
}

/**
 * Opens the pack at an address of the page's own origin (`#/course=<path>`), then shows it in
 * place of that address (so Back does not open it again). Anything else is refused, said why,
 * and the app goes on with the course last open.
 */
export async function openCourseAddress(path: string): Promise<void> {
  const resolved = resolvePackUrl(path, window.location.href);
  const fetched = resolved.ok
    ? await fetchPack(resolved.url)
    : ({ ok: false, message: resolved.message } as const);
  if (!fetched.ok) {
    packLibrary.fail({
      name: path,
      problems: [{ file: path, field: '(address)', message: fetched.message }],
    });
    window.location.replace('#/');
    return;
  }
  const url = resolved.ok ? `${resolved.url.pathname}${resolved.url.search}` : path;
  const result = await packLibrary.open(fetched.bytes, fetched.name, { kind: 'url', url });
  if (!result.ok) {
    window.location.replace('#/');
    return;
  }
  window.location.replace(serializeCourseRoute(result.pack.entry.id));
  showOpened(result, url, false);
}

/**
 * Goes to the pack just opened (a new history entry: Back returns), unless the address is in
 * it already (a link to a lesson of it, waiting for it to be opened), and says what happened.
 */
function showOpened(result: Extract<OpenResult, { ok: true }>, from: string, go = true): void {
  const { entry } = result.pack;
  if (result.replaced && useAppStore.getState().courseKey === entry.id) {
    // A new version of the course on screen: its editor files, results and runs are the old
    // version's, so the page starts again in it (every edit is already saved).
    window.location.reload();
    return;
  }
  if (go && deserializeRoute(window.location.hash)?.courseId !== entry.id) {
    window.location.assign(serializeCourseRoute(entry.id));
  }
  const lessons = `${entry.lessons} ${entry.lessons === 1 ? 'lesson' : 'lessons'}`;
  useAppStore
    .getState()
    .pushNotice(
      'info',
      result.replaced
        ? `Updated “${entry.title}” (${lessons}) from ${from}. Your work in it is kept.`
        : `Opened “${entry.title}” (${lessons}) from ${from}. Your work in it is kept apart from other courses’; the course map switches between them.`,
    );
}

/**
 * Removes an opened pack from this browser, after the learner confirmed: the page first goes
 * to the shipped course if the pack is the one open, then the pack goes, and its work with it
 * only when `keepWork` is false (kept, it comes back if the pack is opened again).
 */
export async function removePack(entry: PackEntry, keepWork: boolean, away: string): Promise<void> {
  if (useAppStore.getState().courseKey === entry.id) {
    window.location.assign(away);
    await closed(entry.id);
  }
  try {
    await packLibrary.remove(entry.id);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    useAppStore
      .getState()
      .pushNotice('error', `“${entry.title}” could not be removed from this browser (${reason}).`);
    return;
  }
  const store = useAppStore.getState();
  if (!keepWork) store.forgetCourseWork(entry.id);
  store.pushNotice(
    'info',
    keepWork
      ? `Removed “${entry.title}” from this browser. Your work in it is kept: open the pack again to go on.`
      : `Removed “${entry.title}” and your work in it from this browser.`,
  );
}

/** Settles once the course `key` is no longer the open one (the app shell switched away). */
function closed(key: string): Promise<void> {
  return new Promise((resolve) => {
    if (useAppStore.getState().courseKey !== key) return resolve();
    const unsubscribe = useAppStore.subscribe((state) => {
      if (state.courseKey === key) return;
      unsubscribe();
      resolve();
    });
  });
}
