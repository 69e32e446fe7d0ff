import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiResponse } from '../../core/api/messages.ts';
import { defaultMessageFor, errorResponse, failure, newRequestId } from './api-errors.ts';
import { answerMessages, type MessagesAnswer } from './answer-messages.ts';
import { isAllowedBrowserRequest, requestKey } from './check-access.ts';
import { answerControl, CONTROL_PREFIX, type StandInControl } from './control-routes.ts';
import { corsHeaders, preflightHeaders, readPreflight } from './cors.ts';
import { readBody, sendJson, waitUnlessClosed } from './http-io.ts';
import { sendEvents } from './send-events.ts';
import { createRequestLog, loggedBody, loggedHeaders, redactKey } from './request-log.ts';
import { createScriptQueues } from './script-queues.ts';
import { createThreadStore } from '../../core/cassette/message-thread.ts';
import { parseSteps, type ScriptStep } from './script-steps.ts';

/**
 * A local stand-in of the Anthropic Messages API, for tests: it speaks the API as the installed
 * SDK expects (auth, version, CORS, errors, retry-after) and answers with scripted replies,
 * errors, delays or a cassette, or with a small default reply. See README.md.
 */

/** The key the stand-in accepts when it is given none. */
export const STAND_IN_KEY = 'sk-ant-stand-in-key';

export interface ApiStandInOptions {
  /** The port to listen on; 0 (the default) takes a free one. */
  port?: number;
  /** The address to listen on; default 127.0.0.1. */
  host?: string;
  /** The keys it accepts (others get the API's 401); default `[STAND_IN_KEY]`. */
  keys?: readonly string[];
  /** When given, a request for any other model gets the API's 404 (`model: <name>`). */
  models?: readonly string[];
  /**
   * How a streamed reply keeps its recorded gaps: 1 (the default) at the recorded pace, 0 at
   * once; the gaps are multiplied by it.
   */
  streamPace?: number;
}

/** A running stand-in: its URL, what a test scripts and reads (control-routes.ts), and close. */
export interface ApiStandIn extends StandInControl {
  /** The base URL, e.g. `http://127.0.0.1:4262`: the SDK's `baseURL`, `ANTHROPIC_BASE_URL`. */
  url: string;
  /** Stops listening and closes every connection (a request still waiting is dropped). */
  close(): Promise<void>;
}

export async function startApiStandIn(options: ApiStandInOptions = {}): Promise<ApiStandIn> {
  const initialKeys = options.keys ?? [STAND_IN_KEY];
  let keys = new Set(initialKeys);
  const queues = createScriptQueues();
  const log = createRequestLog();
  const context = {
    isKnownKey: (key: string) => keys.has(key),
    models: options.models,
    queues,
    threads: createThreadStore(),
    replies: [] as ApiResponse[],
  };

  const control = {
    script(steps: ScriptStep[], { key }: { key?: string } = {}) {
      const checked = parseSteps(steps);
      if (key !== undefined) keys.add(key);
      queues.set(checked, key);
    },
    requests: () => log.requests(),
    preflights: () => log.preflights(),
    pending: () => queues.pending(),
    reset() {
      queues.clear();
      log.clear();
      context.threads = createThreadStore();
      context.replies.length = 0;
      keys = new Set(initialKeys);
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith(CONTROL_PREFIX)) {
      const read = await readBody(req);
      const text = 'text' in read ? read.text : '';
      const { status, body } = answerControl(control, method, url.pathname, text);
      return sendJson(res, status, body);
    }
    if (method === 'OPTIONS') {
      log.preflight({ path: url.pathname, ...readPreflight(req.headers) });
      res.writeHead(204, preflightHeaders(req.headers)).end();
      return;
    }
    const read = await readBody(req);
    const key = requestKey(req.headers);
    const entry = log.request({
      method,
      path: url.pathname + url.search,
      headers: loggedHeaders(req.headers),
      ...(key === undefined ? {} : { key: redactKey(key) }),
      body: 'text' in read ? loggedBody(read.text) : '(not read: more than 32 MB)',
    });
    res.once('close', () => {
      if (!res.writableFinished) entry.aborted = true;
    });
    const answer = answerRequest(req, url.pathname, read);
    if (answer.delayMs > 0 && !(await waitUnlessClosed(res, answer.delayMs))) return;
    if (res.destroyed) return;
    const requestId = newRequestId();
    const headers: Record<string, string> = {
      ...(isAllowedBrowserRequest(req.headers) ? corsHeaders(String(req.headers.origin)) : {}),
      'request-id': requestId,
    };
    if ('failure' in answer && answer.failure.retryAfter !== undefined) {
      headers['retry-after'] = String(answer.failure.retryAfter);
    }
    entry.requestId = requestId;
    entry.status = 'failure' in answer ? answer.failure.status : 200;
    entry.response =
      'failure' in answer ? errorResponse(answer.failure, requestId) : answer.response;
    if ('stream' in answer && answer.stream) {
      await sendEvents(res, answer.stream, headers, options.streamPace ?? 1);
    } else sendJson(res, entry.status, entry.response, headers);
  }

  function answerRequest(
    req: IncomingMessage,
    path: string,
    read: Awaited<ReturnType<typeof readBody>>,
  ): MessagesAnswer {
    if (!('text' in read)) return { delayMs: 0, failure: failure(413, defaultMessageFor(413, '')) };
    if (req.method === 'POST' && path === '/v1/messages') {
      return answerMessages(req.headers, read.text, context);
    }
    return { delayMs: 0, failure: failure(404, 'Not Found') };
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('api stand-in:', error);
      sendJson(res, 500, errorResponse(failure(500, 'Internal server error'), newRequestId()));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    url: `http://${host}:${port}`,
    ...control,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
