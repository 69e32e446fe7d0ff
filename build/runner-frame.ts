import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * The runner frame's policy. Its one script is inline, allowed by its SHA-256 hash (nothing else
 * inline or from anywhere runs); `blob:` and `worker-src blob:` for the workers it creates, which
 * inherit this policy; `'unsafe-eval'` lets a case worker run the script it is given, and lets
 * learner code use eval as it can under Node (it grants nothing the code does not already have,
 * in an opaque origin). No network at all: `connect-src 'none'`, and `default-src 'none'` for
 * every other fetch.
 */
export function runnerFramePolicy(scriptHash: string): string {
  return [
    "default-src 'none'",
    `script-src '${scriptHash}' blob: 'unsafe-eval'`,
    'worker-src blob:',
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** `sha256-<base64>` of a script's text, as CSP names it. */
export function scriptHash(script: string): string {
  return `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
}

/**
 * runner.html: one document, its script inline, so loading the frame is one navigation and no
 * subresource. A sandboxed frame has an opaque origin, and a service worker cannot serve an
 * opaque origin's requests, so a frame that fetched its script would not load offline.
 */
export function runnerFrameHtml(script: string): string {
  // `</script` inside the code would end the element early.
  const inline = script.replace(/<\/(script)/gi, '<\\/$1');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--
      The sandbox that runs learner code (web/host/runner-frame/frame.ts). The page embeds it as
      <iframe sandbox="allow-scripts" src="runner.html">: an opaque origin, so nothing here can
      read the app's storage or reach its DOM.
    -->
    <meta http-equiv="Content-Security-Policy" content="${runnerFramePolicy(scriptHash(inline))}" />
    <title>theinference code runner</title>
    <script>${inline}</script>
  </head>
  <body></body>
</html>
`;
}

/** core/sandbox/runtime-entry.ts, the half of every bundle that is the same for every run. */
export const SANDBOX_RUNTIME_ENTRY = fileURLToPath(
  new URL('../core/sandbox/runtime-entry.ts', import.meta.url),
);

/**
 * The sandbox's runtime (the worker runtime, the harness API, the SDK stand-in) as one strict
 * classic script: what each case worker evaluates as it boots, so that a case only
 * evaluates the lesson's own bundle (made with `runtime: 'external'`). Its whitespace and
 * syntax are minified, not its names: its error classes keep their names, as they have in a
 * whole bundle.
 */
export async function buildSandboxRuntime(entry = SANDBOX_RUNTIME_ENTRY): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'neutral',
    target: 'es2022',
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    charset: 'utf8',
    banner: { js: '"use strict";' },
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('the sandbox runtime did not bundle');
  return output.text.trim();
}

/** web/host/case-worker/case.worker.ts: the program of every worker that runs a case. */
export const CASE_WORKER_ENTRY = fileURLToPath(
  new URL('../web/host/case-worker/case.worker.ts', import.meta.url),
);

/** web/host/runner-frame/heartbeat.worker.ts: the program of the worker that answers heartbeats. */
export const HEARTBEAT_WORKER_ENTRY = fileURLToPath(
  new URL('../web/host/runner-frame/heartbeat.worker.ts', import.meta.url),
);

/** One browser script from a TypeScript entry, with `define`d strings in it. */
async function buildBrowserScript(
  entry: string,
  minify: boolean,
  define: Record<string, string>,
  banner?: string,
): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify,
    legalComments: 'none',
    charset: 'utf8',
    ...(banner ? { banner: { js: banner } } : {}),
    define,
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`${entry} did not bundle`);
  return output.text.trim();
}

/** A worker's whole program: a strict classic script, as a Blob worker runs it. */
function buildWorkerScript(
  entry: string,
  minify: boolean,
  define: Record<string, string> = {},
): Promise<string> {
  return buildBrowserScript(entry, minify, define, '"use strict";');
}

/**
 * A case worker's whole program: its boot (case-worker-boot.ts) with the sandbox's runtime as
 * the string `__SANDBOX_RUNTIME__`, which the boot evaluates under its own script name.
 */
export async function buildCaseWorkerScript(minify: boolean): Promise<string> {
  const runtime = await buildSandboxRuntime();
  return buildWorkerScript(CASE_WORKER_ENTRY, minify, {
    __SANDBOX_RUNTIME__: JSON.stringify(runtime),
  });
}

/**
 * The programs of the workers the frame starts, each bundled from its own file and handed to the
 * frame's program as a string it starts from a Blob (the frame's policy allows `blob:` workers
 * and nothing else): `__CASE_WORKER__` and `__HEARTBEAT_WORKER__`, as `define` entries.
 */
export async function buildFrameWorkers(minify: boolean): Promise<Record<string, string>> {
  const [caseWorker, heartbeat] = await Promise.all([
    buildCaseWorkerScript(minify),
    buildWorkerScript(HEARTBEAT_WORKER_ENTRY, minify),
  ]);
  return {
    __CASE_WORKER__: JSON.stringify(caseWorker),
    __HEARTBEAT_WORKER__: JSON.stringify(heartbeat),
  };
}

/**
 * The frame's program, bundled from TypeScript (it imports the protocol and the limits), with
 * its workers' programs in it as strings (buildFrameWorkers).
 */
export async function buildRunnerFrameScript(entry: string, minify: boolean): Promise<string> {
  return buildBrowserScript(entry, minify, await buildFrameWorkers(minify));
}

/**
 * Where the build puts runner.html: under `assets/`, in a folder named for its content. A
 * sandboxed frame's navigation is never seen by a service worker (its origin is opaque), so
 * offline the frame can only come from the browser's HTTP cache, which keeps a hashed,
 * immutable file (README, Deploying) and must revalidate an unhashed one. The file keeps its
 * name, so the frame is still `.../runner.html`.
 */
export function runnerFrameFileName(html: string): string {
  return `assets/${createHash('sha256').update(html, 'utf8').digest('hex').slice(0, 10)}/runner.html`;
}

/**
 * Writes runner.html into the build (at `runnerFrameFileName`, which the page reads as
 * `__RUNNER_FRAME__`), and serves it in development at `runner.html`, made afresh per request,
 * so an edit to the frame's code shows on the next reload.
 */
export function runnerFrame(entry: string): Plugin {
  let base = '/';
  let built: Promise<string> | undefined;
  return {
    name: 'theinference:runner-frame',
    async config(_config, { command }) {
      if (command !== 'build') return { define: { __RUNNER_FRAME__: '"runner.html"' } };
      built = buildRunnerFrameScript(entry, true).then(runnerFrameHtml);
      return { define: { __RUNNER_FRAME__: JSON.stringify(runnerFrameFileName(await built)) } };
    },
    configResolved(config) {
      base = config.base;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== `${base}runner.html`) return next();
        buildRunnerFrameScript(entry, false).then(
          (script) => {
            response.setHeader('Content-Type', 'text/html; charset=utf-8');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(runnerFrameHtml(script));
          },
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      const html = await (built ?? buildRunnerFrameScript(entry, true).then(runnerFrameHtml));
      this.emitFile({ type: 'asset', fileName: runnerFrameFileName(html), source: html });
    },
  };
}
