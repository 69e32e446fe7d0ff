import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until the service worker has precached the app and controls the page (the first
 * version claims the page it was installed from, after the page's first bundle and an idle
 * moment).
 */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.active?.state === 'activated' && !!navigator.serviceWorker.controller;
      }),
    )
    .toBe(true);
}

/**
 * Whether a build's runner frame can run offline. The sandboxed frame has an opaque origin, so
 * the service worker sees its navigation (runner.html) but none of its own requests: its script
 * must be inlined into runner.html. Until the build does that, an offline Run can only report
 * that the sandbox did not start, and the specs expect exactly that.
 */
export function runnerWorksOffline(distDir: string): boolean {
  const html = readFileSync(join(distDir, 'runner.html'), 'utf8');
  return !/<script\b[^>]*\bsrc=/i.test(html);
}

/** The verdict of a Run whose sandbox could not load (see runnerWorksOffline). */
export const SANDBOX_OFFLINE =
  /^Failed: 0 of \d+ cases pass\. \S+: SandboxUnavailable: The sandbox that runs code \(runner\.html\) did not start\./;
