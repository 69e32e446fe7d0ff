import { z } from 'zod';

/**
 * The tutor of a lesson (`tutor.json`): scripted by the lesson's author, no model needed.
 * Code is pointed at by text, not line numbers, so a pointer survives the learner's edits.
 */

/** The lines of `file` that hold the first occurrence of `match` (which may span lines). */
export const anchorSchema = z.strictObject({
  file: z.string().min(1),
  match: z.string().min(1),
});

const walkthroughStepSchema = z.strictObject({
  title: z.string().min(1),
  /** Markdown. */
  body: z.string().min(1),
  anchor: anchorSchema.optional(),
});

const verdictKinds = [
  'pass',
  'diff',
  'no-output',
  'extra-output',
  'unconsumed',
  'compile',
  'runtime',
  'timeout',
  'api',
  'cassette',
] as const;

const experimentSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string().min(1),
    /** Markdown: what to change, and the question to predict an answer to. */
    prompt: z.string().min(1),
    /** The change, applied to the learner's file (and, by the lesson check, to the reference). */
    edit: z.strictObject({ file: z.string().min(1), find: z.string().min(1), replace: z.string() }),
    predictions: z
      .array(z.strictObject({ id: z.string().min(1), label: z.string().min(1) }))
      .min(2),
    /** The id of the prediction that matches what really happens. */
    correct: z.string().min(1),
    /** What really happens: the named case's verdict kind and a phrase of its message. */
    outcome: z.strictObject({
      case: z.string().min(1),
      kind: z.enum(verdictKinds),
      says: z.string().min(1),
    }),
    /** Markdown: why it happens. */
    explanation: z.string().min(1),
  })
  .refine((e) => e.predictions.some((p) => p.id === e.correct), {
    message: 'correct must be the id of one of the predictions',
    path: ['correct'],
  });

const questionSchema = z.strictObject({
  question: z.string().min(1),
  /** Markdown. */
  answer: z.string().min(1),
  anchor: anchorSchema.optional(),
});

export const tutorSchema = z.strictObject({
  walkthrough: z.array(walkthroughStepSchema).min(1),
  experiments: z.array(experimentSchema).min(1),
  questions: z.array(questionSchema).min(1),
});

export type Tutor = z.infer<typeof tutorSchema>;
export type TutorAnchor = z.infer<typeof anchorSchema>;
export type TutorExperiment = z.infer<typeof experimentSchema>;
