/**
 * When a draft was last changed, and by which tab: `at` orders the changes, `tab` breaks a tie
 * between two tabs that changed a draft in the same millisecond. Saved beside each draft
 * (`draftStamps`, lessonId -> stamp), so a tab hearing another tab's save can tell a newer draft
 * from a stale copy of an older one (see `mergeDrafts`).
 */
export interface DraftStamp {
  /**
   * A clock that never goes backwards for a draft: the time of the change in milliseconds, or
   * one past the draft's stamp before it (and past the other tab's draft it replaced), whichever
   * is later. 0 for a draft saved before drafts had stamps: the oldest there is.
   */
  at: number;
  /** The tab that made the change (random per tab); '' for a draft with no stamp. */
  tab: string;
}

/** The stamp of a draft that has none (saved before stamps, or never edited): the oldest. */
export const UNSTAMPED: DraftStamp = { at: 0, tab: '' };

/** How long a saved tab id may be; longer is malformed. */
const TAB_ID_CHARS = 64;

/** A new tab's id: random, so two tabs' changes in the same millisecond still have an order. */
export function newTabId(): string {
  return Math.random().toString(36).slice(2, 12) || 'tab';
}

/** Negative when `a` is the older change, positive when the newer, 0 for the same stamp. */
export function compareStamps(a: DraftStamp, b: DraftStamp): number {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  return a.tab === b.tab ? 0 : a.tab < b.tab ? -1 : 1;
}

/** A lesson's stamp in `stamps` (a draft without one is UNSTAMPED). */
export function stampOf(stamps: Record<string, DraftStamp> | undefined, lessonId: string) {
  return stamps?.[lessonId] ?? UNSTAMPED;
}

/** The last `at` this tab handed out: no two of its changes share one, none goes back. */
let lastAt = 0;

/**
 * A stamp for a change this tab makes now to a draft that was at `before` (and, for a choice in
 * a conflict, also `theirs`): later than each, so the change wins over what it replaced.
 */
export function nextStamp(tab: string, ...before: (DraftStamp | undefined)[]): DraftStamp {
  const after = before.map((s) => (s?.at ?? 0) + 1);
  lastAt = Math.max(Date.now(), lastAt + 1, ...after);
  return { at: lastAt, tab };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A saved stamp, or undefined when it is malformed. */
function stampFrom(value: unknown): DraftStamp | undefined {
  if (!isRecord(value)) return;
  const { at, tab } = value;
  if (!Number.isSafeInteger(at) || (at as number) < 0) return;
  if (typeof tab !== 'string' || tab.length > TAB_ID_CHARS) return;
  return { at: at as number, tab };
}

/**
 * The well-formed stamps of a saved `draftStamps`; `drop` hears each malformed one, whose draft
 * is kept and counts as the oldest (UNSTAMPED). Undefined when absent.
 */
export function sanitizeDraftStamps(
  value: unknown,
  drop: () => void,
): Record<string, DraftStamp> | undefined {
  if (value === undefined) return;
  if (!isRecord(value)) {
    drop();
    return;
  }
  const out: Record<string, DraftStamp> = {};
  for (const [lessonId, saved] of Object.entries(value)) {
    const stamp = stampFrom(saved);
    if (stamp) out[lessonId] = stamp;
    else drop();
  }
  return out;
}

/**
 * One course's work saved before drafts had stamps (version 5), with each draft stamped
 * UNSTAMPED: the oldest, so any draft changed since wins over it and none conflicts with it.
 */
export function withUnstampedDrafts(work: Record<string, unknown>): Record<string, unknown> {
  if (work.draftStamps !== undefined || !isRecord(work.drafts)) return work;
  const stamps = Object.fromEntries(Object.keys(work.drafts).map((id) => [id, { ...UNSTAMPED }]));
  return { ...work, draftStamps: stamps };
}
