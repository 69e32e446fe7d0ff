import { createContext, useCallback, useContext } from 'react';
import { markdownHtml } from 'virtual:course';
import { serializeRoute } from './route.ts';

/** What the lesson views need to know of the course on screen, beyond its lessons. */
export interface CourseView {
  /** The opened course pack's id; undefined for the course the app ships. */
  packId: string | undefined;
  /** The course's markdown as sanitised HTML, keyed by `markdownKey` (markdown-text.ts). */
  markdownHtml: Readonly<Record<string, string>>;
}

/** The course the app ships, its markdown rendered by the build. */
export const SHIPPED_VIEW: CourseView = { packId: undefined, markdownHtml };

/** The course on screen: the shipped one unless the app shell provides a pack's. */
export const CourseViewContext = createContext<CourseView>(SHIPPED_VIEW);

export function useCourseView(): CourseView {
  return useContext(CourseViewContext);
}

/** A lesson's address in the course on screen. */
export function useLessonHref(): (lessonId: string) => string {
  const { packId } = useCourseView();
  return useCallback((lessonId: string) => serializeRoute(lessonId, packId), [packId]);
}

/** Where a link within the app in the course's own text leads (see MarkdownOptions). */
export function linkBaseOf(packId: string | undefined): string | undefined {
  return packId === undefined ? undefined : `#/@${encodeURIComponent(packId)}/`;
}
