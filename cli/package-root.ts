import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as AnthropicSdk from '@anthropic-ai/sdk';
import type * as Esbuild from 'esbuild';

/** Where the package keeps its lessons and engine sources. */
export const PACKAGE_ROOT =
  // Set by cli/bin.js when it bundles the CLI into the user's cache.
  (import.meta as { THEINFERENCE_ROOT?: string }).THEINFERENCE_ROOT ??
  fileURLToPath(new URL('..', import.meta.url));
export const FIXTURES_DIR = join(PACKAGE_ROOT, 'fixtures');
export const CORE_DIR = join(PACKAGE_ROOT, 'core');

/**
 * esbuild, as the package installed it. The CLI's bundle lives in the user's cache, outside the
 * package, so a bare `import 'esbuild'` would not find it from there.
 */
export function loadEsbuild(): typeof Esbuild {
  return createRequire(join(PACKAGE_ROOT, 'package.json'))('esbuild') as typeof Esbuild;
}

/** The Anthropic SDK, as the package installed it: loaded by `theinference run` alone. */
export function loadAnthropicSdk(): typeof AnthropicSdk {
  return createRequire(join(PACKAGE_ROOT, 'package.json'))(
    '@anthropic-ai/sdk',
  ) as typeof AnthropicSdk;
}

/** The installed package's version, as its package.json gives it. */
export function packageVersion(): string {
  return (
    createRequire(join(PACKAGE_ROOT, 'package.json'))('./package.json') as { version: string }
  ).version;
}
