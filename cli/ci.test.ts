import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../scripts/test-support/run-cli.ts';
import { packageVersion } from './package-root.ts';
import { WORKFLOW_FILE, workflowText } from './workflow.ts';

const workflow = workflowText(packageVersion());

describe('theinference ci', () => {
  it('init writes the workflow with the course', async () => {
    const away = mkdtempSync(join(tmpdir(), 'theinference-ci-'));
    expect((await runCli(['init', 'course'], away)).code).toBe(0);
    expect(readFileSync(join(away, 'course', WORKFLOW_FILE), 'utf8')).toBe(workflow);
  });

  it('adds the workflow to an existing course directory, and again is a no-op', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'theinference-ci-'));
    expect(await runCli(['ci'], dir)).toEqual({
      code: 0,
      stdout: `Wrote ${WORKFLOW_FILE}: every push and pull request is graded on GitHub Actions.\n`,
      stderr: '',
    });
    expect(readFileSync(join(dir, WORKFLOW_FILE), 'utf8')).toBe(workflow);
    expect(await runCli(['ci', '--dir', dir], tmpdir())).toEqual({
      code: 0,
      stdout: `${WORKFLOW_FILE} is already this version's workflow.\n`,
      stderr: '',
    });
  });

  it('keeps a workflow the teacher changed, says so, and replaces it only with --force', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'theinference-ci-'));
    mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
    const changed = workflow.replace('timeout-minutes: 15', 'timeout-minutes: 5');
    writeFileSync(join(dir, WORKFLOW_FILE), changed);
    expect(await runCli(['ci'], dir)).toEqual({
      code: 1,
      stdout: '',
      stderr: `Kept your ${WORKFLOW_FILE}: it differs from the workflow theinference writes. Run theinference ci --force to replace it.\n`,
    });
    expect(readFileSync(join(dir, WORKFLOW_FILE), 'utf8')).toBe(changed);
    const forced = await runCli(['ci', '--force'], dir);
    expect(forced.stdout).toBe(
      `Replaced ${WORKFLOW_FILE}: every push and pull request is graded on GitHub Actions.\n`,
    );
    expect(readFileSync(join(dir, WORKFLOW_FILE), 'utf8')).toBe(workflow);
  });
});
