// A question to the user about one tool call, and their answer, as both cross a boundary.

/** A tool call the harness asks the user about: the tool's name, and the model's input for it. */
export interface ApprovalCall {
  name: string;
  input: Record<string, unknown>;
}

/** What the user answers about one call (the learner's `Decision` in part two's lessons). */
export type Decision =
  /** Run this call. */
  | { kind: 'allow' }
  /** Do not run it; the model is told the reason. */
  | { kind: 'deny'; reason: string }
  /** Run it, and every later call of the same tool this session, without asking. */
  | { kind: 'always' };

/** The longest deny reason that crosses: a sentence or two, not a document. */
const MAX_REASON_CHARS = 2_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a decision that crossed a boundary (or a case's `answers`): a `Decision`, or undefined. */
export function parseDecision(value: unknown): Decision | undefined {
  if (!isRecord(value)) return;
  if (value.kind === 'allow' || value.kind === 'always') return { kind: value.kind };
  if (value.kind !== 'deny' || typeof value.reason !== 'string') return;
  return { kind: 'deny', reason: value.reason.slice(0, MAX_REASON_CHARS) };
}

/** Checks a call the worker asks about: a name and an input object, or undefined. */
export function parseApprovalCall(value: unknown): ApprovalCall | undefined {
  if (!isRecord(value) || typeof value.name !== 'string' || !isRecord(value.input)) return;
  return { name: value.name.slice(0, 200), input: value.input };
}
