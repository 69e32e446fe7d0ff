import type { FileMap } from '../../../core/index.ts';

/**
 * The core's sources that run inside the learner's worker, as text, for the bundle: the worker
 * runtime and what it imports (the harness API, the SDK stand-in, the API types, the limits).
 * Keys are relative to core/ (`sandbox/worker-runtime.ts`).
 */
const raw = import.meta.glob<string>(
  ['/core/sandbox/**/*.ts', '/core/run/limits.ts', '/core/api/*.ts', '!/core/**/*.test.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

export const coreFiles: FileMap = Object.fromEntries(
  Object.entries(raw).map(([path, text]) => [path.replace(/^\/core\//, ''), text]),
);
