import { z } from 'zod';
import { checkDomain, domainSchema, orderSchema, type CaseFacts } from './rule-domains.ts';
import { normalize, quotes, taskSentences } from './task-sentences.ts';

/**
 * `fixtures/<lesson>/rules.json`: the lesson's rule -> case table. Every sentence of task.md
 * either states a rule, quoted here with the cases that fail when it is broken and the
 * catalogue's mistakes that break it, or is listed as stating none, with the reason.
 */
export const rulesFileSchema = z.strictObject({
  rules: z
    .array(
      z.strictObject({
        /** The rule as task.md words it: a sentence, or the part of one that states it. */
        rule: z.string().min(1),
        /** Cases that fail when the rule is broken. */
        cases: z.array(z.string()).min(1),
        /** Wrong solutions in the lesson's catalogue (`solutions/`) that break it. */
        mistakes: z.array(z.string()).min(1),
        /** The set the rule names, and the case that has each of its members. */
        domain: domainSchema.optional(),
        /** Two checks whose order the rule fixes, and the cases where both apply at once. */
        order: orderSchema.optional(),
      }),
    )
    .min(1),
  /** Sentences of task.md that state no rule of their own, each with the reason. */
  noRule: z.array(z.strictObject({ sentence: z.string().min(1), why: z.string().min(1) })),
  /**
   * Cases the starter passes, each with why: they check what the lesson keeps as before (a
   * stop reason that still ends the loop), which the starter already does. Every other case
   * must fail the starter.
   */
  starterPasses: z.record(z.string(), z.string().min(1)).default({}),
});
export type RulesFile = z.infer<typeof rulesFileSchema>;

/** What the rule check needs to know about a lesson besides its rules. */
export interface LessonFacts {
  task: string;
  cases: readonly string[];
  /** The catalogue's wrong solutions, each with the cases its entries name. */
  mistakes: ReadonlyMap<string, readonly string[]>;
  /** What the rule check reads of each case, by name. */
  caseFacts: ReadonlyMap<string, CaseFacts>;
}

/**
 * The problems with a lesson's rule table, one sentence each; none when every sentence of
 * the task is accounted for and every rule is exercised by a case and broken by a mistake
 * that fails on one of those cases.
 */
export function checkRules(rules: RulesFile, lesson: LessonFacts): string[] {
  const problems: string[] = [];
  const task = normalize(lesson.task);
  const sentences = taskSentences(lesson.task);
  for (const entry of rules.rules) {
    const { rule, cases, mistakes, order } = entry;
    const short = brief(rule);
    problems.push(...checkDomain(entry, lesson.caseFacts, short));
    if (order) {
      for (const name of order.cases) {
        if (!cases.includes(name))
          problems.push(`rule ${short}: order case ${name} is not among its cases`);
      }
      const forced = mistakes.some((m) =>
        lesson.mistakes.get(m)?.some((c) => order.cases.includes(c)),
      );
      if (!forced) {
        problems.push(
          `rule ${short}: none of its mistakes is graded on a case where both checks apply`,
        );
      }
    }
    if (!task.includes(normalize(rule))) problems.push(`rule ${short} is not in task.md`);
    for (const name of cases) {
      if (!lesson.cases.includes(name)) problems.push(`rule ${short}: no case ${name}`);
    }
    for (const mistake of mistakes) {
      const graded = lesson.mistakes.get(mistake);
      if (!graded) problems.push(`rule ${short}: no mistake ${mistake} in solutions.json`);
      else if (!graded.some((name) => cases.includes(name))) {
        problems.push(`rule ${short}: ${mistake} is graded on none of the rule's cases`);
      }
    }
  }
  for (const name of Object.keys(rules.starterPasses)) {
    if (!lesson.cases.includes(name)) problems.push(`starterPasses: no case ${name}`);
  }
  for (const { sentence } of rules.noRule) {
    if (!sentences.includes(normalize(sentence))) {
      problems.push(`noRule ${brief(sentence)} is not a sentence of task.md`);
    }
  }
  const listed = new Set(rules.noRule.map(({ sentence }) => normalize(sentence)));
  for (const sentence of sentences) {
    if (listed.has(sentence)) continue;
    if (rules.rules.some(({ rule }) => quotes(rule, sentence))) continue;
    problems.push(
      `task rule ${brief(sentence)} has no case: quote it in rules, or list it in noRule`,
    );
  }
  return problems;
}

function brief(text: string): string {
  const line = normalize(text);
  return JSON.stringify(line.length > 70 ? `${line.slice(0, 67)}...` : line);
}
