/**
 * A line-based three-way merge (diff3): the changes `ours` and `theirs` each made to `base`,
 * combined. Where both changed the same lines differently, that is a conflict, and nothing
 * is guessed.
 */

/** Lines of `ours` (1-based, inclusive) that a conflicting change of `theirs` also touches. */
export interface MergeConflict {
  /** Where in `ours` the conflict is; an empty range (end < start) is a point between lines. */
  ours: { startLine: number; endLine: number };
}

export type MergeResult = { ok: true; text: string } | { ok: false; conflicts: MergeConflict[] };

export function mergeLines(base: string, ours: string, theirs: string): MergeResult {
  const a = lines(base);
  const o = lines(ours);
  const t = lines(theirs);
  const toOurs = matchLines(a, o);
  const toTheirs = matchLines(a, t);
  const out: string[] = [];
  const conflicts: MergeConflict[] = [];
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length || j < o.length || k < t.length) {
    // Lines all three still share, in step, are taken as they are.
    if (i < a.length && toOurs[i] === j && toTheirs[i] === k) {
      out.push(a[i] as string);
      i++;
      j++;
      k++;
      continue;
    }
    // Otherwise a chunk runs up to the next base line both sides kept (or to the end).
    let next = i;
    while (next < a.length && (toOurs[next] === -1 || toTheirs[next] === -1)) next++;
    const endO = next < a.length ? (toOurs[next] as number) : o.length;
    const endT = next < a.length ? (toTheirs[next] as number) : t.length;
    const was = a.slice(i, next);
    const mine = o.slice(j, endO);
    const yours = t.slice(k, endT);
    if (same(mine, was)) out.push(...yours);
    else if (same(yours, was) || same(mine, yours)) out.push(...mine);
    else conflicts.push({ ours: { startLine: j + 1, endLine: endO } });
    i = next;
    j = endO;
    k = endT;
  }
  return conflicts.length > 0 ? { ok: false, conflicts } : { ok: true, text: out.join('\n') };
}

function lines(text: string): string[] {
  return text.replace(/\r\n/g, '\n').split('\n');
}

function same(x: readonly string[], y: readonly string[]): boolean {
  return x.length === y.length && x.every((line, i) => line === y[i]);
}

/**
 * For each line of `from`, the index of the line of `to` it is matched with in a longest
 * common subsequence, or -1. Matches only ever move forward.
 */
function matchLines(from: readonly string[], to: readonly string[]): number[] {
  const match = new Array<number>(from.length).fill(-1);
  // The common start and end are matched as they are; the LCS table covers only the middle.
  let start = 0;
  while (start < from.length && start < to.length && from[start] === to[start]) {
    match[start] = start;
    start++;
  }
  let end = 0;
  while (
    end < from.length - start &&
    end < to.length - start &&
    from[from.length - 1 - end] === to[to.length - 1 - end]
  ) {
    match[from.length - 1 - end] = to.length - 1 - end;
    end++;
  }
  const n = from.length - start - end;
  const m = to.length - start - end;
  // lcs[x * (m + 1) + y]: the LCS length of the middle's suffixes from x and from y.
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let x = n - 1; x >= 0; x--) {
    for (let y = m - 1; y >= 0; y--) {
      lcs[x * (m + 1) + y] =
        from[start + x] === to[start + y]
          ? (lcs[(x + 1) * (m + 1) + y + 1] as number) + 1
          : Math.max(lcs[(x + 1) * (m + 1) + y] as number, lcs[x * (m + 1) + y + 1] as number);
    }
  }
  let x = 0;
  let y = 0;
  while (x < n && y < m) {
    if (from[start + x] === to[start + y]) {
      match[start + x] = start + y;
      x++;
      y++;
    } else if ((lcs[(x + 1) * (m + 1) + y] as number) >= (lcs[x * (m + 1) + y + 1] as number)) {
      x++;
    } else {
      y++;
    }
  }
  return match;
}
