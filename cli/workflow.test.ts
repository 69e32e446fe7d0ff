import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { workflowText } from './workflow.ts';

/**
 * The workflow is checked against the JSON schema for GitHub workflows (SchemaStore's, as
 * @action-validator/core bundles it; actionlint is not on the npm registry).
 */
describe('the grading workflow', () => {
  const text = workflowText('1.2.3');

  it('is a valid GitHub Actions workflow', () => {
    expect(validateWorkflow(text).errors).toEqual([]);
  });

  it('is checked: a workflow whose job has no runner is not', () => {
    const broken = text.replace(/^ {4}runs-on: .*\n/m, '');
    expect(broken).not.toBe(text);
    expect(validateWorkflow(broken).errors).not.toEqual([]);
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
