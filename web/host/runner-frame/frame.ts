import type { Clock } from '../../../core/index.ts';
import { PORT_PRELUDE } from '../../../core/sandbox/port-prelude.ts';
import { parseFrameRequest, type FrameReport } from './protocol.ts';
import { createFrameServer } from './serve-runs.ts';
import { createWorkerPool, type PoolWorker } from './worker-pool.ts';

/**
 * The runner frame's program, inlined into runner.html at build time (build/runner-frame.ts):
 * the page embeds it as `<iframe sandbox="allow-scripts" src="runner.html">`, an opaque origin
 * under a strict policy that its Blob workers inherit (no network at all). It creates the
 * workers that run learner code, answers their model calls from the cassettes and grades each
 * case (serve-runs.ts), and tells the page one case at a time.
 */

/** The page's origin: this document's URL origin (the document's own origin is opaque). */
const appOrigin = location.origin;

/**
 * A pooled worker's whole program: wait for one script, then run it as a classic script would
 * run (an indirect eval is global code). Its frames are named theinference-case.js; the
 * script's own lines are numbered from 1, as if it had been the worker's file.
 */
const BOOT =
  "onmessage = (e) => { onmessage = null; (0, eval)(e.data + '\\n//# sourceURL=theinference-case.js'); };";
const BOOT_URL = URL.createObjectURL(new Blob([BOOT], { type: 'text/javascript' }));

/**
 * Answers the page's heartbeat on a thread of its own, over a port the page sends: however busy
 * this frame's main thread is, the page hears that the frame is alive, and stops hearing it only
 * when the frame's process is gone.
 */
const HEART =
  'onmessage = (e) => { const port = e.ports[0]; port.onmessage = (m) => port.postMessage(m.data); };';
const heart = new Worker(URL.createObjectURL(new Blob([HEART], { type: 'text/javascript' })), {
  name: 'theinference-heartbeat',
});

const clock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
};

const pool = createWorkerPool(
  () => new Worker(BOOT_URL, { name: 'theinference-case' }) as unknown as PoolWorker,
);

let port: MessagePort | undefined;
let beating = false;
const serve = createFrameServer({
  spawn: pool.spawn,
  reserve: pool.reserve,
  clock,
  prelude: PORT_PRELUDE,
  report: (report: FrameReport) => port?.postMessage(report),
});

/** The page's window messages: the two channels, each handed over once. */
addEventListener('message', (event) => {
  if (event.source !== parent || event.origin !== appOrigin) return;
  const request = parseFrameRequest(event.data);
  const given = event.ports[0];
  if (!request || !given) return;
  if (request.type === 'heartbeat' && !beating) {
    beating = true;
    heart.postMessage(null, [given]);
  } else if (request.type === 'connect' && !port) {
    port = given;
    port.onmessage = (message) => {
      const parsed = parseFrameRequest(message.data);
      if (parsed) serve(parsed);
    };
  }
});

parent.postMessage({ type: 'ready' } satisfies FrameReport, appOrigin);
pool.refill();
