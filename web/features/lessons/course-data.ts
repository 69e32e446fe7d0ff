/**
 * The course, loaded and checked from `fixtures/` when the app was built (by the core's
 * loader, see build/course-at-build.ts): its lessons, or what is wrong with them.
 */
export { courseResult } from 'virtual:course';
