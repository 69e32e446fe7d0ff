import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { compressTree, servePrecompressed } from './precompress.ts';

const big = 'export const text = "the loop at the heart of every agent";\n'.repeat(200);
let dist: string;
let cache: string;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'precompress-'));
  dist = join(root, 'dist');
  cache = join(root, 'cache');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), `<!doctype html><p>${'x'.repeat(2000)}</p>`);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), big);
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'export {};');
  writeFileSync(join(dist, 'assets', 'photo-abc123.png'), Buffer.alloc(4096, 7));
  // Beside the folder, not in it: never to be served.
  writeFileSync(join(root, 'secret.js.br'), 'not for the browser');
  await compressTree(dist, cache);
});

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer | undefined;
  passedOn: boolean;
}

function request(path: string, headers: Record<string, string> = {}): Answer {
  const answer: Answer = { status: 200, headers: {}, body: undefined, passedOn: false };
  const res = {
    set statusCode(value: number) {
      answer.status = value;
    },
    setHeader(name: string, value: unknown) {
      answer.headers[name.toLowerCase()] = value;
    },
    end(body?: Buffer) {
      answer.body = body;
    },
  } as unknown as ServerResponse;
  const req = { method: 'GET', url: path, headers } as unknown as IncomingMessage;
  servePrecompressed(dist, { 'Content-Security-Policy': "frame-ancestors 'self'" })(
    req,
    res,
    () => (answer.passedOn = true),
  );
  return answer;
}

describe('compressTree', () => {
  it('writes .br and .gz beside compressible files of 1 KiB and more, and nothing else', () => {
    const assets = readdirSync(join(dist, 'assets')).sort();
    expect(assets).toEqual([
      'app-abc123.js',
      'app-abc123.js.br',
      'app-abc123.js.gz',
      'photo-abc123.png',
      'tiny-abc123.js',
    ]);
    const original = readFileSync(join(dist, 'assets', 'app-abc123.js'));
    const br = readFileSync(join(dist, 'assets', 'app-abc123.js.br'));
    const gz = readFileSync(join(dist, 'assets', 'app-abc123.js.gz'));
    expect(brotliDecompressSync(br).equals(original)).toBe(true);
    expect(gunzipSync(gz).equals(original)).toBe(true);
  });

  it('takes a file compressed before from the cache instead of compressing it again', async () => {
    const cached = readdirSync(cache).find((name) => name.endsWith('.br'));
    expect(cached).toBeDefined();
    // A forged cache entry proves the next build reads the cache rather than compressing.
    const forged = Buffer.from('from the cache');
    const entries = readdirSync(cache);
    for (const name of entries.filter((n) => n.endsWith('.br'))) {
      writeFileSync(join(cache, name), forged);
    }
    await compressTree(dist, cache);
    expect(readFileSync(join(dist, 'assets', 'app-abc123.js.br')).equals(forged)).toBe(true);
    expect(readdirSync(cache)).toEqual(entries);
  });
});

describe('servePrecompressed', () => {
  it('serves Brotli to a browser that accepts it, cached for good under /assets/', () => {
    const answer = request('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.passedOn).toBe(false);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(answer.body?.equals(readFileSync(join(dist, 'assets', 'app-abc123.js.br')))).toBe(true);
  });

  it('serves gzip when Brotli is not accepted, and index.html for / with no-cache', () => {
    const answer = request('/', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(answer.body ?? Buffer.alloc(0)).toString()).toContain('<!doctype html>');
  });

  it('answers a matching If-None-Match with 304 and no body', () => {
    const accept = { 'accept-encoding': 'br' };
    const etag = String(request('/assets/app-abc123.js', accept).headers['etag']);
    const again = request('/assets/app-abc123.js', { ...accept, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
  });

  it.each([
    ['no encoding accepted', '/assets/app-abc123.js', {}],
    ['a file too small to compress', '/assets/tiny-abc123.js', { 'accept-encoding': 'br' }],
    ['a type it does not compress', '/assets/photo-abc123.png', { 'accept-encoding': 'br' }],
    ['a path outside the folder', '/..%2fsecret.js', { 'accept-encoding': 'br' }],
    ['a malformed path', '/%E0%A4%A', { 'accept-encoding': 'br' }],
  ])('leaves %s to the next handler', (_, path, headers) => {
    expect(request(path, headers).passedOn).toBe(true);
  });
});
