import { STORAGE_KEY } from './persisted-state.ts';
import { keepValueAside } from './safe-storage.ts';
import { useAppStore } from './store.ts';

/**
 * A lesson's conversation that could not be shown (its rendering failed) is set aside, as
 * saved state that cannot be read is: copied under a key of its own in localStorage, so
 * nothing is lost, and taken out of the chat, which starts again empty; the learner is told
 * where the copy is. Without this, a conversation that fails to render fails on every load.
 */
export function setChatAside(lessonId: string, reason: string): void {
  const store = useAppStore.getState();
  const messages = store.chats[lessonId];
  if (!messages) return;
  let keptAt: string | undefined;
  try {
    const name = `${STORAGE_KEY}:chat:${lessonId}`;
    keptAt = keepValueAside(window.localStorage, name, JSON.stringify(messages));
  } catch {
    keptAt = undefined;
  }
  store.clearChat(lessonId);
  store.pushNotice('warning', chatAsideText(reason, keptAt));
}

/** What the learner is told when their conversation was set aside. */
export function chatAsideText(reason: string, keptAt: string | undefined): string {
  return (
    `The tutor's conversation in this lesson could not be shown (${reason}), so the chat starts again. ` +
    (keptAt
      ? `Nothing was deleted: the conversation is kept in this browser's localStorage under "${keptAt}".`
      : 'The conversation could not be copied aside.')
  );
}
