import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskIds } from './exercism-results.ts';
import { SEALED_COURSE_FILE } from './load.ts';
import { FIXTURES_DIR } from './package-root.ts';

/** A stage's rule → case table, as its rules.json lists it (fixtures/README.md). */
interface RulesFile {
  rules: { cases: string[] }[];
}

const isRulesFile = (data: unknown): data is RulesFile =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as RulesFile).rules) &&
  (data as RulesFile).rules.every(
    (r) => Array.isArray(r.cases) && r.cases.every((c) => typeof c === 'string'),
  );

/**
 * Each case that exactly one rule names, with that rule's number (from 1, in rules.json's
 * order). Exercism links a test to a task "only if it can be linked to precisely one task".
 */
function taskIdsOf(rules: RulesFile): Record<string, number> {
  const named = new Map<string, number[]>();
  rules.rules.forEach((rule, index) => {
    for (const name of new Set(rule.cases))
      named.set(name, [...(named.get(name) ?? []), index + 1]);
  });
  return Object.fromEntries(
    [...named].flatMap(([name, [only, ...others]]) =>
      only !== undefined && others.length === 0 ? [[name, only]] : [],
    ),
  );
}

/** Every stage's task ids, read from fixtures/ in a checkout: what the sealed course carries. */
export function readFixtureTaskIds(dir = FIXTURES_DIR): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name, 'rules.json');
    if (!entry.isDirectory() || !existsSync(path)) continue;
    const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (isRulesFile(data)) out[entry.name] = taskIdsOf(data);
  }
  return out;
}

/**
 * The task ids for results files: from fixtures/ in a checkout, else from the sealed course's
 * `taskIds` (scripts/seal-course.ts writes them). None, rather than a failure, when unreadable:
 * `task_id` is optional.
 */
export function readTaskIds(): TaskIds {
  let table: Record<string, Record<string, number>> = {};
  try {
    if (existsSync(join(FIXTURES_DIR, 'course.json'))) table = readFixtureTaskIds();
    else if (existsSync(SEALED_COURSE_FILE)) {
      const sealed = JSON.parse(readFileSync(SEALED_COURSE_FILE, 'utf8')) as { taskIds?: unknown };
      if (typeof sealed.taskIds === 'object' && sealed.taskIds !== null)
        table = sealed.taskIds as Record<string, Record<string, number>>;
    }
  } catch {
    table = {};
  }
  return new Map(
    Object.entries(table).map(([stage, ids]) => [stage, new Map(Object.entries(ids))]),
  );
}
