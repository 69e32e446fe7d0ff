import type { ApprovalCall, Decision, UserAnswer, UserAnswerer } from '../../../core/index.ts';

/**
 * The questions a live run asks the person (approvals), waiting for the live panel's prompt:
 * the page's side of `h.ask`. A live run's user puts each question here; the prompt shows the
 * first and answers it; a question the run withdraws (Stop, its end) leaves. Kept here, not in
 * the app's store: a question holds the way to answer it, which is no state to save or share.
 */
export interface PendingQuestion {
  /** Counts every question of the tab: a new one is a new prompt (its focus, its reason). */
  id: number;
  call: ApprovalCall;
}

export interface Approvals {
  /** The user a live run asks: the person, through the prompt. */
  user: UserAnswerer;
  /** The question the prompt shows, or undefined when none waits. */
  current(): PendingQuestion | undefined;
  /** Answers the question shown; `id` guards against answering one that has just gone. */
  answer(id: number, decision: Decision): void;
  subscribe(listener: () => void): () => void;
}

export function createApprovals(): Approvals {
  const queue: (PendingQuestion & { resolve(answer: UserAnswer): void })[] = [];
  const listeners = new Set<() => void>();
  let next = 0;
  let shown: PendingQuestion | undefined;
  const changed = () => {
    const head = queue[0];
    shown = head ? { id: head.id, call: head.call } : undefined;
    for (const listener of listeners) listener();
  };
  const take = (id: number) => {
    const at = queue.findIndex((q) => q.id === id);
    const [question] = at >= 0 ? queue.splice(at, 1) : [];
    if (question) changed();
    return question;
  };
  return {
    user: (call, { signal } = {}) =>
      new Promise((resolve) => {
        if (signal?.aborted) return resolve({ ok: false, message: 'The run has ended.' });
        const id = ++next;
        queue.push({ id, call, resolve });
        signal?.addEventListener('abort', () =>
          take(id)?.resolve({ ok: false, message: 'The run ended before an answer.' }),
        );
        changed();
      }),
    current: () => shown,
    answer(id, decision) {
      take(id)?.resolve({ ok: true, decision });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The tab's approvals: one live run at a time asks through them. */
export const approvals = createApprovals();
