import { parseArgs } from 'node:util';
import type { ApiStandInOptions } from './start-api-stand-in.ts';

export const USAGE =
  'usage: tsx scripts/api-stand-in/main.ts [--port N] [--host H] [--key K]... [--model M]...';

/** The stand-in's options from the command's arguments; throws on a bad one. */
export function parseCommandOptions(args: string[]): ApiStandInOptions {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      key: { type: 'string', multiple: true },
      model: { type: 'string', multiple: true },
    },
  });
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) {
    throw new Error(`--port: expected a port number, got "${values.port}"`);
  }
  return {
    port,
    host: values.host,
    ...(values.key ? { keys: values.key } : {}),
    ...(values.model ? { models: values.model } : {}),
  };
}
