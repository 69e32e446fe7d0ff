/** One line of a diff: kept, removed from the old text, added in the new one, or a gap. */
export interface DiffLine {
  /** `…` stands for unchanged lines left out (its text is empty). */
  op: ' ' | '-' | '+' | '…';
  text: string;
}

/** Past this many line pairs, no diff is worked out (the table would be too big). */
const MAX_CELLS = 4_000_000;

/**
 * The lines that change from `before` to `after` (a longest common subsequence), with
 * `context` unchanged lines around each change and a gap where unchanged lines are left out.
 * Undefined when the texts are too long to compare.
 */
export function lineDiff(before: string, after: string, context = 2): DiffLine[] | undefined {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length * b.length > MAX_CELLS) return;
  // common[i][j]: the longest common subsequence of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    const row = common[i]!;
    const next = common[i + 1]!;
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] = a[i] === b[j] ? next[j + 1]! + 1 : Math.max(next[j]!, row[j + 1]!);
    }
  }
  const all: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      all.push({ op: ' ', text: a[i++]! });
      j++;
    } else if (i < a.length && (j === b.length || common[i + 1]![j]! >= common[i]![j + 1]!)) {
      all.push({ op: '-', text: a[i++]! });
    } else {
      all.push({ op: '+', text: b[j++]! });
    }
  }
  const near = all.map((_, k) =>
    all.slice(Math.max(0, k - context), k + context + 1).some((line) => line.op !== ' '),
  );
  const shown: DiffLine[] = [];
  all.forEach((line, k) => {
    if (near[k]) shown.push(line);
    else if (shown.at(-1)?.op !== '…') shown.push({ op: '…', text: '' });
  });
  return shown;
}
