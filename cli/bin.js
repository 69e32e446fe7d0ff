#!/usr/bin/env node
// The `theinference` command. The CLI is TypeScript: on first use (and whenever its sources
// change) esbuild bundles it into node_modules/.cache, so later runs start as plain JavaScript.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cached = join(root, 'node_modules', '.cache', 'theinference', 'cli.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const stale =
  !existsSync(cached) ||
  statSync(cached).mtimeMs <
    Math.max(newestSource(join(root, 'cli')), newestSource(join(root, 'core')));
if (stale) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'cli', 'main.ts')],
    outfile: cached,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Its dependencies go into the bundle too (one file loads faster than a hundred modules),
    // except esbuild, which runs its own native binary.
    external: ['esbuild'],
    logLevel: 'error',
    // The bundle lives elsewhere; tell it where the package is.
    define: { 'import.meta.THEINFERENCE_ROOT': JSON.stringify(root) },
  });
}
const { main } = await import(pathToFileURL(cached).href);
process.exitCode = await main(process.argv.slice(2));
