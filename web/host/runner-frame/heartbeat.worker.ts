// Runs in the runner frame's heartbeat worker (a Blob Web Worker the frame starts): its whole program.

/**
 * Answers the page's heartbeat on a thread of its own: the one message on the worker's global
 * carries a port from the page, and every beat that arrives on it goes straight back. However
 * busy the frame's main thread is, the page hears that the frame is alive, and stops hearing it
 * only when the frame's process is gone. Bundled at build time (build/runner-frame.ts) into the
 * frame's program as `__HEARTBEAT_WORKER__`.
 */
self.onmessage = (event: MessageEvent) => {
  const port = event.ports[0];
  if (!port) return;
  // Setting onmessage starts the port.
  port.onmessage = (beat) => port.postMessage(beat.data);
};
