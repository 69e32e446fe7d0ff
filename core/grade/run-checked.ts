import { isJsonObject, jsonEqual, type DiffEntry } from '../json/json-diff.ts';
import { previewJson } from '../cassette/json-preview.ts';
import type { RunFact } from '../lesson/types.ts';
import type { CaseRun } from '../run/events.ts';

/**
 * Printed fields that the grader checks against what it saw of the run itself, rather than
 * against `expected.json` (a lesson's `runChecked`): how many calls the loop made, how long the
 * conversation was when it ended. The expected output then holds only what the loop computes,
 * and the check says what the run shows, on a hidden case too: it is the learner's own run.
 */

/** One printed field that does not match the run, with the reason in words. */
export interface RunCheckFailure {
  entry: DiffEntry;
  /** What the run shows: `the loop called the model 2 times`. */
  because: string;
}

/** What the run shows for a fact; undefined when it shows nothing (no call was made). */
function factOf(fact: RunFact, run: CaseRun): { value: number; because: string } | undefined {
  const calls = run.events.filter((event) => event.type === 'model-call' && event.response);
  if (fact === 'calls') {
    const n = calls.length;
    return { value: n, because: `the loop called the model ${n === 1 ? 'once' : `${n} times`}` };
  }
  const last = calls.at(-1);
  if (last?.type !== 'model-call') return;
  const sent = Array.isArray(last.request.messages) ? last.request.messages.length : 0;
  return {
    value: sent + 1,
    because: `the loop's last request sent ${sent === 1 ? '1 message' : `${sent} messages`}, and the reply to it makes ${sent + 1}`,
  };
}

/**
 * Splits a printed output into the fields `checked` names and the rest, and checks each named
 * field against the run. The rest is what is compared with the expected output.
 */
export function checkRunFields(
  checked: Readonly<Record<string, RunFact>>,
  printed: unknown,
  run: CaseRun,
): { rest: unknown; failures: RunCheckFailure[] } {
  if (!isJsonObject(printed)) return { rest: printed, failures: [] };
  const rest: Record<string, unknown> = { ...printed };
  const failures: RunCheckFailure[] = [];
  for (const [path, fact] of Object.entries(checked)) {
    const actual = rest[path];
    delete rest[path];
    const shown = factOf(fact, run);
    if (!shown || jsonEqual(shown.value, actual)) continue;
    const entry: DiffEntry =
      actual === undefined
        ? { path, kind: 'missing', expected: shown.value }
        : { path, kind: 'changed', expected: shown.value, actual };
    failures.push({ entry, because: shown.because });
  }
  return { rest, failures };
}

/** The sentence that names a run check's failure: `turns: expected 2, got 1 (the loop called ...)`. */
export function describeRunCheck({ entry, because }: RunCheckFailure, more: string): string {
  const expected = previewJson(entry.expected, 200);
  if (entry.kind === 'missing')
    return `${entry.path} is missing: expected ${expected} (${because})${more}.`;
  return `${entry.path}: expected ${expected}, got ${previewJson(entry.actual, 200)} (${because})${more}.`;
}
