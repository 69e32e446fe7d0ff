import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:html|js|mjs|css|wasm|svg|json|ttf|md)$/;
const MIN_BYTES = 1024;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.md': 'text/markdown; charset=utf-8',
};

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Static hosts worth deploying to serve Brotli and cache hashed files for good; this makes
 * the build ready for that and makes `vite preview` (the end-to-end tests, the benchmark)
 * behave like such a host:
 * - the build writes `name.br` and `name.gz` beside every compressible file. Brotli at its
 *   best settings takes a minute for esbuild.wasm, so results are kept in
 *   node_modules/.cache by content hash: only a changed file is compressed again;
 * - the preview serves those files to browsers that accept them, with
 *   `Cache-Control: immutable` for `/assets/` (names carry a content hash) and `no-cache` for
 *   the rest (index.html, the runner frame), so a repeat visit downloads only what changed.
 */
export function precompress(cacheDir: string): Plugin {
  let outDir = 'dist';
  let cache = cacheDir;
  return {
    name: 'theinference:precompress',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      cache = resolve(config.root, cacheDir);
    },
    closeBundle: () => compressTree(outDir, cache),
    configurePreviewServer(server) {
      const { root, build, preview } = server.config;
      server.middlewares.use(servePrecompressed(resolve(root, build.outDir), preview.headers));
    },
  };
}

/** Writes `.br` and `.gz` beside every compressible file of `dir` (see `precompress`). */
export async function compressTree(dir: string, cacheDir: string): Promise<void> {
  mkdirSync(cacheDir, { recursive: true });
  const files = listFiles(dir).filter(
    (file) => COMPRESSIBLE.test(file) && statSync(file).size >= MIN_BYTES,
  );
  await Promise.all(files.map((file) => compressFile(file, cacheDir)));
}

async function compressFile(file: string, cacheDir: string): Promise<void> {
  const body = readFileSync(file);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
  for (const [suffix, compress] of [
    ['.br', () => brotli(body, brotliOptions(body.length))],
    ['.gz', () => gzipped(body, { level: 9 })],
  ] as const) {
    const cached = join(cacheDir, `${hash}${suffix}`);
    let packed: Buffer;
    if (existsSync(cached)) packed = readFileSync(cached);
    else {
      packed = await compress();
      writeFileSync(cached, packed);
    }
    // Keep the compressed copy only when it is smaller, as a host would.
    if (packed.length < body.length) writeFileSync(`${file}${suffix}`, packed);
  }
}

/** Quality 11 for ordinary files; the multi-megabyte ones get 10 with a large window (a
 * few percent larger, several times faster). */
function brotliOptions(size: number) {
  const large = size > 2_000_000;
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: large ? 10 : 11,
      [constants.BROTLI_PARAM_LGWIN]: large ? 24 : 22,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

/** Middleware serving `dir`'s precompressed files; anything else goes on to `next`. */
export function servePrecompressed(dir: string, extraHeaders: OutgoingHttpHeaders = {}) {
  const root = resolve(dir);
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    } catch {
      return next();
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = resolve(root, `.${path}`);
    const type = TYPES[extname(file)];
    if (!file.startsWith(root + sep) || !type) return next();
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = (['br', 'gzip'] as const).find(
      (name) =>
        new RegExp(`\\b${name}\\b`).test(accepted) &&
        existsSync(`${file}${name === 'br' ? '.br' : '.gz'}`),
    );
    if (!encoding) return next();
    const packed = `${file}${encoding === 'br' ? '.br' : '.gz'}`;
    const stats: Stats = statSync(packed);
    const etag = `W/"${encoding}-${stats.size}-${Math.round(stats.mtimeMs)}"`;
    for (const [name, value] of Object.entries(extraHeaders)) {
      if (value !== undefined) res.setHeader(name, value);
    }
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    res.setHeader(
      'Cache-Control',
      path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      return res.end();
    }
    res.setHeader('Content-Length', stats.size);
    res.end(req.method === 'HEAD' ? undefined : readFileSync(packed));
  };
}
