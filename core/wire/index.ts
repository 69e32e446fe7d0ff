/**
 * The wire floor's public entry, for the programs that run in a thread or process of their own
 * (the page's case worker, the CLI's sandbox process): only the bounds, errors and script names
 * every thread shares with the hosts, so importing it weighs nothing. Hosts use core/index.ts.
 */
export { RELAY_LIMITS, WORKER_MESSAGE_BUDGET } from './limits.ts';
export { parseError, serializeError, type SerializedError } from './errors.ts';
export { createRelayGuard, relayStoppedError, type RelayStop } from './relay-guard.ts';
export { RUNTIME_SCRIPT_NAME } from './runtime-script.ts';
