/**
 * The benchmark: `npm run bench`. Playwright drives the system Chromium against the
 * production build (vite preview), and Node times the CLI and its tsx peer, all on this
 * machine in one run. Prints a table and writes bench-results/bench.json. It asserts nothing.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPackagedCourse } from '../../cli/load.ts';
import { PACKAGE_ROOT } from '../../cli/node-host.ts';
import {
  benchCold,
  benchTransfer,
  benchWarm,
  launchBrowser,
  type ColdFigures,
  type TransferFigures,
} from './browser.ts';
import { benchCli, type CliFigures } from './cli.ts';
import { startCountingProxy } from './counting-proxy.ts';
import type { Summary } from './stats.ts';

const PORT = 4391;
const BASE = `http://localhost:${PORT}/`;
/** The same server behind a proxy that counts bytes (see counting-proxy.ts). */
const COUNTED_PORT = PORT + 1;
const COUNTED = `http://127.0.0.1:${COUNTED_PORT}/`;
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 50);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
/** Between warm runs: a learner reads the verdict before pressing Run again. */
const THINK_MS = 300;
const CLI_RUNS = Number(process.env.BENCH_CLI_RUNS ?? 10);

const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const lesson = loaded.course.lessons.find((l) => l.id === 'the-while-loop');
if (!lesson) throw new Error('no the-while-loop lesson');
const visibleCase = lesson.cases.find((c) => c.visible)?.name ?? 'echo';

// BENCH_OUT_DIR serves another build than dist/ (e.g. to compare two builds).
const outDir = process.env.BENCH_OUT_DIR ? ['--outDir', process.env.BENCH_OUT_DIR] : [];
const server = spawn(
  'npx',
  ['vite', 'preview', '--port', String(PORT), '--strictPort', '--bypass-lock', ...outDir],
  {
    cwd: PACKAGE_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  },
);
try {
  await waitForServer(BASE);
  const proxy = await startCountingProxy(COUNTED_PORT, PORT);
  const browser = await launchBrowser();
  const cold = await benchCold(browser, BASE, lesson, COLD_RUNS);
  const warm = await benchWarm(browser, BASE, lesson, WARM_RUNS, THINK_MS);
  const backToBack = await benchWarm(browser, BASE, lesson, WARM_RUNS, 0);
  const transfer = await benchTransfer(browser, COUNTED, lesson, proxy);
  await browser.close();
  await proxy.close();
  const cli = benchCli(lesson, visibleCase, CLI_RUNS);
  const figures = {
    date: new Date().toISOString(),
    lesson: lesson.id,
    cold,
    warm,
    backToBack,
    cli,
    transfer,
  };
  mkdirSync(join(PACKAGE_ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    join(PACKAGE_ROOT, 'bench-results', 'bench.json'),
    `${JSON.stringify(figures, null, 2)}\n`,
  );
  printTable(figures);
} finally {
  try {
    if (server.pid) process.kill(-server.pid);
  } catch {
    // already gone
  }
}

async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`vite preview did not start on ${url}`);
}

function printTable(f: {
  cold: ColdFigures;
  warm: Summary;
  backToBack: Summary;
  cli: CliFigures;
  transfer: TransferFigures;
}): void {
  const ms = (s: Summary) => `p50 ${s.p50.toFixed(1)} ms · p95 ${s.p95.toFixed(1)} ms (n=${s.n})`;
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
  const rows: [string, string][] = [
    ['navigation → editor ready (cold)', ms(f.cold.editorReady)],
    ['navigation → Run enabled (cold)', ms(f.cold.runEnabled)],
    ['navigation → first verdict (cold, Run when enabled)', ms(f.cold.firstVerdict)],
    [`warm Run → verdict shown (${lesson!.id} reference, ${THINK_MS} ms apart)`, ms(f.warm)],
    ['warm Run → verdict shown, pressed back to back', ms(f.backToBack)],
    [`theinference test --stage ${lesson!.id} (whole process)`, ms(f.cli.stage)],
    ['theinference test --all (whole process)', ms(f.cli.all)],
    [`tsx process run of ${lesson!.id} (${visibleCase}), the peer`, ms(f.cli.tsxProcess)],
    [
      'warm Run vs tsx process, p50 ratio',
      `${(f.cli.tsxProcess.p50 / f.warm.p50).toFixed(1)}× faster`,
    ],
  ];
  const kinds = Object.keys(f.transfer.first) as (keyof TransferFigures['first'])[];
  const visits = [
    ['first visit', f.transfer.first],
    ['first visit, added by the precache (service worker)', f.transfer.precache],
    ['repeat visit, downloaded again', f.transfer.repeat],
  ] as const;
  for (const [visit, bytes] of visits) {
    const total = kinds.reduce((sum, kind) => sum + bytes[kind], 0);
    rows.push([`bytes, ${visit}, all (as sent)`, kb(total)]);
    for (const kind of kinds) rows.push([`bytes, ${visit}: ${kind}`, kb(bytes[kind])]);
  }
  const fresh = kinds.filter((kind) => f.transfer.repeatNew[kind] > 0);
  rows.push([
    'bytes, repeat visit, first asked for then',
    fresh.map((kind) => `${kind} ${kb(f.transfer.repeatNew[kind])}`).join(', ') || 'none',
  ]);
  rows.push([
    'first visit at 20 Mbit/s: editor ready / Run enabled (esbuild.wasm in)',
    `${f.transfer.editorReadyMs.toFixed(0)} ms / ${f.transfer.runEnabledMs.toFixed(0)} ms`,
  ]);
  rows.push([
    'repeat visit (all cached): editor ready / Run enabled',
    `${f.transfer.repeatEditorReadyMs.toFixed(0)} ms / ${f.transfer.repeatRunEnabledMs.toFixed(0)} ms`,
  ]);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
}
