import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * A throwaway npm registry for tests that publish the package: verdaccio, installed by npm into
 * a folder of the test's own, listening on loopback. The package under test is published to it
 * and served from it alone; every other package comes through from the machine's own registry
 * (`npm config get registry`), its uplink. Test-only: nothing the package ships imports it.
 */
export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  /** An npm userconfig that holds a token for the registry (publish asks for one). */
  userconfig: string;
  /** How long installing verdaccio took, in milliseconds. */
  installMs: number;
  stop(): void;
}

/**
 * verdaccio 6.10 and later want Node 22; 6.8.0 installs on Node 20 once its node-fetch is
 * pinned to 2.7.0 (measured: see /work/shared/STACK.md, 2026-12-01).
 */
const VERDACCIO = 'verdaccio@6.8.0';
/** How long verdaccio may take to answer its first ping. */
const START_TIMEOUT_MS = 30_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForPing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited: ${log()}`);
    try {
      const response = await fetch(`${url}-/ping`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`verdaccio did not answer within ${START_TIMEOUT_MS} ms: ${log()}`);
}

/** Installs verdaccio into `dir`, starts it and resolves once it answers. */
export async function startLocalRegistry(dir: string, packageName: string): Promise<LocalRegistry> {
  const install = join(dir, 'verdaccio');
  mkdirSync(install, { recursive: true });
  writeFileSync(
    join(install, 'package.json'),
    JSON.stringify({ private: true, overrides: { 'node-fetch': '2.7.0' } }),
  );
  const started = performance.now();
  const installed = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', VERDACCIO],
    { cwd: install, encoding: 'utf8' },
  );
  if (installed.status !== 0) throw new Error(`npm install ${VERDACCIO}: ${installed.stderr}`);
  const installMs = performance.now() - started;

  const upstream = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const config = join(dir, 'config.yaml');
  // JSON is YAML: the config is written as JSON so nothing here needs a YAML writer.
  writeFileSync(
    config,
    JSON.stringify({
      storage: join(dir, 'storage'),
      auth: { htpasswd: { file: join(dir, 'htpasswd'), max_users: -1 } },
      uplinks: { machine: { url: upstream, timeout: '60s' } },
      packages: {
        // The package under test is served from here alone, never from the uplink.
        [packageName]: { access: '$all', publish: '$anonymous' },
        '**': { access: '$all', publish: '$authenticated', proxy: 'machine' },
      },
      web: { enable: false },
      log: { type: 'stdout', format: 'pretty', level: 'warn' },
      listen: `127.0.0.1:${port}`,
    }),
  );
  const child = spawn(
    process.execPath,
    [join(install, 'node_modules', 'verdaccio', 'bin', 'verdaccio'), '--config', config],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  try {
    await waitForPing(url, child, () => output.slice(-2_000));
  } catch (error) {
    stop();
    throw error;
  }
  const userconfig = join(dir, 'npmrc');
  // verdaccio lets anyone publish the package under test; npm still wants a token to send.
  writeFileSync(userconfig, `//127.0.0.1:${port}/:_authToken=local-test-token\n`);
  return { url, userconfig, installMs, stop };
}
