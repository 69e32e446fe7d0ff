import {
  createRpc,
  unrunCase,
  unrunRun,
  type CaseReport,
  type CaseRun,
  type LessonCase,
  type ModelSource,
  type Rpc,
  type SerializedError,
  type StackFrame,
  type UserAnswerer,
} from '../../../core/index.ts';
import {
  parseHandshake,
  type FrameHandshake,
  type FrameMethods,
  type PageMethods,
} from '../runner-frame/protocol.ts';

/**
 * The page's runner frame: `<iframe sandbox="allow-scripts" src="runner.html">`, hidden, for the
 * app's whole life. Learner code runs in workers the frame creates, and the frame grades each
 * case (frame.ts), so it shares nothing with the page: an opaque origin (no storage, no DOM of
 * ours) under the frame's strict CSP.
 *
 * Chromium gives a sandboxed frame its own process, so a worker that exhausts memory takes down
 * the frame, never the page. Nothing tells the page that a frame's process died, so it asks:
 * while runs are going, and for half a minute after, the frame is pinged four times a second.
 * Pings go over a port to a worker of the frame's own, so a busy frame still answers. A Run
 * within that watch is sent at once; a Run after it waits until the frame answers a first ping.
 * A frame that stops answering is replaced; the cases of the runs it held fail with a clear
 * error, and runs not yet sent go to the new frame, so a crash is never blamed on the run after.
 */
export interface RunnerFrame {
  /** Creates the frame ahead of the first run, so that run does not wait for it to load. */
  prepare(): void;
  /** Runs and grades `cases` against the bundle in the frame; reports each as it is graded. */
  run(request: FrameRunRequest, onCase: (report: CaseReport) => void): FrameRun;
  /**
   * Live mode: runs the bundle once with `input` (the learner's own question), ungraded, each
   * model call answered by `model` here in the page.
   */
  live(request: FrameLiveRequest): FrameLiveRun;
  /** Removes the frame (development's hot reload). */
  dispose(): void;
}

export interface FrameRunRequest {
  script: string;
  sourceMap: string;
  cases: LessonCase[];
  timeoutMs: number;
}

export interface FrameLiveRequest {
  script: string;
  sourceMap: string;
  input: unknown;
  timeoutMs: number;
  /**
   * Answers each model call, in the page: the frame relays each request here and hands the
   * answer back to the learner's worker. The page holds the learner's key and makes the HTTPS
   * call; the frame and the learner's code never see the key, and the frame keeps its
   * `connect-src 'none'`.
   */
  model: ModelSource;
  /**
   * Answers each question the harness asks the user (an approval), in the page: the person,
   * through the live panel's prompt. A run that asks with none set is told no one is there.
   */
  user?: UserAnswerer;
}

/** A live run's end: the run as the frame recorded it, and where an escaped error was thrown. */
export interface LiveRunEnd {
  run: CaseRun;
  frames: StackFrame[];
}

export interface FrameLiveRun {
  result: Promise<LiveRunEnd>;
  /** Stops the run: the frame terminates its worker; the run ends cancelled. */
  cancel(): void;
}

export interface FrameRun {
  /** Every case's report (cancelled ones say so). */
  result: Promise<CaseReport[]>;
  /** Stops the run: the frame terminates its workers, and its cases say "cancelled". */
  cancel(): void;
}

export interface RunnerFrameOptions {
  /** The frame's document (the app's `runner.html`). */
  url: string;
}

/** While runs are alive, the frame is pinged this often... */
const PING_MS = 250;
/** ...and declared lost when a ping stays unanswered this long. */
const LOST_AFTER_MS = 1_500;
/** Before a run is sent: nothing was sent to it yet, so a quick verdict costs nothing. */
const VERIFY_WITHIN_MS = 1_000;
/** How long the frame is still watched once no run is alive (its last run just ended). */
const WATCH_AFTER_RUN_MS = 30_000;
/** A frame that has not said it is ready after this long never will... */
const START_WITHIN_MS = 10_000;
/**
 * ...nor one that loaded this long ago without saying so (its script failed, a policy). Its
 * `ready` message and its `load` event reach the page in either order, hence the margin.
 */
const READY_AFTER_LOAD_MS = 1_000;

/** One message to the frame: which of its methods, with what. */
type FrameRequest = {
  [K in keyof FrameMethods]: { method: K; arg: Parameters<FrameMethods[K]>[0] };
}[keyof FrameMethods];

interface Frame {
  element: HTMLIFrameElement;
  ready: boolean;
  heart: MessagePort | undefined;
  port: MessagePort | undefined;
  /** The RPC over `port`, from the frame's `ready` on. */
  rpc: Rpc<FrameMethods> | undefined;
  /** Requests go straight through: the frame answered since the last run ended. */
  open: boolean;
  createdAt: number;
  loadedAt?: number;
  /** Requests waiting for the frame to be open. */
  queue: FrameRequest[];
  /** Runs posted to this frame: they die with it. */
  sent: Set<number>;
}

/** A run's page side: what it waits for, and what to do with the frame's word about it. */
interface Client {
  cases: LessonCase[];
  reports: Map<string, CaseReport>;
  onCase(report: CaseReport): void;
  model?: ModelSource;
  user?: UserAnswerer;
  /** A live run's end (`liveDone`), or the error it died of. */
  onLive?(end: LiveRunEnd | SerializedError): void;
  settle(): void;
}

export function createRunnerFrame({ url }: RunnerFrameOptions): RunnerFrame {
  let frame: Frame | undefined;
  const clients = new Map<number, Client>();
  let nextRun = 0;
  let listening = false;
  let heartbeat: number | undefined;
  let nonce = 0;
  let outstanding: { nonce: number; sentAt: number } | undefined;
  let lastTick = 0;
  let idleSince: number | undefined;

  const ensureFrame = (queue: FrameRequest[] = []): Frame => {
    if (!listening) {
      window.addEventListener('message', onMessage);
      listening = true;
    }
    if (frame) return frame;
    const element = document.createElement('iframe');
    element.setAttribute('sandbox', 'allow-scripts');
    element.src = url;
    element.title = 'Code runner';
    element.hidden = true;
    element.tabIndex = -1;
    element.setAttribute('aria-hidden', 'true');
    const created: Frame = {
      element,
      ready: false,
      heart: undefined,
      port: undefined,
      rpc: undefined,
      open: false,
      createdAt: performance.now(),
      queue,
      sent: new Set(),
    };
    element.addEventListener('load', () => (created.loadedAt ??= performance.now()));
    frame = created;
    document.body.append(element);
    return created;
  };

  const post = (target: Frame, { method, arg }: FrameRequest) => {
    if (method !== 'cancel') target.sent.add(arg.id);
    target.rpc?.notify(method, arg);
  };

  const send = (request: FrameRequest) => {
    const current = ensureFrame();
    if (current.open) post(current, request);
    else current.queue.push(request);
  };

  const open = (target: Frame) => {
    target.open = true;
    for (const request of target.queue.splice(0)) post(target, request);
  };

  /** The frame's one message to the window: it is ready, so it gets its two channels. */
  function onMessage(event: MessageEvent<unknown>): void {
    const current = frame;
    if (!current || event.source !== current.element.contentWindow || event.origin !== 'null') {
      return;
    }
    if (parseHandshake(event.data)?.type !== 'ready' || current.ready) return;
    current.ready = true;
    const heart = new MessageChannel();
    heart.port1.onmessage = (beat: MessageEvent<unknown>) => onPong(current, beat.data);
    current.heart = heart.port1;
    const requests = new MessageChannel();
    const port = requests.port1;
    const rpc = createRpc<FrameMethods, PageMethods>(answering(current), (message) => {
      port.postMessage(message);
    });
    // Only the frame holds the other end: its messages need no parsing beyond the RPC's own.
    port.onmessage = (message: MessageEvent<unknown>) => rpc.receive(message.data);
    current.port = port;
    current.rpc = rpc;
    // The frame's origin is opaque ("null"), so no narrower target origin can name it.
    const target = current.element.contentWindow;
    target?.postMessage({ type: 'heartbeat' } satisfies FrameHandshake, '*', [heart.port2]);
    target?.postMessage({ type: 'connect' } satisfies FrameHandshake, '*', [requests.port2]);
    if (current.queue.length > 0 || clients.size > 0) open(current);
  }

  /**
   * The page's side of the RPC with frame `from`: its word about the runs it holds, heard while
   * it is still the page's frame. Its model calls and questions abort when the frame aborts them
   * (the run ended first) or is lost (`loseFrame` closes its RPC).
   */
  const answering = (from: Frame): PageMethods => {
    const clientOf = (id: number) => (from === frame ? clients.get(id) : undefined);
    return {
      cases({ id, reports }) {
        const client = clientOf(id);
        if (client) for (const report of reports) finishCase(client, report);
      },
      liveDone({ id, run, frames }) {
        const client = clientOf(id);
        client?.onLive?.({ run, frames });
        client?.settle();
      },
      failed({ id, error }) {
        const client = clientOf(id);
        if (client) fail(client, error);
      },
      /** Live mode: the page's model source answers; its failure is a network's (status 0). */
      async model({ id, request }, { signal }) {
        const model = clientOf(id)?.model;
        if (!model) throw new Error('No live run here is waiting for this answer.');
        try {
          return await model.answer(request, { signal });
        } catch (error) {
          const failure = { type: 'connection_error', message: String(error) };
          return { ok: false, status: 0, body: { type: 'error', error: failure } };
        }
      },
      /** Live mode: the person answers a question of the harness, through the live panel. */
      async ask({ id, question }, { signal }) {
        const user = clientOf(id)?.user;
        if (!user) return { ok: false, message: `No one is there to ask about ${question.name}.` };
        try {
          return await user(question, { signal });
        } catch (error) {
          return { ok: false, message: String(error) };
        }
      },
    };
  };

  /** Every case of the run fails with `error` (a live run ends with it). */
  const fail = (client: Client, error: SerializedError) => {
    for (const c of client.cases) finishCase(client, unrunCase(c, error));
    if (client.onLive) {
      client.onLive(error);
      client.settle();
    }
  };

  const finishCase = (client: Client, report: CaseReport) => {
    if (client.reports.has(report.name) || !client.cases.some((c) => c.name === report.name)) {
      return;
    }
    client.reports.set(report.name, report);
    client.onCase(report);
    if (client.reports.size === client.cases.length) client.settle();
  };

  const onPong = (target: Frame, value: unknown) => {
    if (target !== frame || outstanding?.nonce !== value) return;
    outstanding = undefined;
    if (!target.open) open(target);
  };

  const startHeartbeat = () => {
    if (heartbeat !== undefined) return;
    lastTick = performance.now();
    heartbeat = window.setInterval(tick, PING_MS);
    if (frame?.ready && !frame.open) ping(frame, lastTick);
  };

  const stopHeartbeat = () => {
    window.clearInterval(heartbeat);
    heartbeat = undefined;
    outstanding = undefined;
  };

  const ping = (target: Frame, now: number) => {
    outstanding = { nonce: ++nonce, sentAt: now };
    target.heart?.postMessage(outstanding.nonce);
  };

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
      // Idle from here on: the next run waits until the frame proves it is alive.
      stopHeartbeat();
      current.open = false;
      return;
    }
    const patience = current.open ? LOST_AFTER_MS : VERIFY_WITHIN_MS;
    if (outstanding && !stalled && now - outstanding.sentAt > patience) loseFrame('crashed');
    else if (!outstanding || stalled) ping(current, now);
  }

  /**
   * The frame stopped answering. The runs it held fail; runs it never got move to a fresh frame
   * (unless frames do not start at all, when every run hears so).
   */
  const loseFrame = (reason: 'crashed' | 'never-started') => {
    const lostFrame = frame;
    if (!lostFrame) return;
    frame = undefined;
    outstanding = undefined;
    const error = reason === 'crashed' ? SANDBOX_CRASHED : SANDBOX_NEVER_STARTED;
    // Its model calls and questions still out here abort: the live fetch, the approval prompt.
    lostFrame.rpc?.close(error);
    lostFrame.heart?.close();
    lostFrame.port?.close();
    lostFrame.element.remove();
    const gone = reason === 'never-started' ? [...clients.keys()] : [...lostFrame.sent];
    if (reason === 'crashed') ensureFrame(lostFrame.queue.filter((r) => r.method !== 'cancel'));
    for (const id of gone) {
      const client = clients.get(id);
      if (client) fail(client, error);
    }
    if (clients.size === 0) stopHeartbeat();
    else lastTick = performance.now();
  };

  const dispose = () => {
    window.removeEventListener('message', onMessage);
    listening = false;
    stopHeartbeat();
    frame?.rpc?.close({ name: 'Disposed', message: 'The runner frame was removed.' });
    frame?.element.remove();
    frame = undefined;
  };

  /** Registers a run's client and sends its request (or queues it until the frame is open). */
  const start = (id: number, client: Client, request: FrameRequest) => {
    ensureFrame();
    clients.set(id, client);
    idleSince = undefined;
    startHeartbeat();
    send(request);
  };

  const end = (id: number) => {
    clients.delete(id);
    frame?.sent.delete(id);
    if (clients.size === 0) idleSince = performance.now();
  };

  /** Takes a request never sent out of the queue: true when it was still there. */
  const unqueue = (id: number): boolean => {
    const queue = frame?.queue ?? [];
    const waiting = queue.findIndex((r) => r.method !== 'cancel' && r.arg.id === id);
    if (waiting >= 0) queue.splice(waiting, 1);
    return waiting >= 0;
  };

  return {
    prepare: () => void ensureFrame(),
    dispose,
    live({ script, sourceMap, input, timeoutMs, model, user }) {
      const id = ++nextRun;
      let ended: LiveRunEnd | SerializedError = { name: 'Cancelled', message: 'cancelled' };
      let settle: () => void = () => {};
      const done = new Promise<void>((resolve) => (settle = resolve));
      const client: Client = {
        cases: [],
        reports: new Map(),
        onCase: () => {},
        model,
        ...(user ? { user } : {}),
        onLive: (end) => (ended = end),
        settle,
      };
      const result = done.then((): LiveRunEnd => {
        end(id);
        return 'run' in ended ? ended : { run: unrunRun(ended), frames: [] };
      });
      start(id, client, { method: 'live', arg: { id, script, sourceMap, input, timeoutMs } });
      return {
        result,
        cancel() {
          if (!clients.has(id)) return;
          if (!unqueue(id)) return send({ method: 'cancel', arg: { id } });
          ended = { run: unrunRun('cancelled'), frames: [] };
          settle();
        },
      };
    },
    run({ script, sourceMap, cases, timeoutMs }, onCase) {
      const id = ++nextRun;
      let settle: () => void = () => {};
      const done = new Promise<void>((resolve) => (settle = resolve));
      const client: Client = {
        cases,
        reports: new Map(),
        onCase,
        settle,
      };
      const result = done.then(() => {
        end(id);
        return cases.map((c) => client.reports.get(c.name) as CaseReport);
      });
      if (cases.length === 0) settle();
      else start(id, client, { method: 'run', arg: { id, script, sourceMap, cases, timeoutMs } });
      return {
        result,
        cancel() {
          if (!clients.has(id)) return;
          if (!unqueue(id)) return send({ method: 'cancel', arg: { id } });
          // Never sent: it ends here.
          for (const c of cases) finishCase(client, unrunCase(c, 'cancelled'));
        },
      };
    },
  };
}

const SANDBOX_CRASHED: SerializedError = {
  name: 'SandboxCrashed',
  message:
    'The sandbox running this code stopped responding (most likely it ran out of memory), so the run was stopped. A fresh sandbox is ready for the next run.',
};

const SANDBOX_NEVER_STARTED: SerializedError = {
  name: 'SandboxUnavailable',
  message:
    'The sandbox that runs code (runner.html) did not start. Run again to retry, or reload the page.',
};
