import { z } from 'zod';
import { FAILURE_FACTS, placeholdersOf } from './failure-fact-names.ts';

/**
 * The tutor of a lesson (`tutor.json`): scripted by the lesson's author, no model needed.
 * Code is pointed at by text, not line numbers, so a pointer survives the learner's edits.
 * Every piece has an id or a place in a list, so the page, the lesson check and (later) a chat
 * can reach it as data.
 */

const idSchema = z.string().regex(/^[a-z0-9-]+$/, 'use a-z, 0-9 and -');

/** The lines of `file` that hold the first occurrence of `match` (which may span lines). */
const anchorSchema = z.strictObject({
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

const failingKinds = verdictKinds.filter((k) => k !== 'pass') as [
  Exclude<(typeof verdictKinds)[number], 'pass'>,
  ...Exclude<(typeof verdictKinds)[number], 'pass'>[],
];

const experimentSchema = z
  .strictObject({
    id: idSchema,
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
  /** How hints, failures (and a chat) refer to the question. */
  id: idSchema,
  question: z.string().min(1),
  /** Markdown. */
  answer: z.string().min(1),
  anchor: anchorSchema.optional(),
});

/** How much a hint gives away, in the order hints unlock. */
export const HINT_LEVELS = ['nudge', 'shape', 'line'] as const;
export type HintLevel = (typeof HINT_LEVELS)[number];

const hintSchema = z.strictObject({
  /** `nudge`: where to look; `shape`: the outline of the code; `line`: the key line itself. */
  level: z.enum(HINT_LEVELS),
  /** Markdown: a few sentences, never the whole solution. */
  body: z.string().min(1),
});

/** What "Explain this failure" opens: an experiment, a question, or the hints. */
const targetSchema = z.union([
  z.strictObject({ experiment: idSchema }),
  z.strictObject({ question: idSchema }),
  z.strictObject({ hints: z.literal(true) }),
]);

const failureSchema = z
  .strictObject({
    /**
     * Which failures this explains: a case's verdict kind, and when given, a phrase of its
     * message and the case's name. The first entry that matches a failing case explains it.
     */
    when: z.strictObject({
      kind: z.enum(failingKinds),
      says: z.string().min(1).optional(),
      case: z.string().min(1).optional(),
    }),
    opens: targetSchema,
    /**
     * Markdown, one paragraph: why this failure happened, told from the learner's own run.
     * `{name}` placeholders are filled in from the failing case's transcript (core/tutor/failure-facts.ts).
     */
    why: z.string().min(1),
  })
  .superRefine((failure, ctx) => {
    for (const name of placeholdersOf(failure.why)) {
      if (!(name in FAILURE_FACTS)) {
        ctx.addIssue({
          code: 'custom',
          path: ['why'],
          message: `{${name}} is not a fact of a run; use one of ${Object.keys(FAILURE_FACTS).join(', ')}`,
        });
      }
    }
    if (failure.why.trim().includes('\n\n')) {
      ctx.addIssue({ code: 'custom', path: ['why'], message: 'why is one paragraph' });
    }
  });

export const tutorSchema = z
  .strictObject({
    walkthrough: z.array(walkthroughStepSchema).min(1),
    /** Two or three, from the least to the most given away; they unlock one at a time. */
    hints: z.array(hintSchema).min(2).max(3),
    experiments: z.array(experimentSchema).min(1),
    questions: z.array(questionSchema).min(1),
    /** How the tutor reacts to a failing case: the first entry that matches it explains it. */
    failures: z.array(failureSchema).min(1),
  })
  .superRefine((tutor, ctx) => {
    const levels = tutor.hints.map((h) => HINT_LEVELS.indexOf(h.level));
    if (levels.some((level, i) => i > 0 && level <= (levels[i - 1] ?? -1))) {
      ctx.addIssue({
        code: 'custom',
        path: ['hints'],
        message: `hints go from nudge to shape to line, each level once (got ${tutor.hints.map((h) => h.level).join(', ')})`,
      });
    }
    unique(ctx, 'experiments', tutor.experiments);
    unique(ctx, 'questions', tutor.questions);
    tutor.failures.forEach((failure, i) => {
      const { opens } = failure;
      if ('experiment' in opens && !tutor.experiments.some((e) => e.id === opens.experiment)) {
        ctx.addIssue({
          code: 'custom',
          path: ['failures', i, 'opens', 'experiment'],
          message: `no experiment "${opens.experiment}" in this tutor`,
        });
      }
      if ('question' in opens && !tutor.questions.some((q) => q.id === opens.question)) {
        ctx.addIssue({
          code: 'custom',
          path: ['failures', i, 'opens', 'question'],
          message: `no question "${opens.question}" in this tutor`,
        });
      }
    });
  });

function unique(ctx: z.RefinementCtx, field: string, items: { id: string }[]): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) {
      ctx.addIssue({
        code: 'custom',
        path: [field, i, 'id'],
        message: `"${item.id}" is used twice`,
      });
    }
    seen.add(item.id);
  });
}

export type Tutor = z.infer<typeof tutorSchema>;
export type TutorAnchor = z.infer<typeof anchorSchema>;
export type TutorExperiment = z.infer<typeof experimentSchema>;
export type TutorFailure = z.infer<typeof failureSchema>;
export type TutorTarget = z.infer<typeof targetSchema>;
