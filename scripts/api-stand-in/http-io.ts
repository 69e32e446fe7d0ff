import type { IncomingMessage, ServerResponse } from 'node:http';

/** Reading requests and writing JSON answers on Node's `http`. */

/** The API's limit on a Messages request (docs: "Request size limits"). */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** The body as text, or `tooLarge` once it passes `limit` bytes (the rest is not read). */
export function readBody(
  req: IncomingMessage,
  limit = MAX_BODY_BYTES,
): Promise<{ text: string } | { tooLarge: true }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve({ tooLarge: true });
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', reject);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/**
 * Waits `ms`, unless the client goes away first (an aborted request): resolves true when the
 * wait ran out, false when the connection closed.
 */
export function waitUnlessClosed(res: ServerResponse, ms: number): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    res.once('close', onClose);
  });
}
