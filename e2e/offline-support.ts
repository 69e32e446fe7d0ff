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
