import type { ServerResponse } from 'node:http';
import type { TimedEvent } from '../../core/api/stream-events.ts';
import { waitUnlessClosed } from './http-io.ts';

/**
 * Sends a streamed reply as the API does: `200` with `content-type: text/event-stream`, then
 * each event as `event: <type>` and `data: <json>` (an `error` event's data is the error body,
 * `{ type: "error", error }`), after its gap times `pace`. A client that leaves mid-stream
 * (`stream.abort()`, a `break`) closes the connection: nothing more is written, and the log
 * has the request as aborted.
 */
export async function sendEvents(
  res: ServerResponse,
  events: readonly TimedEvent[],
  headers: Record<string, string>,
  pace: number,
): Promise<void> {
  if (res.destroyed) return;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
  });
  for (const { ms, event } of events) {
    if (ms * pace > 0 && !(await waitUnlessClosed(res, ms * pace))) return;
    if (res.destroyed) return;
    res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  }
  res.end();
}
