import { describe, expect, it } from 'vitest';
import { createRpc, RpcError, type RpcCall, type RpcMessage } from './rpc.ts';

interface Server {
  double(n: number): number;
  slow(n: number, call: RpcCall): Promise<string>;
  fails(reason: string): never;
  log(line: string): void;
}

interface Client {
  ask(question: string): Promise<boolean>;
}

/** Two RPCs joined back to back, each message cloned as a port clones it (at the send). */
function connect(server: Server, client: Client = { ask: async () => true }) {
  const sent: RpcMessage[] = [];
  const toServer = createRpc<Client, Server>(server, (message) => {
    const copy = structuredClone(message);
    sent.push(message);
    queueMicrotask(() => fromServer.receive(copy));
  });
  const fromServer = createRpc<Server, Client>(client, (message) => {
    const copy = structuredClone(message);
    sent.push(message);
    queueMicrotask(() => toServer.receive(copy));
  });
  return { rpc: fromServer, back: toServer, sent };
}

const server = (overrides: Partial<Server> = {}): Server => ({
  double: (n) => n * 2,
  slow: (n, { signal }) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(`slept ${n}`), n);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      });
    }),
  fails: (reason) => {
    throw new TypeError(reason);
  },
  log: () => {},
  ...overrides,
});

describe('createRpc', () => {
  it('answers a call with the method’s value, sync or async', async () => {
    const { rpc } = connect(server());
    await expect(rpc.call('double', 21)).resolves.toBe(42);
    await expect(rpc.call('slow', 1)).resolves.toBe('slept 1');
  });

  it('rejects with the error the method threw, by name and message', async () => {
    const { rpc } = connect(server());
    const error = await rpc.call('fails', 'bad input').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ name: 'TypeError', message: 'bad input' });
  });

  it('calls both ways over one pair of transports', async () => {
    let asked = '';
    const { rpc, back } = connect(server(), {
      ask: async (question) => ((asked = question), false),
    });
    await expect(back.call('ask', 'keep going?')).resolves.toBe(false);
    expect(asked).toBe('keep going?');
    await expect(rpc.call('double', 2)).resolves.toBe(4);
  });

  it('aborts the method when the caller aborts, and sends no answer after', async () => {
    let aborted = false;
    const { rpc, sent } = connect(
      server({
        slow: (_n, { signal }) =>
          new Promise(() => signal.addEventListener('abort', () => void (aborted = true))),
      }),
    );
    const abort = new AbortController();
    const call = rpc.call('slow', 1_000, { signal: abort.signal });
    await new Promise((resolve) => setTimeout(resolve, 1));
    abort.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(aborted).toBe(true);
    expect(sent.map((m) => m.rpc)).toEqual(['call', 'abort']);
  });

  it('rejects a call whose signal has already aborted without sending it', async () => {
    const { rpc, sent } = connect(server());
    await expect(rpc.call('double', 1, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(sent).toEqual([]);
  });

  it('sends a notification with no answer, and tells a caller of an unknown method so', async () => {
    const lines: string[] = [];
    const { rpc, sent } = connect(server({ log: (line) => void lines.push(line) }));
    rpc.notify('log', 'hello');
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(lines).toEqual(['hello']);
    expect(sent).toHaveLength(1);
    await expect(rpc.call('toString' as 'double', 1)).rejects.toThrow('no toString');
  });

  it('on close, rejects every call waiting and aborts every call it is serving', async () => {
    let served: RpcCall['signal'] | undefined;
    const { rpc, back } = connect(
      server({ slow: (_n, { signal }) => ((served = signal), new Promise(() => {})) }),
    );
    const waiting = rpc.call('slow', 5);
    await new Promise((resolve) => setTimeout(resolve, 1));
    rpc.close({ name: 'SandboxCrashed', message: 'gone' });
    await expect(waiting).rejects.toMatchObject({ name: 'SandboxCrashed', message: 'gone' });
    back.close({ name: 'Closed', message: 'closed' });
    expect(served?.aborted).toBe(true);
  });

  it('ignores what is not one of its messages, and answers nobody asked for', () => {
    const { rpc } = connect(server());
    for (const junk of [null, 1, 'call', {}, { rpc: 'answer', id: 9, value: 1 }, { id: -1 }]) {
      expect(() => rpc.receive(junk)).not.toThrow();
    }
  });

  it('tells the caller when its answer could not be sent', async () => {
    const { rpc } = connect(server({ double: () => ({ f: () => 1 }) as unknown as number }));
    await expect(rpc.call('double', 1)).rejects.toMatchObject({ name: 'DataCloneError' });
  });
});
