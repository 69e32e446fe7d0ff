import { createServer, request, type Server } from 'node:http';

/**
 * A pass-through HTTP proxy in front of the preview server that counts the bytes of every
 * response body as it crosses the wire (compressed, as sent). It sees what the browser's
 * page-level network events miss: the requests of workers (Monaco's TypeScript worker,
 * esbuild's worker fetching its wasm) and the frame. A request answered from the browser's
 * cache or a service worker never reaches it, so it counts 0 bytes, as it should.
 */
export interface CountingProxy {
  /** Bytes of response bodies by URL path since the last call. */
  take(): { bytes: Map<string, number> };
  close(): Promise<void>;
}

export function startCountingProxy(port: number, upstreamPort: number): Promise<CountingProxy> {
  let counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const upstream = request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk: Buffer) => {
          counts.set(path, (counts.get(path) ?? 0) + chunk.length);
        });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        take() {
          const taken = { bytes: counts };
          counts = new Map();
          return taken;
        },
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
