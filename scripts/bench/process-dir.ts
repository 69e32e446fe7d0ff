import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Lesson } from '../../core/index.ts';
import { PACKAGE_ROOT } from '../../cli/node-host.ts';

/** Writes a lesson's harness and reference files to a folder that tsx can run as it is. */
export function prepareProcessDir(lesson: Lesson): string {
  const dir = mkdtempSync(join(tmpdir(), `theinference-process-${lesson.id}-`));
  const harnessApi = join(PACKAGE_ROOT, 'core/sandbox/harness-api.ts');
  // A lesson's code that imports the SDK gets the peer's (peer-sdk.ts: answered in-process).
  const sdk = JSON.stringify(join(PACKAGE_ROOT, 'scripts/bench/peer-sdk.ts'));
  const withSdk = (text: string) => text.replaceAll("'@anthropic-ai/sdk'", sdk);
  const files = {
    ...Object.fromEntries(Object.entries(lesson.reference).map(([p, t]) => [p, withSdk(t)])),
    'program.ts': withSdk(
      lesson.harness.replace("'@theinference/harness'", JSON.stringify(harnessApi)),
    ),
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
