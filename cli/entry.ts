// Runs in the CLI's own process (the grading process): it starts the sandbox process first.
import { createSandbox, type Sandbox } from './sandbox/host/sandbox-host.ts';
import { sandboxProgram } from './sandbox/host/sandbox-program.ts';

/** How cli/bin.js builds the sandbox process's program into the user's cache, once per change. */
export { bundleSandboxProgram } from './sandbox/host/sandbox-program.ts';

/** Workers started before the course is loaded: no stage has fewer cases. */
const EARLY_WORKERS = 3;

/**
 * The CLI's start-up, as cli/bin.js runs it. A command that grades starts its sandbox process
 * first: the process takes the longest to start and needs nothing else, so it starts while the
 * rest of the CLI (the course loader, zod, esbuild) loads and runs. The rest is imported after.
 */
export async function run(argv: string[]): Promise<number> {
  const grades = argv.includes('test') || argv.includes('next') || argv.includes('run');
  const sandbox: Sandbox | undefined = grades ? createSandbox(sandboxProgram()) : undefined;
  // Workers for the first stage's cases, as many as the smallest stage has; the stage asks for
  // the rest once it has loaded.
  sandbox?.prepare(EARLY_WORKERS);
  const { main } = await import('./main.ts');
  try {
    return await main(argv, sandbox);
  } finally {
    // Unless a watch goes on using it, the sandbox ends with the command.
    if (!argv.includes('--watch')) sandbox?.close();
  }
}
