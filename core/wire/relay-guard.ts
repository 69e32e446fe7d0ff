import type { SerializedError } from './errors.ts';
import { RELAY_LIMITS } from './limits.ts';

/** Why a host stopped a worker on its own: it sent too many messages, or too much data. */
export type RelayStop = 'flood' | 'too-large';

/**
 * The bounds of `RELAY_LIMITS` on one worker, as the browser's runner frame and the CLI's
 * sandbox process both apply them before a message reaches the grader: call it with each
 * message the worker sends; it says why to stop the worker, or `undefined` to relay it.
 */
export function createRelayGuard(): (message: unknown) => RelayStop | undefined {
  let messages = 0;
  let total = 0;
  return (message) => {
    if (++messages > RELAY_LIMITS.messages) return 'flood';
    const size = sizeWithin(message, RELAY_LIMITS.messageSize);
    total += size;
    if (size > RELAY_LIMITS.messageSize || total > RELAY_LIMITS.totalSize) return 'too-large';
  };
}

/** What the learner is told when a bound of `RELAY_LIMITS` stopped their code, in either host. */
export function relayStoppedError(reason: RelayStop): SerializedError {
  return reason === 'flood'
    ? {
        name: 'Flood',
        message: `The code sent more than ${RELAY_LIMITS.messages} messages, so the run was stopped.`,
      }
    : {
        name: 'TooLarge',
        message: `Too much data: the code sent more than a run may (${RELAY_LIMITS.messageSize.toLocaleString('en')} characters in one message, ${RELAY_LIMITS.totalSize.toLocaleString('en')} in all), so the run was stopped.`,
      };
}

/**
 * A rough size of a value a worker sent (strings by length, other leaves 8), counting no further
 * than `limit`: a message past the bound is known to be so without walking all of it. */
function sizeWithin(value: unknown, limit: number): number {
  let size = 0;
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0 && size <= limit) {
    const item = stack.pop();
    if (typeof item === 'string') size += item.length;
    else if (item === null || typeof item !== 'object') size += 8;
    else if (seen.has(item)) size += 1;
    else {
      seen.add(item);
      if (ArrayBuffer.isView(item)) size += item.byteLength;
      else if (item instanceof ArrayBuffer) size += item.byteLength;
      else if (item instanceof Map) {
        for (const [k, v] of item) stack.push(k, v);
        size += item.size;
      } else if (item instanceof Set) {
        for (const v of item) stack.push(v);
        size += item.size;
      } else {
        for (const [key, entry] of Object.entries(item)) {
          size += key.length;
          stack.push(entry);
        }
      }
    }
  }
  return size;
}
