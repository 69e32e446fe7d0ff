/**
 * Runs the Messages API stand-in until killed, and prints its URL on stdout.
 * Usage: tsx scripts/api-stand-in/main.ts [--port N] [--host H] [--key K]... [--model M]...
 */
import { parseCommandOptions, USAGE } from './command-options.ts';
import { startApiStandIn, type ApiStandInOptions } from './start-api-stand-in.ts';

let options: ApiStandInOptions;
try {
  options = parseCommandOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
const standIn = await startApiStandIn(options);
console.log(standIn.url);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void standIn.close().then(() => process.exit(0)));
}
