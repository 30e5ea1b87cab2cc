/**
 * What a new visitor's main thread does after the first paint, named in our sources (a diagnostic
 * for finding long tasks on a first load, not a benchmark). Loads a page of the built app in
 * Chromium over a network shaped like Lighthouse's (150 ms, 1.6 Mbit/s) with the CPU not slowed —
 * the trace Lantern multiplies — records a Chrome trace with the V8 sampler on, and prints every
 * main-thread task of at least MIN_MS after the first contentful paint: what it did (script,
 * layout, GC…) and where its samples fell, mapped through the build's source maps to our files and
 * functions. A task of T ms here counts as 4T − 50 ms of Lighthouse's total blocking time when
 * 4T > 50 (8T − 50 with BENCH_CPU_SLOWDOWN=8).
 *
 *   cd packages/web && npx vite build --sourcemap --outDir /tmp/web-sm && cd ../..
 *   PROBE_WEB_DIR=/tmp/web-sm npx tsx bench/first-load-tasks.ts
 *
 * PROBE_PATH (home) picks the page, PROBE_REPS (2) the loads, MIN_MS (6) the shortest task shown,
 * WINDOW_MS (1500) how long after the first paint the closing summary of all tasks covers, TRACE_DIR
 * keeps each trace (open it in DevTools' Performance panel).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { waitForImport } from '../e2e/support/import-status.js';
import { startServer } from '../e2e/support/server.js';
import { emulatePhoneNetwork } from './support/phone-network.js';

const WEB_DIR = process.env['PROBE_WEB_DIR'];
if (!WEB_DIR) throw new Error('PROBE_WEB_DIR=<a build made with --sourcemap> is needed to name the code');
const PATH = process.env['PROBE_PATH'] ?? '/#/pages/home/home';
const REPS = Number(process.env['PROBE_REPS'] ?? 2);
const MIN_MS = Number(process.env['MIN_MS'] ?? 6);
const TRACE_DIR = process.env['TRACE_DIR'];
/** The summary at the end covers this long after the first paint (Lighthouse's window ends near TTI). */
const WINDOW_MS = Number(process.env['WINDOW_MS'] ?? 1500);
/** Trace events that say what kind of work a task did. */
const WORK_KINDS = [
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'RunMicrotasks',
  'EventDispatch',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'MinorGC',
  'MajorGC',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args: {
    data?: {
      navigationId?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}
interface CallFrame {
  functionName: string;
  url?: string;
  lineNumber?: number;
  columnNumber?: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

const sourceMaps = new Map<string, TraceMap | null>();
function sourceMapFor(url: string): TraceMap | null {
  if (!sourceMaps.has(url)) {
    const file = /\/assets\/([^/?#]+\.js)$/.exec(url)?.[1];
    let map: TraceMap | null = null;
    try {
      if (file) map = new TraceMap(readFileSync(`${WEB_DIR}/assets/${file}.map`, 'utf8'));
    } catch {
      map = null; // a build without maps: the minified name is shown
    }
    sourceMaps.set(url, map);
  }
  return sourceMaps.get(url) ?? null;
}

/** "function file:line" in our sources (or a package's), else the minified name and chunk. */
function nameOf(frame: CallFrame): string {
  const map = frame.url ? sourceMapFor(frame.url) : null;
  if (map && frame.lineNumber !== undefined && frame.lineNumber >= 0) {
    const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 });
    if (at.source) {
      const file = at.source.replace(/.*node_modules\//, '~').replace(/.*packages\//, '');
      return `${at.name ?? frame.functionName ?? '?'} ${file}:${at.line}`;
    }
  }
  return `${frame.functionName || '(anonymous)'} ${String(frame.url ?? '').replace(/.*\//, '')}`;
}

function top(
  totals: Map<string, number>,
  count: number,
  keep: (name: string) => boolean = () => true,
): string {
  return [...totals]
    .filter(([name]) => keep(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `     ${ms.toFixed(1).padStart(5)} ms  ${name}`)
    .join('\n');
}

function report(events: TraceEvent[]): void {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no first contentful paint in the trace');
  const onMain = (event: TraceEvent) => event.pid === fcp.pid && event.tid === fcp.tid;
  // The page's own navigation (the one its first paint names), not about:blank's.
  const navigationId = fcp.args.data?.navigationId;
  const start =
    events.find(
      (event) => event.name === 'navigationStart' && event.args.data?.navigationId === navigationId,
    ) ?? fcp;
  const at = (ts: number) => `${((ts - start.ts) / 1000).toFixed(0)} ms`;

  // The sampler's chunks come from its own thread, tied to the main thread's Profile by id.
  const profile = events.find((event) => event.name === 'Profile' && onMain(event));
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let clock = profile?.args.data?.startTime ?? 0;
  for (const event of events) {
    if (!profile || event.name !== 'ProfileChunk' || event.pid !== profile.pid || event.id !== profile.id)
      continue;
    const chunk = event.args.data;
    for (const node of chunk?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = chunk?.timeDeltas ?? [];
    (chunk?.cpuProfile?.samples ?? []).forEach((node, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, node });
    });
  }

  /** What kinds of work the main thread did between two times, in ms each. */
  const workKinds = (from: number, to: number): string => {
    const kinds = new Map<string, number>();
    for (const event of events)
      if (
        onMain(event) &&
        event.ph === 'X' &&
        event.ts >= from &&
        event.ts < to &&
        WORK_KINDS.includes(event.name)
      )
        kinds.set(event.name, (kinds.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    return [...kinds]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
      .join(', ');
  };

  /** The samples between two times: self time by function and by package, inclusive time by function. */
  const attribute = (from: number, to: number) => {
    const self = new Map<string, number>();
    const byPackage = new Map<string, number>();
    const inclusive = new Map<string, number>();
    const add = (totals: Map<string, number>, name: string, ms: number) =>
      totals.set(name, (totals.get(name) ?? 0) + ms);
    const inside = samples.filter((sample) => sample.ts >= from && sample.ts < to);
    inside.forEach((sample, i) => {
      // A gap in the samples (the thread idle, unsampled) counts for one interval at most.
      const ms = Math.min(((inside[i + 1]?.ts ?? to) - sample.ts) / 1000, 1);
      const leaf = nodes.get(sample.node);
      if (!leaf || ['(idle)', '(root)'].includes(leaf.callFrame.functionName)) return;
      const name = nameOf(leaf.callFrame);
      add(self, name, ms);
      const where =
        /^\S* ~(@[^/]+\/[^/]+|[^/]+)/.exec(name)?.[1] ??
        (/ (web|shared)\/src\//.test(name) ? 'our code' : name.split(' ')[0]!);
      add(byPackage, where, ms);
      const seen = new Set<string>(); // a recursive function counts once per sample
      for (
        let node: ProfileNode | undefined = leaf;
        node;
        node = node.parent ? nodes.get(node.parent) : undefined
      ) {
        const caller = nameOf(node.callFrame);
        if (seen.has(caller)) continue;
        seen.add(caller);
        add(inclusive, caller, ms);
      }
    });
    return { sampled: inside.length > 0, self, byPackage, inclusive };
  };
  const ours = (name: string) => / (web|shared)\/src\//.test(name);

  console.log(`first contentful paint at ${at(fcp.ts)}`);
  const tasks = events
    .filter((event) => event.name === 'RunTask' && onMain(event) && (event.dur ?? 0) >= MIN_MS * 1000)
    .filter((event) => event.ts >= fcp.ts)
    .sort((a, b) => a.ts - b.ts);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    console.log(
      `\n-- task at ${at(task.ts)}, ${((task.dur ?? 0) / 1000).toFixed(1)} ms: ${workKinds(task.ts, end)}`,
    );
    const { sampled, self, inclusive } = attribute(task.ts, end);
    if (!sampled) continue;
    console.log(`   self time:\n${top(self, 8)}`);
    if ([...inclusive.keys()].some(ours))
      console.log(`   in our code, inclusive:\n${top(inclusive, 10, ours)}`);
  }

  // All of it, short tasks too, up to WINDOW_MS after the first paint: where the work goes as a whole.
  const windowEnd = fcp.ts + WINDOW_MS * 1000;
  const all = events.filter(
    (event) => event.name === 'RunTask' && onMain(event) && event.ts >= fcp.ts && event.ts < windowEnd,
  );
  const busy = all.reduce((sum, task) => sum + (task.dur ?? 0) / 1000, 0);
  const { byPackage, inclusive } = attribute(fcp.ts, windowEnd);
  // Lighthouse's blocking time as if each task were slowed ×4 (the mobile preset) or ×8 (a machine
  // half as fast): what the window's tasks would add, without Lantern's network model around them.
  const blocking = (factor: number) =>
    all.reduce((sum, task) => sum + Math.max(0, (factor * (task.dur ?? 0)) / 1000 - 50), 0);
  console.log(
    `\n-- the first ${WINDOW_MS} ms after the first paint: ${all.length} tasks, ${busy.toFixed(0)} ms busy; ` +
      `blocking if slowed ×4 ${blocking(4).toFixed(0)} ms, ×8 ${blocking(8).toFixed(0)} ms`,
  );
  console.log(`   ${workKinds(fcp.ts, windowEnd)}`);
  console.log(`   self time by package:\n${top(byPackage, 10)}`);
  console.log(`   in our code, inclusive:\n${top(inclusive, 20, ours)}`);
}

const server = await startServer({ DEMO_LIBRARY: 'on', WEB_DIR });
await waitForImport(server, 180_000);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (let rep = 0; rep < REPS; rep++) {
    // Lighthouse's phone: 412×823 at 1.75, touch; a new visitor (a new context has no storage).
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await emulatePhoneNetwork(cdp);
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'loading',
        'blink.user_timing', // navigationStart
      ],
    });
    await page.goto(server.baseURL + PATH);
    await page.waitForTimeout(7000);
    const trace = await browser.stopTracing();
    if (TRACE_DIR) writeFileSync(`${TRACE_DIR}/first-load-${rep + 1}.json`, trace);
    console.log(`\n== load ${rep + 1} of ${PATH}`);
    report((JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
