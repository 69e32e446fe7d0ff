import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEsbuild, PACKAGE_ROOT } from '../../package-root.ts';

/** Set by cli/bin.js: the sandbox program it built beside the CLI's own bundle. */
const BUILT = (import.meta as { THEINFERENCE_SANDBOX?: string }).THEINFERENCE_SANDBOX;

let program: string | undefined;

/**
 * The sandbox process's program as one CommonJS script's text (cli/sandbox/child/sandbox-process.ts and what
 * it imports), to be run with `node -e`: the sandbox then needs to read no file at all. The
 * installed CLI reads the one cli/bin.js built; run from its sources (tests, scripts), it is
 * bundled here, once per process.
 */
export function sandboxProgram(): string {
  if (program !== undefined) return program;
  if (BUILT !== undefined) return (program = readFileSync(BUILT, 'utf8'));
  const result = loadEsbuild().buildSync({
    entryPoints: [join(PACKAGE_ROOT, 'cli', 'sandbox', 'child', 'sandbox-process.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'error',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no sandbox program');
  return (program = output.text);
}
