import type { Browser } from '@playwright/test';
import type { Lesson } from '../../core/index.ts';
import { editAndRun, openForEditing } from './edit-run.ts';

/**
 * Where an edit → Run → verdict's milliseconds go: a Chrome trace of a few cycles (one
 * keystroke, then Run), cut at marks the page sets at the keystroke, the press and the painted
 * verdict, and summed per thread (the page's main thread, its bundler and TypeScript workers,
 * the runner frame and the workers running cases) and per kind of work. Self times: a task's
 * time not spent in any event traced inside it is its own ("native" work of that task's kind).
 */
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'blink.user_timing',
  'loading',
];

export interface TraceFigures {
  cycles: number;
  /** Per thread group: milliseconds per cycle busy, and the event names taking the most self time. */
  threads: Record<
    string,
    { busyMs: number; top: [string, number][]; kinds: Record<string, number> }
  >;
  /** Per cycle, on the page's main thread between the press and the painted verdict. */
  pageRunKinds: Record<string, number>;
  /** JavaScript self time on the page's main thread per cycle, by script (file name). */
  pageScripts: [string, number][];
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

export async function traceEditRun(
  browser: Browser,
  base: string,
  lesson: Lesson,
  cycles: number,
  gapMs: number,
): Promise<TraceFigures> {
  const { context, page } = await openForEditing(browser, base, lesson);
  for (let i = 0; i < 5; i++) await editAndRun(page, 'w', gapMs);
  await page.waitForTimeout(300);
  await browser.startTracing(page, { categories: CATEGORIES });
  for (let i = 0; i < cycles; i++) {
    await page.waitForTimeout(300);
    await page.evaluate(() => performance.mark('bench:key'));
    await editAndRun(page, 'v', gapMs);
  }
  await page.waitForTimeout(100);
  const buffer = await browser.stopTracing();
  await context.close();
  return analyse(JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }, cycles);
}

type Window = [number, number];

function analyse({ traceEvents: events }: { traceEvents: TraceEvent[] }, cycles: number) {
  const marks = (name: string) =>
    events.filter((e) => e.name === name && e.cat.includes('user_timing')).map((e) => e.ts);
  const keys = marks('bench:key');
  const clicks = marks('bench:click');
  const painted = marks('bench:painted');
  const whole: Window[] = keys.map((k, i) => [k, painted[i] ?? k]);
  const runs: Window[] = clicks.map((c, i) => [c, painted[i] ?? c]);
  const pagePid = events.find((e) => e.name === 'bench:click')?.pid;
  const threadNames = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name')
      threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  }
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(e);
  }
  const groups: Record<string, { busy: number; self: Map<string, number> }> = {};
  const pageRun = new Map<string, number>();
  const scripts = new Map<string, number>();
  for (const [key, list] of byThread) {
    const name = threadNames.get(key) ?? '';
    const pid = Number(key.split(':')[0]);
    const group = groupOf(name, pid === pagePid, list);
    if (!group) continue;
    const entry = (groups[group] ??= { busy: 0, self: new Map() });
    const selfTimes = selfTimesOf(list);
    for (const { event, self } of selfTimes) {
      const inWhole = overlap(event.ts, event.ts + self.span, whole);
      if (inWhole <= 0) continue;
      const share = self.ms * (inWhole / Math.max(self.span, 1));
      if (self.depth === 0) entry.busy += inWhole / 1000;
      entry.self.set(event.name, (entry.self.get(event.name) ?? 0) + share);
      if (group === 'page main thread') {
        const inRun = overlap(event.ts, event.ts + self.span, runs);
        const runShare = self.ms * (inRun / Math.max(self.span, 1));
        if (runShare > 0)
          pageRun.set(kindOf(event.name), (pageRun.get(kindOf(event.name)) ?? 0) + runShare);
        if (kindOf(event.name) === 'javascript' && inWhole > 0) {
          const url = event.args?.data?.url?.split('/').pop() || '(no script)';
          scripts.set(url, (scripts.get(url) ?? 0) + share);
        }
      }
    }
  }
  const per = (ms: number) => Number((ms / cycles).toFixed(2));
  const threads: TraceFigures['threads'] = {};
  for (const [group, { busy, self }] of Object.entries(groups)) {
    const kinds: Record<string, number> = {};
    for (const [name, ms] of self) kinds[kindOf(name)] = (kinds[kindOf(name)] ?? 0) + ms;
    threads[group] = {
      busyMs: per(busy),
      top: [...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([n, ms]) => [n, per(ms)]),
      kinds: Object.fromEntries(Object.entries(kinds).map(([k, ms]) => [k, per(ms)])),
    };
  }
  return {
    cycles,
    threads,
    pageRunKinds: Object.fromEntries([...pageRun].map(([k, ms]) => [k, per(ms)])),
    pageScripts: [...scripts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([n, ms]) => [n, per(ms)]),
  } satisfies TraceFigures;
}

/** Each event with its self time (its duration less its children's), in ms; span in µs. */
function selfTimesOf(list: TraceEvent[]) {
  const sorted = [...list].sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const out: { event: TraceEvent; self: { ms: number; span: number; depth: number } }[] = [];
  const stack: { event: TraceEvent; end: number; child: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= until) {
      const top = stack.pop()!;
      const depth = stack.length;
      out.push({
        event: top.event,
        self: { ms: Math.max(0, top.event.dur! - top.child) / 1000, span: top.event.dur!, depth },
      });
    }
  };
  for (const event of sorted) {
    close(event.ts);
    const parent = stack[stack.length - 1];
    const end = event.ts + event.dur!;
    if (parent) parent.child += Math.min(event.dur!, parent.end - event.ts);
    stack.push({ event, end, child: 0 });
  }
  close(Infinity);
  return out;
}

function overlap(start: number, end: number, windows: Window[]): number {
  let total = 0;
  for (const [a, b] of windows) total += Math.max(0, Math.min(end, b) - Math.max(start, a));
  return total;
}

function groupOf(name: string, inPage: boolean, list: TraceEvent[]): string | undefined {
  if (name === 'CrRendererMain') return inPage ? 'page main thread' : 'runner frame main thread';
  if (!/Worker/i.test(name)) return;
  if (!inPage) return 'runner frame workers (cases)';
  const urls = list
    .filter((e) => e.args)
    .slice(0, 2_000)
    .map((e) => JSON.stringify(e.args))
    .join(' ');
  if (/bundler/.test(urls)) return 'bundler worker';
  if (/ts\.worker/.test(urls)) return 'TypeScript worker';
  if (/editor\.worker/.test(urls)) return 'editor worker';
  return 'other page workers';
}

const KINDS: [RegExp, string][] = [
  [/GC|Scavenge|Sweep|Mark|Finalize/i, 'garbage collection'],
  [
    /^(UpdateLayoutTree|Layout|RecalculateStyles|ScheduleStyleRecalculation|InvalidateLayout|HitTest|ParseAuthorStyleSheet|Document::updateStyleAndLayout|LocalFrameView::.*Layout.*)$/,
    'style and layout',
  ],
  [
    /^(Paint|PrePaint|Layerize|Commit|CompositeLayers|UpdateLayer.*|PaintImage|LocalFrameView::RunPostLifecycleSteps|.*Lifecycle.*|ScrollingCoordinator.*|PaintArtifactCompositor::.*|cc::.*)$/,
    'paint and composite',
  ],
  [
    /^(FunctionCall|EvaluateScript|v8\..*|V8\..*|TimerFire|RunMicrotasks|FireAnimationFrame|FireIdleCallback|EventDispatch|MajorGC|MinorGC|ParseHTML|CompileScript|CompileCode|CacheScript|V8Console.*|v8.compile)$/i,
    'javascript',
  ],
  [/RunTask/, 'task (own time)'],
];

function kindOf(name: string): string {
  for (const [pattern, kind] of KINDS) if (pattern.test(name)) return kind;
  return name;
}
