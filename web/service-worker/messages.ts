/**
 * Messages between the page and its service worker, both directions in one place.
 * The page asks a waiting worker to take over (the learner chose "Reload"); the worker
 * answers nothing: the page hears `controllerchange` and reloads.
 */
export type PageToWorker = { type: 'skip-waiting' };

export const isPageToWorker = (data: unknown): data is PageToWorker =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'skip-waiting';
