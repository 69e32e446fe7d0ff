// Runs in the runner frame (the page's sandboxed iframe, an opaque origin); starts case workers.
import type { Clock } from '../../../core/index.ts';
import { parseHandshake, type FrameHandshake } from './protocol.ts';
import { createFrameServer } from './serve-runs.ts';
import {
  createWorkerPool,
  type PoolPort,
  type PoolThread,
  type PoolWorker,
} from './worker-pool.ts';

/**
 * The runner frame's program, inlined into runner.html at build time (build/runner-frame.ts):
 * the page embeds it as `<iframe sandbox="allow-scripts" src="runner.html">`, an opaque origin
 * under a strict policy that its Blob workers inherit (no network at all). It creates the
 * workers that run learner code, answers their model calls from the cassettes and grades each
 * case (serve-runs.ts), and reports to the page over the port the page hands it (protocol.ts).
 */

/** The page's origin: this document's URL origin (the document's own origin is opaque). */
const appOrigin = location.origin;

/** The case worker's program (case.worker.ts with the sandbox's runtime), bundled at build time. */
declare const __CASE_WORKER__: string;

/** The one line ahead of each case's script: the worker's boot has set up the port. */
const BOOTED_PRELUDE = '// the port and the sandbox runtime: set up by the worker while it waited';

const CASE_WORKER_URL = URL.createObjectURL(
  new Blob([__CASE_WORKER__], { type: 'text/javascript' }),
);

/**
 * A case worker, booting at once (case-worker-boot.ts: it removes its own `postMessage`,
 * evaluates the sandbox's runtime and hardens its realm), and its port: the one message the
 * worker gets on its global carries its end of a fresh `MessageChannel`, and every message of
 * its case goes over that channel. The worker's global channel is never listened to.
 */
function startCaseWorker(): PoolWorker {
  const worker = new Worker(CASE_WORKER_URL, { name: 'theinference-case' });
  const channel = new MessageChannel();
  worker.postMessage(null, [channel.port2]);
  return { worker: worker as unknown as PoolThread, port: channel.port1 as unknown as PoolPort };
}

/** The heartbeat worker's program (heartbeat.worker.ts), bundled at build time. */
declare const __HEARTBEAT_WORKER__: string;

/**
 * Answers the page's heartbeat on a thread of its own (heartbeat.worker.ts), over a port the
 * page sends: the page hears the frame is alive however busy this main thread is.
 */
const heart = new Worker(
  URL.createObjectURL(new Blob([__HEARTBEAT_WORKER__], { type: 'text/javascript' })),
  { name: 'theinference-heartbeat' },
);

const clock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
};

/**
 * How long after a run's last case the pool starts refilling: past the moment the page paints
 * the verdict (~30 ms after the last case on a 2-core machine), so the new workers' start-up
 * (a thread, the boot, the lockdown, the runtime's evaluation, each) does not compete with it for the
 * cores; and well before a learner who has read the verdict presses Run again.
 */
const REFILL_DELAY_MS = 100;

const pool = createWorkerPool(startCaseWorker, { refillDelayMs: REFILL_DELAY_MS });

let port: MessagePort | undefined;
let beating = false;
const page = createFrameServer({
  spawn: pool.spawn,
  reserve: pool.reserve,
  clock,
  prelude: BOOTED_PRELUDE,
  cores: navigator.hardwareConcurrency,
  post: (message) => port?.postMessage(message),
});

/** The page's window messages: the two channels, each handed over once. */
addEventListener('message', (event) => {
  if (event.source !== parent || event.origin !== appOrigin) return;
  const handshake = parseHandshake(event.data);
  const given = event.ports[0];
  if (!handshake || !given) return;
  if (handshake.type === 'heartbeat' && !beating) {
    beating = true;
    heart.postMessage(null, [given]);
  } else if (handshake.type === 'connect' && !port) {
    port = given;
    // Only the page holds this port: its messages need no parsing beyond the RPC's own.
    port.onmessage = (message) => page.receive(message.data);
  }
});

parent.postMessage({ type: 'ready' } satisfies FrameHandshake, appOrigin);
pool.refill();
