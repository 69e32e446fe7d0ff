/** Where a course directory keeps its grading workflow, for GitHub Actions. */
export const WORKFLOW_FILE = '.github/workflows/theinference.yml';

/**
 * Actions by major version, the current ones (checked 2026-12: checkout v7, setup-node v6,
 * upload-artifact v7 all run on the runners' Node 24).
 */
const ACTIONS = {
  checkout: 'actions/checkout@v7',
  setupNode: 'actions/setup-node@v6',
  uploadArtifact: 'actions/upload-artifact@v7',
} as const;

/**
 * The workflow that grades a course directory on every push and pull request: the current
 * stage and every earlier one (`theinference test` reads the stage from theinference.json), with
 * the package pinned to the version that wrote it, so a later release never changes a grade.
 * Its summary goes to the run's page; results.json (Exercism's v3) is uploaded whatever the grade.
 */
export function workflowText(version: string): string {
  return `# Written by theinference ${version} (\`theinference ci\`): grades the course on every push.
name: theinference

on:
  push:
  pull_request:

permissions:
  contents: read

jobs:
  grade:
    name: Grade the course
    runs-on: ubuntu-latest
    timeout-minutes: 15
    steps:
      - uses: ${ACTIONS.checkout}
      - uses: ${ACTIONS.setupNode}
        with:
          node-version: 24
      - name: theinference test (the current stage and every earlier one)
        run: npx --yes theinference@${version} test --results results.json --summary "$GITHUB_STEP_SUMMARY"
      - name: Upload results.json
        if: \${{ !cancelled() }}
        uses: ${ACTIONS.uploadArtifact}
        with:
          name: theinference-results
          path: results.json
          if-no-files-found: error
`;
}
