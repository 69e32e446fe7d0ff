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
import { benchCli, benchLeanPeer, type CliFigures } from './cli.ts';
import { startCountingProxy } from './counting-proxy.ts';
import { benchEditRun, type EditRunFigures } from './edit-run.ts';
import type { Summary } from './stats.ts';
import { traceEditRun, type TraceFigures } from './trace.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4391);
const BASE = `http://localhost:${PORT}/`;
/** The same server behind a proxy that counts bytes (see counting-proxy.ts). */
const COUNTED_PORT = PORT + 1;
const COUNTED = `http://127.0.0.1:${COUNTED_PORT}/`;
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 50);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
/** Between warm runs: a learner reads the verdict before pressing Run again. */
const THINK_MS = 300;
const CLI_RUNS = Number(process.env.BENCH_CLI_RUNS ?? 10);
/** Edit → Run → verdict: Run pressed this long after the keystroke... */
const EDIT_GAP_MS = 150;
/** ...and the trace that says where the time goes covers this many cycles. */
const TRACE_CYCLES = 10;
/**
 * `BENCH_ONLY=edit`: only edit → verdict (the-while-loop, and streaming-replies beside it), the
 * trace and the lean peers (a quicker loop).
 */
const ONLY_EDIT = process.env.BENCH_ONLY === 'edit';

const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const lesson = loaded.course.lessons.find((l) => l.id === 'the-while-loop');
if (!lesson) throw new Error('no the-while-loop lesson');
/**
 * A lesson whose replies stream, measured beside the-while-loop's whole replies: its cases read
 * server-sent events (each event crossing into the worker, read by the learner's loop).
 */
const streamedLesson = loaded.course.lessons.find((l) => l.id === 'streaming-replies');
if (!streamedLesson) throw new Error('no streaming-replies lesson');
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
  const editRun = await benchEditRun(browser, BASE, lesson, {
    runs: WARM_RUNS,
    gapMs: EDIT_GAP_MS,
    pauseMs: THINK_MS,
  });
  console.log(`edit → Run → verdict painted: p50 ${editRun.painted.p50.toFixed(1)} ms`);
  // A trace that fails (the browser gave up on the page) leaves the other figures standing.
  const trace = await traceEditRun(browser, BASE, lesson, TRACE_CYCLES, EDIT_GAP_MS).catch(
    (error: unknown) => {
      console.log(`the trace failed: ${error instanceof Error ? error.message : String(error)}`);
      return { cycles: 0, threads: {}, pageRunKinds: {}, pageScripts: [] } satisfies TraceFigures;
    },
  );
  const leanPeer = benchLeanPeer(lesson, CLI_RUNS);
  const streamed = {
    lesson: streamedLesson.id,
    editRun: await benchEditRun(browser, BASE, streamedLesson, {
      runs: WARM_RUNS,
      gapMs: EDIT_GAP_MS,
      pauseMs: THINK_MS,
    }),
    leanPeer: benchLeanPeer(streamedLesson, CLI_RUNS),
  };
  console.log(
    `${streamed.lesson}: edit → Run → verdict painted: p50 ${streamed.editRun.painted.p50.toFixed(1)} ms`,
  );
  const rest = ONLY_EDIT ? undefined : await benchTheRest(browser, proxy);
  await browser.close();
  await proxy.close();
  const figures = {
    date: new Date().toISOString(),
    lesson: lesson.id,
    editRun,
    leanPeer,
    trace,
    streamed,
    ...rest,
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

async function benchTheRest(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  proxy: Awaited<ReturnType<typeof startCountingProxy>>,
) {
  const cold = await benchCold(browser, BASE, lesson!, COLD_RUNS);
  const warm = await benchWarm(browser, BASE, lesson!, WARM_RUNS, THINK_MS);
  const backToBack = await benchWarm(browser, BASE, lesson!, WARM_RUNS, 0);
  const transfer = await benchTransfer(browser, COUNTED, lesson!, proxy);
  const cli = benchCli(lesson!, visibleCase, CLI_RUNS);
  return { cold, warm, backToBack, transfer, cli };
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
  editRun: EditRunFigures;
  leanPeer: Summary;
  trace: TraceFigures;
  streamed: { lesson: string; editRun: EditRunFigures; leanPeer: Summary };
  cold?: ColdFigures;
  warm?: Summary;
  backToBack?: Summary;
  cli?: CliFigures;
  transfer?: TransferFigures;
}): void {
  const ms = (s: Summary) => `p50 ${s.p50.toFixed(1)} ms · p95 ${s.p95.toFixed(1)} ms (n=${s.n})`;
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
  const ratio = (peer: Summary, s: Summary) => `${(peer.p50 / s.p50).toFixed(1)}× faster`;
  const rows: [string, string][] = [
    [
      `edit → Run → verdict shown (one keystroke, Run ${EDIT_GAP_MS} ms later)`,
      ms(f.editRun.verdict),
    ],
    ['edit → Run → verdict painted', ms(f.editRun.painted)],
    [`lean tsx peer: ${lesson!.id}'s reference over every cassette`, ms(f.leanPeer)],
    ['edit → verdict painted vs the lean peer, p50 ratio', ratio(f.leanPeer, f.editRun.painted)],
    [
      'localStorage writes per edit + Run',
      `${f.editRun.storageWrites.p50} writes, p50 ${f.editRun.storageMs.p50.toFixed(2)} ms`,
    ],
    [
      `${f.streamed.lesson} (streamed replies): edit → Run → verdict shown`,
      ms(f.streamed.editRun.verdict),
    ],
    [`${f.streamed.lesson}: edit → Run → verdict painted`, ms(f.streamed.editRun.painted)],
    [
      `lean tsx peer: ${f.streamed.lesson}'s reference over every cassette`,
      ms(f.streamed.leanPeer),
    ],
    [
      `${f.streamed.lesson}: edit → verdict painted vs the lean peer, p50 ratio`,
      ratio(f.streamed.leanPeer, f.streamed.editRun.painted),
    ],
  ];
  for (const [group, t] of Object.entries(f.trace.threads)) {
    const kinds = Object.entries(t.kinds)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(', ');
    rows.push([`trace, per edit + Run: ${group} busy`, `${t.busyMs.toFixed(1)} ms (${kinds})`]);
  }
  rows.push([
    'trace: page main thread, press → painted',
    Object.entries(f.trace.pageRunKinds)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(', '),
  ]);
  rows.push([
    'trace: page JavaScript by script',
    f.trace.pageScripts.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', '),
  ]);
  if (!f.cold || !f.warm || !f.backToBack || !f.cli || !f.transfer) return printRows(rows);
  rows.push(
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
    ['warm Run (unchanged code) vs the lean peer, p50 ratio', ratio(f.leanPeer, f.warm)],
  );
  const transfer = f.transfer;
  const kinds = Object.keys(transfer.first) as (keyof TransferFigures['first'])[];
  const visits = [
    ['first visit', transfer.first],
    ['first visit, added by the precache (service worker)', transfer.precache],
    ['repeat visit, downloaded again', transfer.repeat],
  ] as const;
  for (const [visit, bytes] of visits) {
    const total = kinds.reduce((sum, kind) => sum + bytes[kind], 0);
    rows.push([`bytes, ${visit}, all (as sent)`, kb(total)]);
    for (const kind of kinds) rows.push([`bytes, ${visit}: ${kind}`, kb(bytes[kind])]);
  }
  const fresh = kinds.filter((kind) => transfer.repeatNew[kind] > 0);
  rows.push([
    'bytes, repeat visit, first asked for then',
    fresh.map((kind) => `${kind} ${kb(transfer.repeatNew[kind])}`).join(', ') || 'none',
  ]);
  rows.push([
    'first visit at 20 Mbit/s: editor ready / Run enabled (esbuild.wasm in)',
    `${transfer.editorReadyMs.toFixed(0)} ms / ${transfer.runEnabledMs.toFixed(0)} ms`,
  ]);
  rows.push([
    'repeat visit (all cached): editor ready / Run enabled',
    `${transfer.repeatEditorReadyMs.toFixed(0)} ms / ${transfer.repeatRunEnabledMs.toFixed(0)} ms`,
  ]);
  printRows(rows);
}

function printRows(rows: [string, string][]): void {
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
}
