import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRegistry, type LocalRegistry } from '../scripts/test-support/local-registry.ts';

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
    expect(paths).toContain('LICENSE');
    const unexpected = paths.filter(
      (path) =>
        !/^(cli|core)\//.test(path) &&
        !['README.md', 'LICENSE', 'package.json', 'course.sealed.json'].includes(path),
    );
    expect(unexpected).toEqual([]);
    // Tests and what only tests use (core/cassette/test-conversation.ts) stay out.
    expect(paths.filter((path) => /\.test\.ts$|^core\/.*\/test-[^/]*$/.test(path))).toEqual([]);
    expect(paths).toContain('cli/commands/test-runner.ts');
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

describe('the published package', () => {
  let scratch = '';
  let registry: LocalRegistry | undefined;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'theinference-publish-'));
    registry = await startLocalRegistry(join(scratch, 'registry'), 'theinference');
    // Reported, not asserted: speed targets belong in the bench.
    process.stderr.write(`verdaccio installed in ${Math.round(registry.installMs)} ms\n`);
    // `npm publish` of the checkout, as it stands: prepack seals the course, postpack removes it.
    const published = spawnSync(
      'npm',
      ['publish', '--registry', registry.url, '--userconfig', registry.userconfig],
      { cwd: ROOT, encoding: 'utf8' },
    );
    if (published.status !== 0) throw new Error(`npm publish failed: ${published.stderr}`);
    if (existsSync(join(ROOT, 'course.sealed.json'))) throw new Error('postpack did not run');
  }, 180_000);

  afterAll(() => registry?.stop());

  /** `npx --registry <local> theinference ...` on a learner's machine: an empty npm cache. */
  function npx(args: string[], cwd: string) {
    return spawnSync('npx', ['--registry', registry?.url ?? '', 'theinference', ...args], {
      cwd,
      env: learnerEnv(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 150_000,
    });
  }

  function learnerEnv(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      npm_config_cache: join(scratch, 'npm-cache'),
      npm_config_userconfig: registry?.userconfig ?? '',
      npm_config_registry: registry?.url ?? '',
      npm_config_update_notifier: 'false',
      XDG_CACHE_HOME: join(scratch, 'cache'),
      NO_COLOR: '1',
    };
  }

  it('publishes as package.json stands, with nothing to edit first', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(manifest.bin).toEqual({ theinference: 'cli/bin.js' });
    expect(manifest.engines).toEqual({ node: '>=20' });
    expect(manifest.repository).toMatchObject({ type: 'git' });
  });

  it('runs from the registry with npx: init a course, fail the starter, pass the reference', () => {
    const away = mkdtempSync(join(scratch, 'away-'));
    const init = npx(['init', 'course'], away);
    expect({ status: init.status, stdout: init.stdout }).toEqual({
      status: 0,
      stdout: [
        `Course directory ready: ${join(away, 'course')}`,
        'Next: cd course && theinference task to read stage 1, then theinference test to grade it.',
        '',
      ].join('\n'),
    });
    const course = join(away, 'course');
    const cases = readdirSync(join(ROOT, 'fixtures', 'the-while-loop', 'cases')).length;

    // The first stage's starter has no runLoop yet: the stage's tests cannot call it.
    const starter = npx(['test', '--stage', 'the-while-loop'], course);
    expect(starter.status).toBe(1);
    expect(starter.stdout).toContain('src/loop.ts does not export runLoop');
    expect(starter.stdout).toMatch(
      new RegExp(`^FAIL the-while-loop: 0/${cases} cases passed · \\d+ ms$`, 'm'),
    );

    cpSync(join(ROOT, 'fixtures', 'the-while-loop', 'reference', 'src'), join(course, 'src'), {
      recursive: true,
    });
    const reference = npx(['test', '--stage', 'the-while-loop'], course);
    // npx says, on stderr, that it fetches a package it has not installed here; nothing else.
    const stderr = reference.stderr.replace(
      /^npm warn exec The following package was not found and will be installed: theinference@[\d.]+\n/,
      '',
    );
    expect({ status: reference.status, stderr }).toEqual({ status: 0, stderr: '' });
    expect(reference.stdout).toMatch(
      new RegExp(`^PASS the-while-loop: ${cases}/${cases} cases passed · \\d+ ms$`, 'm'),
    );
  }, 300_000);

  it("runs the course's workflow steps as GitHub would: the summary and results.json", () => {
    const away = mkdtempSync(join(scratch, 'away-'));
    expect(npx(['init', 'course'], away).status).toBe(0);
    const course = join(away, 'course');
    expect(npx(['stage', 'the-while-loop'], course).status).toBe(0);
    // The reference with one slip: tools run in the reverse order (fails two-tools-one-turn).
    const reference = readFileSync(
      join(ROOT, 'fixtures', 'the-while-loop', 'reference', 'src', 'loop.ts'),
      'utf8',
    );
    const slipped = reference.replace(
      'for (const block of content)',
      'for (const block of [...content].reverse())',
    );
    expect(slipped).not.toBe(reference);
    writeFileSync(join(course, 'src', 'loop.ts'), slipped);

    const workflow = readFileSync(join(course, '.github', 'workflows', 'theinference.yml'), 'utf8');
    const runs = [...workflow.matchAll(/^ +run: (.+)$/gm)].map((m) => m[1] ?? '');
    const uploads = [...workflow.matchAll(/^ +path: (.+)$/gm)].map((m) => m[1]);
    expect(uploads).toEqual(['results.json']);
    const summary = join(scratch, `summary-${Date.now()}.md`);
    writeFileSync(summary, '');
    // GitHub runs each step as `bash -e {0}`, in the checkout, with GITHUB_STEP_SUMMARY set.
    const steps = runs.map((command) =>
      spawnSync('bash', ['-e', '-c', command], {
        cwd: course,
        env: { ...learnerEnv(), GITHUB_STEP_SUMMARY: summary, CI: 'true' },
        encoding: 'utf8',
        timeout: 150_000,
      }),
    );
    // One step grades; it fails (so does the job), and the upload runs anyway (`!cancelled()`).
    expect(steps.map((step) => step.status)).toEqual([1]);

    const results = JSON.parse(readFileSync(join(course, 'results.json'), 'utf8')) as {
      version: number;
      status: string;
      message: string | null;
      tests: {
        name: string;
        status: string;
        message: string | null;
        output: string | null;
        test_code: string;
        task_id?: number;
      }[];
    };
    expect({ version: results.version, status: results.status, message: results.message }).toEqual({
      version: 3,
      status: 'fail',
      message: null,
    });
    const cases = (stage: string) => readdirSync(join(ROOT, 'fixtures', stage, 'cases')).length;
    expect(results.tests.length).toBe(cases('one-turn') + cases('the-while-loop'));
    expect(new Set(results.tests.map((t) => t.name.split(': ')[0]))).toEqual(
      new Set(['one-turn', 'the-while-loop']),
    );
    for (const test of results.tests) {
      expect(['pass', 'fail', 'error']).toContain(test.status);
      expect(typeof test.test_code).toBe('string');
      expect((test.output ?? '').length).toBeLessThanOrEqual(500);
      expect(test.message === null).toBe(test.status === 'pass');
    }
    // The package has no fixtures/: the rule numbers come sealed with the course.
    expect(results.tests.filter((t) => t.task_id !== undefined).length).toBeGreaterThan(0);
    const failing = results.tests.filter((t) => t.status !== 'pass').map((t) => t.name);
    expect(failing).toContain('the-while-loop: two-tools-one-turn');
    expect(failing.every((name) => name.startsWith('the-while-loop: '))).toBe(true);

    const markdown = readFileSync(summary, 'utf8');
    expect(markdown).toContain('## theinference: ❌ fail\n');
    expect(markdown).toContain(
      `| one-turn · One turn | ✅ pass | ${cases('one-turn')}/${cases('one-turn')} |\n`,
    );
    expect(markdown).toMatch(/^\| the-while-loop · The while loop \| ❌ fail \| \d+\/\d+ \|$/m);
    expect(markdown).toContain('<details><summary>the-while-loop: two-tools-one-turn</summary>');
  }, 300_000);
});
