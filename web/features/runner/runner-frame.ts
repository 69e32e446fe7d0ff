import { parseRunnerReport, type RunnerReport, type RunnerRequest } from './runner-protocol.ts';

/**
 * The one runner frame: `<iframe sandbox="allow-scripts" src="/runner.html">`, hidden, for
 * the app's whole life. Learner code runs in workers the frame creates, so it shares nothing
 * with the page: an opaque origin (no storage, no DOM of ours) under the frame's strict CSP.
 *
 * Chromium gives a sandboxed frame its own process, so a worker that exhausts memory takes
 * down the frame, never the page. Nothing tells the page that a frame's process died, so it
 * asks: while workers are alive, and for half a minute after, the frame is pinged four times a
 * second. Pings go over a port to a worker of the frame's own, so a frame busy relaying a flood
 * still answers. A Run within that watch sends its requests at once; a Run after it holds them
 * until the frame answers a first ping. A frame that stops answering is replaced; the spawns it
 * held fail with a clear error, and any not yet sent go to the new frame, so a crash is never
 * blamed on the run after it.
 */

/** A spawn's side of the frame: its reports, or word that the frame was lost under it. */
export interface FrameClient {
  report(report: Exclude<RunnerReport, { type: 'ready' }>): void;
  lost(reason: 'crashed' | 'never-started'): void;
}

const RUNNER_URL = `${import.meta.env.BASE_URL}runner.html`;
/** While workers are alive, the frame is pinged this often... */
const PING_MS = 250;
/** ...and declared lost when a ping stays unanswered this long. */
const LOST_AFTER_MS = 1_500;
/** Before a run's first request: nothing was sent to it yet, so a quick verdict costs nothing. */
const VERIFY_WITHIN_MS = 1_000;
/** How long the frame is still watched once no worker is alive (its last run just ended). */
const WATCH_AFTER_RUN_MS = 30_000;
/** A frame that has not said it is ready after this long never will... */
const START_WITHIN_MS = 10_000;
/**
 * ...nor one that loaded this long ago without saying so (its script failed: a 404, a policy).
 * Its `ready` message and its `load` event reach the page in either order, hence the margin.
 */
const READY_AFTER_LOAD_MS = 1_000;

interface Frame {
  element: HTMLIFrameElement;
  /** The frame has loaded (it said `ready`). */
  ready: boolean;
  /** Our end of the heartbeat channel, once the frame is ready. */
  heart: MessagePort | undefined;
  /** Our end of the request/report channel, once the frame is ready. */
  port: MessagePort | undefined;
  /** Requests go straight through: the frame answered since the last run ended. */
  open: boolean;
  createdAt: number;
  /** When the frame's document finished loading, if it has. */
  loadedAt?: number;
  /** Requests waiting for the frame to be open. */
  queue: RunnerRequest[];
  /** Spawns posted to this frame: they die with it. */
  sent: Set<number>;
}

let frame: Frame | undefined;
const clients = new Map<number, FrameClient>();
let listening = false;
let heartbeat: number | undefined;
let nonce = 0;
let outstanding: { nonce: number; sentAt: number } | undefined;
let lastTick = 0;
/** When the last worker went away; undefined while workers are alive. */
let idleSince: number | undefined;

// In development, a reloaded copy of this module must not leave its frame behind.
import.meta.hot?.dispose(() => {
  window.removeEventListener('message', onMessage);
  frame?.element.remove();
});

/** Creates the frame ahead of the first run, so that run does not wait for it to load. */
export function prepareRunnerFrame(): void {
  ensureFrame();
}

/** Starts hearing about spawn `id`; the caller sends its `spawn` request next. */
export function attach(id: number, client: FrameClient): void {
  ensureFrame();
  clients.set(id, client);
  idleSince = undefined;
  startHeartbeat();
}

export function detach(id: number): void {
  clients.delete(id);
  frame?.sent.delete(id);
  // Still watched for a while: a Run soon after this one need not wait for a ping.
  if (clients.size === 0) idleSince = performance.now();
}

/** Sends a request to the frame, queued until it is open. */
export function send(request: RunnerRequest): void {
  const current = ensureFrame();
  if (current.open) post(current, request);
  else current.queue.push(request);
}

function ensureFrame(queue: RunnerRequest[] = []): Frame {
  if (!listening) {
    window.addEventListener('message', onMessage);
    listening = true;
  }
  if (frame) return frame;
  const element = document.createElement('iframe');
  element.setAttribute('sandbox', 'allow-scripts');
  element.src = RUNNER_URL;
  element.title = 'Code runner';
  element.hidden = true;
  element.tabIndex = -1;
  element.setAttribute('aria-hidden', 'true');
  const created: Frame = {
    element,
    ready: false,
    heart: undefined,
    port: undefined,
    open: false,
    createdAt: performance.now(),
    queue,
    sent: new Set<number>(),
  };
  element.addEventListener('load', () => (created.loadedAt ??= performance.now()));
  frame = created;
  document.body.append(element);
  return created;
}

function post(target: Frame, request: RunnerRequest): void {
  if (request.type === 'spawn') target.sent.add(request.id);
  target.port?.postMessage(request);
}

function open(target: Frame): void {
  target.open = true;
  for (const request of target.queue.splice(0)) post(target, request);
}

/** The frame's one message to the window: it is ready, so it gets its two channels. */
function onMessage(event: MessageEvent<unknown>): void {
  const current = frame;
  if (!current || event.source !== current.element.contentWindow || event.origin !== 'null') {
    return;
  }
  if (parseRunnerReport(event.data)?.type !== 'ready' || current.ready) return;
  current.ready = true;
  const heart = new MessageChannel();
  heart.port1.onmessage = (beat: MessageEvent<unknown>) => onPong(current, beat.data);
  current.heart = heart.port1;
  const requests = new MessageChannel();
  requests.port1.onmessage = (message: MessageEvent<unknown>) => onReport(current, message.data);
  current.port = requests.port1;
  // The frame's origin is opaque ("null"), so no narrower target origin can name it.
  const target = current.element.contentWindow;
  target?.postMessage({ type: 'heartbeat' } satisfies RunnerRequest, '*', [heart.port2]);
  target?.postMessage({ type: 'connect' } satisfies RunnerRequest, '*', [requests.port2]);
  // Requests already waiting go now: the frame has just shown it is alive. With none, it stays
  // closed, and the first Run pings it before sending (it may be long after this).
  if (current.queue.length > 0 || clients.size > 0) open(current);
}

function onReport(from: Frame, data: unknown): void {
  if (from !== frame) return;
  const report = parseRunnerReport(data);
  if (report && report.type !== 'ready') clients.get(report.id)?.report(report);
}

function onPong(target: Frame, nonce: unknown): void {
  if (target !== frame || outstanding?.nonce !== nonce) return;
  outstanding = undefined;
  if (!target.open) open(target);
}

function startHeartbeat(): void {
  if (heartbeat !== undefined) return;
  lastTick = performance.now();
  heartbeat = window.setInterval(tick, PING_MS);
  if (frame?.ready && !frame.open) ping(frame, lastTick);
}

function stopHeartbeat(): void {
  window.clearInterval(heartbeat);
  heartbeat = undefined;
  outstanding = undefined;
}

function ping(target: Frame, now: number): void {
  outstanding = { nonce: ++nonce, sentAt: now };
  target.heart?.postMessage(outstanding.nonce);
}

function tick(): void {
  const current = frame;
  if (!current) return;
  const now = performance.now();
  // If the page itself stalled, a late pong may be waiting in its queue: ask again.
  const stalled = now - lastTick > PING_MS * 3;
  lastTick = now;
  if (!current.ready) {
    const loadedAt = current.loadedAt;
    if (
      now - current.createdAt > START_WITHIN_MS ||
      (loadedAt !== undefined && now - loadedAt > READY_AFTER_LOAD_MS)
    ) {
      loseFrame('never-started');
    }
    return;
  }
  if (idleSince !== undefined && now - idleSince > WATCH_AFTER_RUN_MS) {
    // Idle from here on: the next run's requests wait until the frame proves it is alive.
    stopHeartbeat();
    current.open = false;
    return;
  }
  const patience = current.open ? LOST_AFTER_MS : VERIFY_WITHIN_MS;
  if (outstanding && !stalled && now - outstanding.sentAt > patience) loseFrame('crashed');
  else if (!outstanding || stalled) ping(current, now);
}

/**
 * The frame stopped answering. The spawns it held hear so; requests it never got move to a
 * fresh frame (unless frames do not start at all, when every spawn hears so).
 */
function loseFrame(reason: 'crashed' | 'never-started'): void {
  const lostFrame = frame;
  if (!lostFrame) return;
  frame = undefined;
  outstanding = undefined;
  lostFrame.heart?.close();
  lostFrame.port?.close();
  lostFrame.element.remove();
  const gone = reason === 'never-started' ? [...clients.keys()] : [...lostFrame.sent];
  // A crashed frame is replaced at once, and gets the requests the old one never received. One
  // that never started is replaced when a Run next needs a frame: not in a loop, if it cannot.
  if (reason === 'crashed') ensureFrame(lostFrame.queue);
  for (const id of gone) {
    const client = clients.get(id);
    clients.delete(id);
    client?.lost(reason);
  }
  if (clients.size === 0) stopHeartbeat();
  else lastTick = performance.now();
}
