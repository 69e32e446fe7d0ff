import { useMemo, useState } from 'react';
import {
  createLiveResponder,
  createOfflineResponder,
  type LiveAnswer,
  type LiveTutorConnection,
  type TutorResponder,
} from '../../core/index.ts';

/**
 * The tutor's responder for the app shell: the live tutor loop when live mode gives a
 * connection (it falls back to the offline tutor by itself), and what each live answer was,
 * for "How did the tutor answer?" and the token counts: those asked in `lessonId`. Live answers
 * are kept for the tab only.
 */
export function useLiveTutor(
  connection: LiveTutorConnection | undefined,
  lessonId: string,
): {
  responder: TutorResponder | undefined;
  answers: readonly LiveAnswer[];
} {
  const [answers, setAnswers] = useState<readonly LiveAnswer[]>([]);
  const responder = useMemo(
    () =>
      connection &&
      createLiveResponder({
        connection,
        fallback: createOfflineResponder(),
        onAnswer: (answer) => setAnswers((kept) => [...kept.slice(-19), answer]),
      }),
    [connection],
  );
  const asked = useMemo(
    () => answers.filter((answer) => answer.lessonId === lessonId),
    [answers, lessonId],
  );
  return { responder, answers: asked };
}
