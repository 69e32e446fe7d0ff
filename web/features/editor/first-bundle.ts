/**
 * Signals between start-up steps that live in different chunks (web/boot.ts sets them; the
 * editor's lazily loaded setup reads them), so the editor does not import the runner.
 */
let firstBundle: () => void = () => {};

/** Settles when the page's first bundle is made, or could not be: the start-up's heavy work. */
export const firstBundleDone = new Promise<void>((resolve) => (firstBundle = resolve));

export function markFirstBundleDone(): void {
  firstBundle();
}
