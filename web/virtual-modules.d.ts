/** Built by build/course-at-build.ts from fixtures/. */
declare module 'virtual:course' {
  import type { LoadCourseResult } from '../core/index.ts';

  /** The course as the core's loader found it: its lessons, or what is wrong with them. */
  export const courseResult: LoadCourseResult;
  /** The course's markdown as sanitised HTML, keyed by `markdownKey` (markdown-text.ts). */
  export const markdownHtml: Readonly<Record<string, string>>;
}
