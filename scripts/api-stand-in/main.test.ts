import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCommandOptions } from './command-options.ts';
import { ask, sdk } from './test-support.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const started: ChildProcess[] = [];

function run(...args: string[]): ChildProcess {
  const child = spawn(`${root}node_modules/.bin/tsx`, ['scripts/api-stand-in/main.ts', ...args], {
    cwd: root,
  });
  started.push(child);
  return child;
}

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill();
});

describe('tsx scripts/api-stand-in/main.ts', () => {
  it('prints its URL, serves with the keys it is given, and stops on SIGTERM', async () => {
    const child = run('--port', '0', '--key', 'sk-ant-command-line-5555');
    const [url] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${url}/__stand-in/health`);
    expect(health.status).toBe(200);
    const reply = await sdk(
      { url },
      {
        apiKey: 'sk-ant-command-line-5555',
      },
    ).messages.create(ask());
    expect(reply.stop_reason).toBe('end_turn');

    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });
});

describe('its options', () => {
  it('reads ports, keys and models', () => {
    expect(
      parseCommandOptions(['--port', '4262', '--key', 'a', '--key', 'b', '--model', 'm']),
    ).toEqual({
      port: 4262,
      host: '127.0.0.1',
      keys: ['a', 'b'],
      models: ['m'],
    });
  });

  it.each(['eighty', '1.5', '70000', ''])('refuses the port "%s"', (port) => {
    expect(() => parseCommandOptions(['--port', port])).toThrow(
      `--port: expected a port number, got "${port}"`,
    );
  });
});
