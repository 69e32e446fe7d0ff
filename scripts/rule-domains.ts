import { z } from 'zod';
import { apiResponseSchema } from '../core/lesson/schema.ts';

/**
 * The sets a rule of a task can name ("anything but `tool_use`", "anything else it throws"),
 * and the members of each that a loop can tell apart: a rule that names a set is exercised by a
 * case per member, so that a loop written for one member (`end_turn`, a thrown `Error`) fails.
 */
export const SETS = {
  /** The installed SDK's `StopReason`, as the cassette schema lists it. */
  stop_reason: apiResponseSchema.shape.stop_reason.options,
  /** The content blocks of a reply, as the cassette schema lists them. */
  block_type: ['text', 'thinking', 'redacted_thinking', 'tool_use'],
  /** The order tools started together finish in (parallel-tool-calls' harness, `input.finish`). */
  finish_order: ['reverse', 'in-order', 'mixed'],
  /** What a tool can throw, or reject with: what `String(error)` and `error.message` tell apart. */
  thrown: ['Error', 'string', 'number', 'object', 'null', 'undefined'],
  /**
   * The type of an `error` event that cuts a stream off: the installed SDK's `ErrorType`, and
   * the `request_too_large` the API's errors page lists beside them.
   */
  stream_error: [
    'invalid_request_error',
    'authentication_error',
    'billing_error',
    'permission_error',
    'not_found_error',
    'request_too_large',
    'rate_limit_error',
    'timeout_error',
    'api_error',
    'overloaded_error',
    'memory_precondition_failed_error',
    'memory_path_conflict_error',
    'conflict_error',
  ],
} as const;
export type SetName = keyof typeof SETS;

/** A rule's set: which case has each member where the rule applies, and which members none can. */
export const domainSchema = z.strictObject({
  set: z.enum(Object.keys(SETS) as [SetName, ...SetName[]]),
  /** For each member of the set the rule covers, the case that has it where the rule applies. */
  cases: z.record(z.string(), z.string()),
  /** Members no case of this lesson can have, or that another rule governs, each with why. */
  excluded: z.record(z.string(), z.string().min(1)).default({}),
  /**
   * The case the member cases are made from (`npx tsx scripts/domain-cases.ts <lesson>`), and
   * the call of it whose reply takes each member (1-based; its last when absent).
   */
  template: z.string().optional(),
  at: z.number().int().positive().optional(),
});
export type Domain = z.infer<typeof domainSchema>;

/** Two checks whose order a rule fixes, and the cases where both apply at once. */
export const orderSchema = z.strictObject({
  /** The check the text puts first, in its words. */
  first: z.string().min(1),
  /** The check it puts after it. */
  then: z.string().min(1),
  /** Cases where both checks apply on the same call, so that their order decides. */
  cases: z.array(z.string()).min(1),
});

/** What the domain check needs to know about a case. */
export interface CaseFacts {
  /** The stop reason of every recorded reply. */
  stopReasons: readonly string[];
  /** The error type of every recorded attempt an `error` event cut off. */
  streamErrors?: readonly string[];
  input: unknown;
}

/** Words that name a set: such a rule must say which members its cases cover. */
const NAMES_A_SET = /\b(anything but|any other|anything else|whatever)\b/i;

/**
 * The problems with a rule's set: every member is covered by a case that has it, or excluded
 * with a reason; a rule whose words name a set says which.
 */
export function checkDomain(
  rule: { rule: string; cases: readonly string[]; domain?: Domain | undefined },
  facts: ReadonlyMap<string, CaseFacts>,
  short: string,
): string[] {
  const { domain } = rule;
  if (!domain) {
    return NAMES_A_SET.test(rule.rule)
      ? [`rule ${short} names a set: give it a "domain" with a case per member`]
      : [];
  }
  const problems: string[] = [];
  const members: readonly string[] = SETS[domain.set];
  for (const member of [...Object.keys(domain.cases), ...Object.keys(domain.excluded)]) {
    if (!members.includes(member)) problems.push(`rule ${short}: ${member} is not a ${domain.set}`);
  }
  for (const member of members) {
    const name = domain.cases[member];
    if (name === undefined) {
      if (!(member in domain.excluded)) {
        problems.push(`rule ${short}: no case has ${domain.set} ${member}, and it is not excluded`);
      }
      continue;
    }
    if (member in domain.excluded)
      problems.push(`rule ${short}: ${member} has a case and is excluded`);
    const fact = facts.get(name);
    if (!fact) problems.push(`rule ${short}: no case ${name} for ${member}`);
    else if (!rule.cases.includes(name))
      problems.push(`rule ${short}: ${name} is not among its cases`);
    else if (domain.set === 'stop_reason' && !fact.stopReasons.includes(member)) {
      problems.push(`rule ${short}: ${name} has no reply with stop_reason ${member}`);
    } else if (domain.set === 'stream_error' && !fact.streamErrors?.includes(member)) {
      problems.push(`rule ${short}: ${name} has no stream cut off by ${member}`);
    }
  }
  if (domain.template !== undefined && !facts.has(domain.template)) {
    problems.push(`rule ${short}: no template case ${domain.template}`);
  }
  return problems;
}
