import { describe, expect, it } from 'vitest';
import { RELAY_LIMITS } from './limits.ts';
import { createRelayGuard, relayStoppedError } from './relay-guard.ts';

describe('createRelayGuard', () => {
  it('relays messages up to the count and stops the one past it', () => {
    const guard = createRelayGuard();
    for (let i = 0; i < RELAY_LIMITS.messages; i++)
      expect(guard({ type: 'console' })).toBeUndefined();
    expect(guard({ type: 'console' })).toBe('flood');
  });

  it('stops one message past the size of one, and many past the size of all', () => {
    expect(createRelayGuard()({ text: 'x'.repeat(RELAY_LIMITS.messageSize + 1) })).toBe(
      'too-large',
    );
    const guard = createRelayGuard();
    const part = 'x'.repeat(RELAY_LIMITS.messageSize - 100);
    const fit = Math.floor(RELAY_LIMITS.totalSize / part.length);
    for (let i = 0; i < fit; i++) expect(guard([part])).toBeUndefined();
    expect(guard([part])).toBe('too-large');
  });

  it('counts every worker on its own', () => {
    const first = createRelayGuard();
    for (let i = 0; i < RELAY_LIMITS.messages; i++) first(0);
    expect(first(0)).toBe('flood');
    expect(createRelayGuard()(0)).toBeUndefined();
  });
});

describe('relayStoppedError', () => {
  it('names the bound the code went past', () => {
    expect(relayStoppedError('flood')).toMatchObject({ name: 'Flood' });
    expect(relayStoppedError('too-large').message).toMatch(
      /^Too much data: .*4,000,000 characters/,
    );
  });
});
