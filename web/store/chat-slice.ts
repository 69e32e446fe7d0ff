import type { StateCreator } from 'zustand';
import { CHAT_LIMITS, type ChatMessage } from '../../core/index.ts';

/** The learner's conversation with the tutor, per lesson. Persisted: it is theirs. */
export interface ChatSlice {
  /** lessonId -> the conversation, oldest first, at most `CHAT_LIMITS.messages` long. */
  chats: Record<string, ChatMessage[]>;
  /** Adds a message (its id and time given here) and returns it. */
  addChatMessage(lessonId: string, message: Omit<ChatMessage, 'id' | 'at'>): ChatMessage;
  clearChat(lessonId: string): void;
}

let seq = 0;
/** Unique across tabs: the time, a counter, and a random part. */
const newId = () =>
  `${Date.now().toString(36)}-${(seq++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export const createChatSlice: StateCreator<ChatSlice> = (set) => ({
  chats: {},
  addChatMessage: (lessonId, message) => {
    const added: ChatMessage = { ...message, id: newId(), at: Date.now() };
    set((state) => ({
      chats: { ...state.chats, [lessonId]: capChat([...(state.chats[lessonId] ?? []), added]) },
    }));
    return added;
  },
  clearChat: (lessonId) =>
    set((state) => {
      if (!(lessonId in state.chats)) return state;
      const { [lessonId]: _cleared, ...rest } = state.chats;
      return { chats: rest };
    }),
});

/** The newest `CHAT_LIMITS.messages` of a conversation. */
export function capChat(messages: ChatMessage[]): ChatMessage[] {
  return messages.length > CHAT_LIMITS.messages ? messages.slice(-CHAT_LIMITS.messages) : messages;
}
