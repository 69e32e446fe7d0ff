import type { FileMap } from '../../../core/index.ts';

/**
 * The core's sources as text, for the bundle the worker runs (the runtime, the harness API).
 * Tests are left out, and live mode's host side (core/live/), which never runs in a worker;
 * keys are relative to core/ (`run/worker-runtime.ts`).
 */
const raw = import.meta.glob<string>(['/core/**/*.ts', '!/core/**/*.test.ts', '!/core/live/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const coreFiles: FileMap = Object.fromEntries(
  Object.entries(raw).map(([path, text]) => [path.replace(/^\/core\//, ''), text]),
);
