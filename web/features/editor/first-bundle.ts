/**
 * The page's first bundle, as a signal the editor waits for (monaco-setup.ts starts the
 * TypeScript worker after it): web/boot.ts marks it done. A signal of the editor's own, so its
 * lazily loaded setup imports neither the runner's host nor the app above it.
 */
let firstBundle: () => void = () => {};

/** Settles when the page's first bundle is made, or could not be: the start-up's heavy work. */
export const firstBundleDone = new Promise<void>((resolve) => (firstBundle = resolve));

export function markFirstBundleDone(): void {
  firstBundle();
}
