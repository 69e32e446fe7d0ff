/**
 * The TypeScript libraries learner code is typed against, in the editor and in the lesson
 * check alike: the language (ES2022) and what a worker has (console, timers), no DOM.
 * The build keeps only these, and what they reference, in the editor's TypeScript worker.
 */
export const LEARNER_LIBS = ['lib.es2022.d.ts', 'lib.webworker.d.ts'];
