import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The package as a learner gets it: `npm pack`, installed into a fresh global prefix (from
 * the registry for its dependencies), then used from a folder outside the checkout.
 */
const ROOT = new URL('..', import.meta.url).pathname;
/** How many stages the course has, so the test follows the course as it grows. */
const STAGES = (
  JSON.parse(readFileSync(join(ROOT, 'fixtures', 'course.json'), 'utf8')) as {
    parts: { lessons: string[] }[];
  }
).parts.flatMap((part) => part.lessons).length;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(join(dir, entry.name)).map((path) => `${entry.name}/${path}`)
      : [entry.name],
  );
}

describe('the packed CLI', () => {
  it('holds what the CLI needs and nothing of the web app, the tests, the fixtures or the solution catalogues', () => {
    // Packing runs `prepack`, which seals the course into course.sealed.json (and `postpack`
    // removes it again).
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json'], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as { files: { path: string }[] }[];
    const paths = (packed?.files ?? []).map((f) => f.path);
    expect(paths).toContain('cli/bin.js');
    expect(paths).toContain('core/sandbox/worker-runtime.ts');
    expect(paths).toContain('course.sealed.json');
    const unexpected = paths.filter(
      (path) =>
        !/^(cli|core)\//.test(path) &&
        !['README.md', 'package.json', 'course.sealed.json'].includes(path),
    );
    expect(unexpected).toEqual([]);
    expect(paths.filter((path) => /\.test\.ts$/.test(path))).toEqual([]);
    expect(existsSync(join(ROOT, 'course.sealed.json'))).toBe(false);
  });

  it('installs into a global prefix and runs init → stage → test from a folder outside the checkout', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'theinference-package-'));
    const prefix = join(scratch, 'prefix');
    const cache = join(scratch, 'cache');
    const away = join(scratch, 'away');
    mkdirSync(away);
    execFileSync('npm', ['pack', '--pack-destination', scratch], { cwd: ROOT, stdio: 'ignore' });
    const [tarball] = readdirSync(scratch).filter((name) => name.endsWith('.tgz'));
    const install = spawnSync(
      'npm',
      [
        'install',
        '-g',
        '--allow-scripts=esbuild',
        '--prefix',
        prefix,
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        join(scratch, tarball ?? ''),
      ],
      { cwd: scratch, encoding: 'utf8' },
    );
    // As the README has it: no warning a newcomer would have to act on.
    expect({ status: install.status, stderr: install.stderr }).toEqual({ status: 0, stderr: '' });
    const installed = join(prefix, 'lib', 'node_modules', 'theinference');
    // The course ships sealed: no fixtures/, and no hidden case's expected output.
    expect(existsSync(join(installed, 'fixtures'))).toBe(false);
    const shipped = JSON.parse(readFileSync(join(installed, 'course.sealed.json'), 'utf8')) as {
      lessons: { cases: { visible: boolean; expected?: unknown; sealed?: unknown }[] }[];
    };
    const hidden = shipped.lessons.flatMap((l) => l.cases.filter((c) => !c.visible));
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.filter((c) => c.expected !== undefined || c.sealed === undefined)).toEqual([]);
    const before = listFiles(installed).map((path) => [
      path,
      statSync(join(installed, path)).mtimeMs,
    ]);

    const env = {
      ...process.env,
      PATH: `${join(prefix, 'bin')}:${process.env.PATH}`,
      XDG_CACHE_HOME: cache,
      NO_COLOR: '1',
    };
    const theinference = (args: string[], cwd: string) =>
      execFileSync('theinference', args, { cwd, env, encoding: 'utf8' });
    expect(theinference(['init', 'my-course'], away)).toContain(
      'Next: cd my-course && theinference task',
    );
    const course = join(away, 'my-course');
    expect(theinference(['stage', 'the-while-loop'], course)).toContain(
      `Stage 2 of ${STAGES}: The while loop`,
    );
    cpSync(join(ROOT, 'fixtures', 'the-while-loop', 'reference', 'src'), join(course, 'src'), {
      recursive: true,
    });
    const test = theinference(['test'], course);
    const cases = readdirSync(join(ROOT, 'fixtures', 'the-while-loop', 'cases')).length;
    expect(test).toContain(`PASS the-while-loop: ${cases}/${cases} cases passed`);

    // The CLI built itself into the cache, and wrote nothing into the package.
    expect(
      readdirSync(join(cache, 'theinference'))
        .flatMap((key) => readdirSync(join(cache, 'theinference', key)))
        .sort(),
    ).toEqual(['cli.mjs', 'sandbox.cjs']);
    const after = listFiles(installed).map((path) => [
      path,
      statSync(join(installed, path)).mtimeMs,
    ]);
    expect(after).toEqual(before);
    expect(relative(installed, course).startsWith('..')).toBe(true);
  }, 180_000);
});
