import { globToRegExp } from './glob.ts';
import type { ToolInput } from './tool-input.ts';
import type { Workspace } from './workspace.ts';

/**
 * `run_tests`, the workspace's own bounded test runner. A workspace's tests are data, in
 * `*.test.json` files: `{ "tests": [{ "name", "file", "contains" | "lacks" | "matches" }] }`,
 * each a check on the text of one file. Why not run real test code: the sandbox runs no code
 * but the case's bundle (no `eval`, no nested workers in the browser, no child processes in
 * the CLI's), and a shell of a few emulated commands would answer as `npm test` seems to
 * while being something else. A runner of its own says exactly what it checks, gives the
 * same result in both hosts, and is bounded (`TEST_LIMITS`).
 */
export const TEST_LIMITS = { files: 20, tests: 200 } as const;

const TEST_FILES = globToRegExp('**/*.test.json');

interface TestCheck {
  name: string;
  file: string;
  contains?: string;
  lacks?: string;
  matches?: string;
}

/** Why one check fails, or `undefined` when it passes. */
function failure(ws: Workspace, test: TestCheck): string | undefined {
  const text = ws.read(test.file);
  if (text === undefined) return `${test.file} does not exist`;
  if (test.contains !== undefined && !text.includes(test.contains)) {
    return `${test.file} does not contain ${JSON.stringify(test.contains)}`;
  }
  if (test.lacks !== undefined && text.includes(test.lacks)) {
    return `${test.file} still contains ${JSON.stringify(test.lacks)}`;
  }
  if (test.matches !== undefined && !new RegExp(test.matches, 'm').test(text)) {
    return `${test.file} does not match /${test.matches}/`;
  }
  return undefined;
}

/** The checks of one test file, or why they cannot be read. */
function readChecks(text: string): TestCheck[] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'not valid JSON';
  }
  const tests = (parsed as { tests?: unknown } | null)?.tests;
  if (!Array.isArray(tests)) return 'no "tests" array';
  for (const test of tests as Partial<TestCheck>[]) {
    const kinds = ['contains', 'lacks', 'matches'].filter(
      (k) => typeof test?.[k as 'contains'] === 'string',
    );
    if (typeof test?.name !== 'string' || typeof test.file !== 'string' || kinds.length !== 1) {
      return 'each test needs a "name", a "file" and one of "contains", "lacks", "matches"';
    }
  }
  return tests as TestCheck[];
}

/** Runs every test file of the workspace (or those that match `pattern`): a line per test. */
export function runTests(ws: Workspace, input: ToolInput): string {
  const pattern = typeof input.pattern === 'string' ? globToRegExp(input.pattern) : undefined;
  const files = ws.paths().filter((p) => TEST_FILES.test(p) && (!pattern || pattern.test(p)));
  if (files.length === 0) throw new Error('No test files (*.test.json) to run.');
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const file of files.slice(0, TEST_LIMITS.files)) {
    const checks = readChecks(ws.read(file) as string);
    if (typeof checks === 'string') {
      failed++;
      lines.push(`✗ ${file}: cannot be run: ${checks}`);
      continue;
    }
    for (const test of checks) {
      if (passed + failed >= TEST_LIMITS.tests) break;
      const why = failure(ws, test);
      if (why) failed++;
      else passed++;
      lines.push(why ? `✗ ${file} › ${test.name}: ${why}` : `✓ ${file} › ${test.name}`);
    }
  }
  if (files.length > TEST_LIMITS.files || passed + failed >= TEST_LIMITS.tests) {
    lines.push(`[stopped at ${TEST_LIMITS.files} files or ${TEST_LIMITS.tests} tests]`);
  }
  lines.push(failed === 0 ? `${passed} passed` : `${passed} passed, ${failed} failed`);
  return lines.join('\n');
}
