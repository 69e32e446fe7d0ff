import { useState } from 'react';
import { useAppStore } from '../../store/store.ts';
import type { TutorRequest } from '../../store/tutor-slice.ts';

/**
 * The latest request to the tutor of a lesson ("Explain this failure"). `onRequest` hears each
 * one made while the caller is mounted, during render, so it may set the caller's own state.
 */
export function useTutorRequest(
  lessonId: string,
  onRequest: (request: TutorRequest) => void,
): TutorRequest | undefined {
  const latest = useAppStore((s) => s.tutorRequest);
  const request = latest?.lessonId === lessonId ? latest : undefined;
  // A request made before the caller mounted (another visit to the lesson) is not news.
  const [heard, setHeard] = useState(() => useAppStore.getState().tutorRequest?.nonce);
  if (request && request.nonce !== heard) {
    setHeard(request.nonce);
    onRequest(request);
  }
  return request;
}
