import type { FileMap } from '../../core/index.ts';

/** Two drafts hold the same text for every file (absent and empty drafts are alike). */
export function sameFiles(a: FileMap | undefined, b: FileMap | undefined): boolean {
  const left = a ?? {};
  const right = b ?? {};
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(right, k) && left[k] === right[k]);
}
