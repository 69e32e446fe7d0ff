/** Built by build/course-at-build.ts from fixtures/. */
declare module 'virtual:course' {
  import type { LoadCourseResult } from '../core/index.ts';

  /** The course as the core's loader found it: its lessons, or what is wrong with them. */
  export const courseResult: LoadCourseResult;
  /** The course's markdown as sanitised HTML, keyed by `markdownKey` (markdown-text.ts). */
  export const markdownHtml: Readonly<Record<string, string>>;
}

/** The origins the page's CSP lets live mode connect to (vite.config.ts, `define`). */
declare const __THEINFERENCE_LIVE_ORIGINS__: readonly string[] | undefined;

/**
 * The runner frame's document, relative to the base (build/runner-frame.ts): `runner.html` in
 * development, `assets/<content hash>/runner.html` in a build.
 */
declare const __RUNNER_FRAME__: string;
