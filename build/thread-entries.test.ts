import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The entry file of every thread and process the app and the CLI run their code in: each says,
 * on its first line, where it runs, so a reader who opens one knows which globals, which policy
 * and which neighbours its code has.
 */
const ENTRIES = [
  'web/boot.ts',
  'web/service-worker/service.worker.ts',
  'web/host/bundler/bundler.worker.ts',
  'web/host/runner-frame/frame.ts',
  'web/host/runner-frame/heartbeat.worker.ts',
  'web/host/case-worker/case.worker.ts',
  'cli/entry.ts',
  'cli/sandbox/child/sandbox-process.ts',
  'cli/sandbox/child/case-thread.ts',
];

describe("each thread's entry file", () => {
  it.each(ENTRIES)('%s says on its first line where it runs', (path) => {
    const [first] = readFileSync(new URL(`../${path}`, import.meta.url), 'utf8').split('\n');
    expect(first).toMatch(/^\/\/ Runs in .{10,}/);
  });
});
