// Part of each case's worker thread in the sandbox process (case-thread.ts keeps these globals).

/**
 * The web platform's globals that learner code keeps, besides the language's own: what a
 * browser worker also offers and the course's code may use. Everything else Node puts on a
 * worker's global object goes before learner code runs: `process`, `require`, `module`,
 * `Buffer`, `fetch`, `setImmediate`, `BroadcastChannel`... Learner code then sees what it sees
 * in the browser, and reaches neither the file system, nor other processes, nor `Worker`.
 */
export const WEB_GLOBALS = [
  'console',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'queueMicrotask',
  'structuredClone',
  'atob',
  'btoa',
  'performance',
  'crypto',
  'TextEncoder',
  'TextDecoder',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
  'Event',
  'EventTarget',
  'CustomEvent',
  'DOMException',
  'Blob',
  'MessageChannel',
  'MessagePort',
  'MessageEvent',
] as const;
