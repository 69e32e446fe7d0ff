import type { Clock } from '../../../core/index.ts';
import { caseGate } from '../../../core/sandbox/case-gate.ts';
import { RUNTIME_SCRIPT_NAME } from '../../../core/run/stack-map.ts';
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

/** The sandbox's runtime, bundled at build time (build/runner-frame.ts, `buildSandboxRuntime`). */
declare const __SANDBOX_RUNTIME__: string;

/**
 * A pooled worker's whole program. While it waits: set up the case gate (core/sandbox/
 * case-gate.ts), set up the port (the one-line prelude the core would otherwise put ahead of
 * each case's script), and evaluate the sandbox's runtime (the worker runtime, which hardens
 * the realm with `lockdown` first, the harness API, the SDK stand-in), so that a case pays for
 * none of these on the Run's critical path. Then each script it is sent,
 * the lesson's own bundle (made with `runtime: 'external'`), is a case: the runtime opens the
 * case, and the script runs as a classic script would (an indirect eval is global code), its
 * modules new. Its frames are named theinference-case.js, its lines numbered from 1 as if it had
 * been the worker's file; the runtime's are named theinference-runtime.js, which stack mapping
 * leaves out. A worker gets another case only when its last one left the realm clean.
 */
const BOOT = [
  `(${caseGate.toString()})(self);`,
  PORT_PRELUDE,
  `(0, eval)(${JSON.stringify(`${__SANDBOX_RUNTIME__}\n//# sourceURL=${RUNTIME_SCRIPT_NAME}`)});`,
  "onmessage = (e) => { if (typeof e.data === 'string') (0, eval)(e.data + '\\n//# sourceURL=theinference-case.js'); };",
].join('\n');
/** The one line ahead of each case's script: the boot program has done the prelude's work. */
const BOOTED_PRELUDE = '// the port and the sandbox runtime: set up by the worker while it waited';

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

/**
 * How long after a run's last case the pool starts refilling: past the moment the page paints
 * the verdict (~30 ms after the last case on a 2-core machine), so the new workers' start-up
 * (a thread, the lockdown, the runtime's evaluation, each) does not compete with it for the
 * cores; and well before a learner who has read the verdict presses Run again.
 */
const REFILL_DELAY_MS = 100;

/**
 * How many of a run's cases run at once, each lane's cases one after another on a worker it
 * reuses while they leave it clean: two, for the two cores a learner's laptop has at least.
 * Seven workers at once (one per case) spent more of the cores on threads and realms starting
 * and ending than on the cases.
 */
const LANES = 2;

const pool = createWorkerPool(
  () => new Worker(BOOT_URL, { name: 'theinference-case' }) as unknown as PoolWorker,
  { size: LANES + 1, refillDelayMs: REFILL_DELAY_MS },
);

let port: MessagePort | undefined;
let beating = false;
const serve = createFrameServer({
  spawn: pool.spawn,
  lanes: LANES,
  clock,
  prelude: BOOTED_PRELUDE,
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
