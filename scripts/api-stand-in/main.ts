/**
 * Runs the Messages API stand-in until killed, and prints its URL on stdout.
 * Usage: tsx scripts/api-stand-in/main.ts [--port N] [--host H] [--key K]... [--model M]...
 */
import { parseArgs } from 'node:util';
import { startApiStandIn } from './start-api-stand-in.ts';

const usage =
  'usage: tsx scripts/api-stand-in/main.ts [--port N] [--host H] [--key K]... [--model M]...';

function options() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        host: { type: 'string', default: '127.0.0.1' },
        key: { type: 'string', multiple: true },
        model: { type: 'string', multiple: true },
      },
    });
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new Error(`--port: expected a port number, got "${values.port}"`);
    }
    return { port, host: values.host, keys: values.key, models: values.model };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}

const standIn = await startApiStandIn(options());
console.log(standIn.url);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void standIn.close().then(() => process.exit(0)));
}
