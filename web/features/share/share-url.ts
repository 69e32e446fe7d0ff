import { encodeShareFragment, type FileMap, type Lesson } from '../../../core/index.ts';

/**
 * The full link that opens `lesson` with `draft` laid over its starter: this page's address
 * with the share fragment (only the files that differ from the starter travel).
 */
export function shareUrl(lesson: Lesson, draft: FileMap | undefined, location: Location): string {
  const files = { ...lesson.starter, ...draft };
  return `${location.origin}${location.pathname}${location.search}${encodeShareFragment(lesson, files)}`;
}

/** True when the draft changes nothing: the link opens the lesson as it begins. */
export function isStarter(lesson: Lesson, draft: FileMap | undefined): boolean {
  return Object.entries(draft ?? {}).every(([path, text]) => lesson.starter[path] === text);
}
