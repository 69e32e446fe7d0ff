import { encodeShareFragment, type FileMap, type Lesson } from '../../../core/index.ts';

/**
 * The full link that opens `lesson` with `draft` laid over its starter: this page's address
 * with the share fragment (only the files that differ from the starter travel). A lesson of
 * an opened course pack (`packId`) has the pack's id in its route (`#/@<id>/<lesson>/v1.…`):
 * a link cannot carry the pack, so it names it, and opens only where the pack is open.
 */
export function shareUrl(
  lesson: Lesson,
  draft: FileMap | undefined,
  location: Location,
  packId?: string,
): string {
  const files = { ...lesson.starter, ...draft };
  const fragment = encodeShareFragment(lesson, files);
  const route =
    packId === undefined ? fragment : `#/@${encodeURIComponent(packId)}/${fragment.slice(2)}`;
  return `${location.origin}${location.pathname}${location.search}${route}`;
}

/** True when the draft changes nothing: the link opens the lesson as it begins. */
export function isStarter(lesson: Lesson, draft: FileMap | undefined): boolean {
  return Object.entries(draft ?? {}).every(([path, text]) => lesson.starter[path] === text);
}
