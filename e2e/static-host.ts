import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
};

/** A plain static host serving a build under a sub-path, as the README's Deploying says. */
export interface StaticHost {
  /** The app's address: `http://127.0.0.1:<port><base>`. */
  url: string;
  /** Serves another build from now on (a new deployment). */
  deploy(dir: string): void;
  close(): Promise<void>;
}

/**
 * Serves `dir` at `base` with the headers a host must send: `no-cache` for what has no hash in
 * its name (index.html, sw.js, the runner frame), `immutable` for `assets/`, and the app's
 * `frame-ancestors` policy. No compression, no rewrites: a missing file is a 404.
 */
export async function startStaticHost(
  port: number,
  base: string,
  dir: string,
): Promise<StaticHost> {
  let root = resolve(dir);
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    let file = path.startsWith(base) ? resolve(root, `.${path.slice(base.length - 1)}`) : '';
    if (file && path.endsWith('/')) file = join(file, 'index.html');
    const type = TYPES[extname(file)];
    if (!file.startsWith(root + sep) || !type || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': path.startsWith(`${base}assets/`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      'Content-Security-Policy': "frame-ancestors 'self'",
    });
    response.end(request.method === 'HEAD' ? undefined : readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${port}${base}`,
    deploy: (next) => void (root = resolve(next)),
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
