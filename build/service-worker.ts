import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { isHashed, type Precache } from '../web/service-worker/precache.ts';

/** Files of the build that are not the app's: host configuration, precompressed copies. */
const NOT_PRECACHED = /(?:^_headers$|\.br$|\.gz$|\.map$)/;

/**
 * Emits `sw.js`, the service worker (web/service-worker/service.worker.ts), with the list
 * of every file of this build written into it, so the worker can precache the whole app and
 * its script changes whenever any file does (which is how browsers notice a new version).
 * The worker is compiled by esbuild as one classic script: a service worker must be a single
 * file at the base, where its scope is the whole app.
 */
export function serviceWorker(source: string): Plugin {
  let publicDir = '';
  return {
    name: 'theinference:service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle: {
      // After index.html is written into the bundle.
      order: 'post',
      async handler(_options, bundle) {
        const files: Record<string, string | Uint8Array> = {};
        for (const output of Object.values(bundle)) {
          files[output.fileName] = output.type === 'chunk' ? output.code : output.source;
        }
        for (const path of publicDir ? listFiles(publicDir) : []) {
          files[relative(publicDir, path).split(sep).join('/')] ??= readFileSync(path);
        }
        const precache = precacheOf(files);
        const compiled = await build({
          entryPoints: [source],
          bundle: true,
          write: false,
          format: 'iife',
          target: 'es2022',
          minify: true,
          define: { __PRECACHE__: JSON.stringify(precache) },
        });
        const code = compiled.outputFiles[0]?.text;
        if (!code) throw new Error('serviceWorker: esbuild produced no output');
        this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
      },
    },
  };
}

/**
 * The precache list for a build's files (path relative to the base -> content): every file
 * the app serves, each unhashed one with a hash of its content; the version hashes them all.
 */
export function precacheOf(files: Record<string, string | Uint8Array>): Precache {
  const entries = Object.keys(files)
    .filter((url) => !NOT_PRECACHED.test(url) && url !== 'sw.js')
    .sort()
    .map((url) => ({ url, revision: isHashed(url) ? null : hash(files[url] ?? '') }));
  const version = hash(entries.map((e) => `${e.url} ${e.revision ?? ''}`).join('\n'));
  return { version, entries };
}

function hash(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}
