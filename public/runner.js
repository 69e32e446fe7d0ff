// The runner frame: creates the Blob workers that run learner code and relays their messages
// to the page, keyed by spawn id. It speaks the protocol in web/features/runner/runner-protocol.ts
// (change both together). Plain JavaScript, served as it is: it runs in a sandboxed iframe with an
// opaque origin, under the strict policy in runner.html, which its workers inherit.
'use strict';

(() => {
  /** Mirrors RELAY_LIMITS in runner-protocol.ts. */
  const LIMITS = { messages: 11000, messageSize: 4000000, totalSize: 32000000 };
  /** The page's origin: this file's own URL origin (the document's origin is opaque). */
  const appOrigin = location.origin;
  /** id -> { worker, messages, size, pending } */
  const workers = new Map();

  /** The page's end of the request/report channel, once it has sent it (`connect`). */
  let port;
  const report = (message) => port?.postMessage(message);

  /**
   * Answers the page's heartbeat on a thread of its own, over a port the page sends: however
   * busy this frame's main thread is (relaying a flood), the page hears that the frame is
   * alive, and it stops hearing it only when the frame's process is gone.
   */
  const heart = new Worker(
    URL.createObjectURL(
      new Blob(
        [
          'onmessage = (e) => { const port = e.ports[0]; port.onmessage = (m) => port.postMessage(m.data); };',
        ],
        { type: 'text/javascript' },
      ),
    ),
    { name: 'theinference-heartbeat' },
  );
  let beating = false;

  /**
   * Worker messages go to the page in batches: a flush is queued behind the tasks already
   * waiting, so a single message goes on at once, while a flood travels in a few large posts
   * instead of one cross-process post per message.
   */
  const waiting = new Set();
  const flusher = new MessageChannel();
  let flushQueued = false;
  flusher.port1.onmessage = () => {
    flushQueued = false;
    for (const entry of waiting) flush(entry);
  };

  function flush(entry) {
    waiting.delete(entry);
    const data = entry.pending;
    if (data.length === 0) return;
    entry.pending = [];
    try {
      report({ type: 'messages', id: entry.id, data });
    } catch {
      // Something crossed to this frame that cannot cross again (a port inside the data).
      for (const one of data) {
        try {
          report({ type: 'messages', id: entry.id, data: [one] });
        } catch {
          report({ type: 'message-error', id: entry.id });
        }
      }
    }
  }

  /**
   * Workers started ahead of time, each idle until it is given one script to load, and used
   * for one case only: a Run takes fresh workers whose thread and JavaScript realm already
   * exist, instead of paying for them while the learner waits. A worker that has loaded a
   * script never goes back to the pool, so no two cases (and no two runs) share a realm.
   * The pool refills once no case is running, one worker per task, so a refill never
   * delays a run's own messages.
   */
  const POOL_SIZE = 6;
  /**
   * A pooled worker's whole program: wait for one script, then run it as a classic script
   * would run (an indirect eval is global code). Its frames are named theinference-case.js;
   * the script's own lines are numbered from 1, as if it had been the worker's file.
   */
  const BOOT =
    "onmessage = (e) => { onmessage = null; (0, eval)(e.data + '\\n//# sourceURL=theinference-case.js'); };";
  const BOOT_URL = URL.createObjectURL(new Blob([BOOT], { type: 'text/javascript' }));
  const pool = [];
  let refilling = false;

  function startWorker() {
    return new Worker(BOOT_URL, { name: 'theinference-case' });
  }

  function refill() {
    if (refilling || workers.size > 0 || pool.length >= POOL_SIZE) return;
    refilling = true;
    setTimeout(() => {
      refilling = false;
      if (workers.size > 0 || pool.length >= POOL_SIZE) return;
      try {
        pool.push(startWorker());
      } catch {
        return; // this frame cannot start workers: spawn() reports it when a run asks
      }
      refill();
    }, 0);
  }

  function spawn(id, script) {
    if (workers.has(id)) return;
    let worker;
    try {
      worker = pool.shift() ?? startWorker();
    } catch (error) {
      report({
        type: 'worker-error',
        id,
        message: describe(error),
        filename: '',
        lineno: 0,
        colno: 0,
      });
      return;
    }
    const entry = { id, worker, messages: 0, size: 0, pending: [] };
    workers.set(id, entry);
    worker.onmessage = (event) => {
      if (workers.get(id) !== entry) return;
      if (++entry.messages > LIMITS.messages) return stop(entry, 'flood');
      const data = event.data;
      const size = sizeWithin(data, LIMITS.messageSize);
      entry.size += size;
      if (size > LIMITS.messageSize || entry.size > LIMITS.totalSize) {
        return stop(entry, 'too-large');
      }
      entry.pending.push(data);
      waiting.add(entry);
      if (!flushQueued) {
        flushQueued = true;
        flusher.port2.postMessage(null);
      }
    };
    worker.onmessageerror = () => {
      if (workers.get(id) !== entry) return;
      flush(entry);
      report({ type: 'message-error', id });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (workers.get(id) !== entry) return;
      flush(entry);
      report({
        type: 'worker-error',
        id,
        message: String(event.message || ''),
        filename: String(event.filename || ''),
        lineno: Number(event.lineno) || 0,
        colno: Number(event.colno) || 0,
      });
    };
    worker.postMessage(script);
  }

  function terminate(id) {
    const entry = workers.get(id);
    if (!entry) return;
    workers.delete(id);
    waiting.delete(entry);
    entry.worker.terminate();
    refill();
  }

  function stop(entry, reason) {
    flush(entry);
    terminate(entry.id);
    report({ type: 'stopped', id: entry.id, reason });
  }

  /** A rough size of a cloned value (strings by length), counting no further than `limit`. */
  function sizeWithin(value, limit) {
    let size = 0;
    const stack = [value];
    const seen = new Set();
    while (stack.length > 0 && size <= limit) {
      const item = stack.pop();
      if (typeof item === 'string') size += item.length;
      else if (item === null || typeof item !== 'object') size += 8;
      else if (seen.has(item)) size += 1;
      else {
        seen.add(item);
        if (ArrayBuffer.isView(item) || item instanceof ArrayBuffer) size += item.byteLength;
        else if (item instanceof Blob) size += item.size;
        else if (item instanceof Map) {
          for (const [k, v] of item) stack.push(k, v);
          size += item.size;
        } else if (item instanceof Set) {
          for (const v of item) stack.push(v);
          size += item.size;
        } else {
          for (const key of Object.keys(item)) {
            size += key.length;
            stack.push(item[key]);
          }
        }
      }
    }
    return size;
  }

  function describe(error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }

  const isId = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

  function onRequest(request) {
    if (typeof request !== 'object' || request === null) return;
    switch (request.type) {
      case 'spawn':
        if (isId(request.id) && typeof request.script === 'string') {
          spawn(request.id, request.script);
        }
        return;
      case 'post': {
        const entry = isId(request.id) ? workers.get(request.id) : undefined;
        if (entry) entry.worker.postMessage(request.message);
        return;
      }
      case 'terminate':
        if (isId(request.id)) terminate(request.id);
        return;
    }
  }

  /** The page's window messages: the two channels, each handed over once. */
  addEventListener('message', (event) => {
    if (event.source !== parent || event.origin !== appOrigin) return;
    const type = event.data?.type;
    const given = event.ports[0];
    if (!given) return;
    if (type === 'heartbeat' && !beating) {
      beating = true;
      heart.postMessage(null, [given]);
    } else if (type === 'connect' && !port) {
      port = given;
      port.onmessage = (message) => onRequest(message.data);
    }
  });

  parent.postMessage({ type: 'ready' }, appOrigin);
  refill();
})();
