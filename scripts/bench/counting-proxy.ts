import { createServer, request, type Server } from 'node:http';

/**
 * A pass-through HTTP proxy in front of the preview server that counts the bytes of every
 * response body as it crosses the wire (compressed, as sent). It sees what the browser's
 * page-level network events miss: the requests of workers (Monaco's TypeScript worker,
 * esbuild's worker fetching its wasm) and the frame. A request answered from the browser's
 * cache never reaches it, so it counts 0 bytes, as it should.
 *
 * It can also play a slower network, for every request alike (the browser's own throttling
 * leaves out esbuild's worker): `latencyMs` before each request goes on, and all responses
 * together sharing `bytesPerSecond`.
 */
export interface CountingProxy {
  /** Bytes of response bodies by URL path since the last call. */
  take(): { bytes: Map<string, number> };
  /** Sets the network it plays from now on; undefined is as fast as the machine goes. */
  throttle(network: Network | undefined): void;
  close(): Promise<void>;
}

export interface Network {
  latencyMs: number;
  bytesPerSecond: number;
}

export function startCountingProxy(port: number, upstreamPort: number): Promise<CountingProxy> {
  let counts = new Map<string, number>();
  let network: Network | undefined;
  /** When the shared link is next free to send (epoch ms). */
  let linkFreeAt = 0;

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const forward = () => {
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
          let sending = Promise.resolve();
          answer.on('data', (chunk: Buffer) => {
            counts.set(path, (counts.get(path) ?? 0) + chunk.length);
            const pace = network;
            if (!pace) return void res.write(chunk);
            const start = Math.max(Date.now(), linkFreeAt);
            linkFreeAt = start + (chunk.length * 1000) / pace.bytesPerSecond;
            const due = linkFreeAt;
            answer.pause();
            sending = sending.then(
              () =>
                new Promise<void>((done) =>
                  setTimeout(
                    () => {
                      res.write(chunk);
                      answer.resume();
                      done();
                    },
                    Math.max(0, due - Date.now()),
                  ),
                ),
            );
          });
          answer.on('end', () => void sending.then(() => res.end()));
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    if (network) setTimeout(forward, network.latencyMs);
    else forward();
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        take() {
          const taken = { bytes: counts };
          counts = new Map();
          return taken;
        },
        throttle(next) {
          network = next;
          linkFreeAt = 0;
        },
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
