/// <reference lib="dom" />
/**
 * The comic reader's memory and scrolling smoothness on a 300-page chapter, in headless Chromium at
 * 375×812 against the real built server, next to a BASELINE measured in the same run: a plain
 * static page (served by a bare node:http server on 127.0.0.1) that stacks the same 300 decoded
 * pages as ordinary <img> elements, every one loaded and decoded before the scroll.
 *
 * Each side gets a fresh Chromium (same binary, flags and phone context), so the processes Chromium
 * lists for itself (CDP SystemInfo.getProcessInfo) are that page's alone, whatever other browsers
 * run on the machine. Both are scrolled from the first page to the last at the same fixed speed,
 * BENCH_STEP_PX per animation frame (scrollBy inside requestAnimationFrame), in four stretches.
 * Before the first and after each, once a GC is forced (CDP HeapProfiler.collectGarbage): JS heap
 * and DOM nodes (CDP Performance.getMetrics), performance.memory, <img> in the DOM and the
 * proportional set size (PSS) of the browser's processes; the last one again after a simulated
 * critical memory-pressure signal (a cache gives memory back, a leak does not). During the scroll:
 * the gaps between animation frames (headless Chromium ticks at 60 Hz, so a gap is a whole number
 * of 16.7 ms vsyncs), main-thread time per frame (Performance.getMetrics), the peak PSS, scroll
 * jumps (the position not where the last frame left it, or the scroll height changing) and how
 * often the element at the centre of the screen was not a decoded image. Printed for both sides,
 * then the ratios reader / baseline, then one JSON line.
 *
 * Run after `npm run build` (`npm run bench:reader` does both). Talks only to 127.0.0.1 (requests
 * elsewhere are counted and reported) and stops by itself: each side's scroll is capped at
 * BENCH_MAX_S and the whole run at BENCH_TIMEOUT_S. Knobs: BENCH_PAGES (300), BENCH_PAGE_W ×
 * BENCH_PAGE_H (800×1200 JPEG), BENCH_STEP_PX (100), BENCH_CPU_THROTTLE (1; 4 ≈ a mid-range phone),
 * BENCH_MAX_S (70), BENCH_TIMEOUT_S (240), BENCH_WEB_DIR (serve another build, for an A/B in one sitting), BENCH_PROFILE_DIR (write a sampled
 * CPU profile of each side's scroll there), BENCH_TRACE_DIR (a Chromium trace of each side's second stretch).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { xorBytes } from '@dm51/shared';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { createDatabase } from '../packages/server/src/db/database.js';
import { LocalMediaStore } from '../packages/server/src/media/local-media-store.js';
import { launchChromium, newPhoneContext } from '../e2e/support/chromium.js';
import { seedCatalogue } from '../e2e/support/seed-catalogue.js';
import { E2E_KEYS, startServer, type RunningServer } from '../e2e/support/server.js';

const PAGES = Number(process.env['BENCH_PAGES'] ?? 300);
const PAGE_W = Number(process.env['BENCH_PAGE_W'] ?? 800);
const PAGE_H = Number(process.env['BENCH_PAGE_H'] ?? 1200);
const STEP_PX = Number(process.env['BENCH_STEP_PX'] ?? 100);
const SCROLL_S = Number(process.env['BENCH_MAX_S'] ?? 70);
const TIMEOUT_S = Number(process.env['BENCH_TIMEOUT_S'] ?? 240);
/** Chromium's CPU slow-down (Emulation.setCPUThrottlingRate) during the scroll; 4 is a mid-range phone. */
const CPU_THROTTLE = Number(process.env['BENCH_CPU_THROTTLE'] ?? 1);
/** When set, a sampled CPU profile of each side's scroll (open it in DevTools) and a screenshot of its
 * first screen are written there. */
const PROFILE_DIR = process.env['BENCH_PROFILE_DIR'];
/** When set, a Chromium trace of each side's second stretch (open it in DevTools' Performance panel)
 * is written there: what the main thread does per frame besides script (style, layout, paint,
 * image decoding, GC). */
const TRACE_DIR = process.env['BENCH_TRACE_DIR'];
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink',
  'cc',
  'v8',
  'toplevel',
];
/** The scroll is cut in this many equal stretches, with a memory snapshot after each. */
const STRETCHES = 4;
const MAIN_THREAD_KEYS = ['task', 'script', 'layout'] as const;
type MainThreadKey = (typeof MAIN_THREAD_KEYS)[number];
/** One frame at 60 Hz, and two. */
const FRAME_MS = 1000 / 60;

interface Snapshot {
  at: string;
  scrollTop: number;
  jsHeapMb: number;
  /** performance.memory.usedJSHeapSize (coarse in Chromium without --enable-precise-memory-info). */
  perfMemoryMb: number | null;
  nodes: number;
  images: number;
  /** Of which decoded (complete with a size). */
  imagesLoaded: number;
  rendererPssMb: number;
  browserPssMb: number;
}

/** What the page records while it scrolls one stretch (see scrollStretch). */
interface Stretch {
  frames: number[];
  jumps: number;
  heightChanges: number;
  samples: number;
  blankSamples: number;
  maxImages: number;
  timedOut: boolean;
}

interface SideResult {
  snapshots: Snapshot[];
  frames: number[];
  /** Main-thread seconds spent during the scroll: all tasks, script, style and layout. */
  busy: Record<MainThreadKey, number>;
  jumps: number;
  heightChanges: number;
  samples: number;
  blankSamples: number;
  maxImages: number;
  peakBrowserPssMb: number;
  seconds: number;
  timedOut: boolean;
  offHost: string[];
}

/** Proportional set size (MB) of a process, 0 when it is gone. */
function pssMb(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The browser's processes (pid, type) as Chromium itself lists them. */
async function browserProcesses(session: CDPSession): Promise<{ id: number; type: string }[]> {
  const info = (await session.send('SystemInfo.getProcessInfo')) as {
    processInfo: { id: number; type: string }[];
  };
  return info.processInfo;
}

async function processMemory(session: CDPSession): Promise<{ renderer: number; total: number }> {
  let renderer = 0;
  let total = 0;
  for (const { id, type } of await browserProcesses(session)) {
    const mb = pssMb(id);
    total += mb;
    if (type === 'renderer') renderer += mb;
  }
  return { renderer, total };
}

async function snapshot(
  at: string,
  page: Page,
  pageSession: CDPSession,
  browserSession: CDPSession,
  selector: string | null,
): Promise<Snapshot> {
  await pageSession.send('HeapProfiler.collectGarbage');
  await page.waitForTimeout(300);
  const { metrics } = await pageSession.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  const inPage = await page.evaluate((selector) => {
    const scroller = selector ? document.querySelector(selector)! : document.scrollingElement!;
    const images = Array.from(document.images);
    const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    return {
      scrollTop: scroller.scrollTop,
      images: images.length,
      imagesLoaded: images.filter((img) => img.complete && img.naturalWidth > 0).length,
      perfMemory: memory ? memory.usedJSHeapSize : null,
    };
  }, selector);
  const memory = await processMemory(browserSession);
  return {
    at,
    scrollTop: inPage.scrollTop,
    jsHeapMb: metric('JSHeapUsedSize') / 2 ** 20,
    perfMemoryMb: inPage.perfMemory === null ? null : inPage.perfMemory / 2 ** 20,
    nodes: metric('Nodes'),
    images: inPage.images,
    imagesLoaded: inPage.imagesLoaded,
    rendererPssMb: memory.renderer,
    browserPssMb: memory.total,
  };
}

/**
 * Scrolls `selector` (or the document) down STEP_PX per animation frame until `target` px (or the
 * end when target < 0), recording the gap between frames. Every frame it checks the scroll position
 * is where the previous frame left it (a jump otherwise); every 10th frame it reads the scroll
 * height, counts <img> and looks whether the element at the centre of the screen is a decoded image.
 */
function scrollStretch(page: Page, selector: string | null, target: number, maxMs: number): Promise<Stretch> {
  return page.evaluate(
    ({ selector, target, step, maxMs }) =>
      new Promise<Stretch>((resolve) => {
        const el = selector ? document.querySelector(selector)! : document.scrollingElement!;
        const result: Stretch = {
          frames: [],
          jumps: 0,
          heightChanges: 0,
          samples: 0,
          blankSamples: 0,
          maxImages: 0,
          timedOut: false,
        };
        let height = el.scrollHeight;
        let expected = el.scrollTop;
        let last = -1;
        const started = performance.now();
        const frame = (now: number) => {
          if (last >= 0) result.frames.push(now - last);
          last = now;
          if (Math.abs(el.scrollTop - expected) > 1) result.jumps += 1;
          if (result.frames.length % 10 === 0) {
            result.samples += 1;
            const h = el.scrollHeight;
            if (h !== height) result.heightChanges += 1;
            height = h;
            result.maxImages = Math.max(result.maxImages, document.images.length);
            const hit = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
            if (!(hit instanceof HTMLImageElement && hit.complete && hit.naturalWidth > 0))
              result.blankSamples += 1;
          }
          const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
          if ((target >= 0 && el.scrollTop >= target) || atEnd) return resolve(result);
          if (now - started > maxMs) {
            result.timedOut = true;
            return resolve(result);
          }
          el.scrollBy(0, target >= 0 ? Math.min(step, target - el.scrollTop) : step);
          expected = el.scrollTop;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { selector, target, step: STEP_PX, maxMs },
  );
}

/** Main-thread time (s) Chromium has spent so far, from Performance.getMetrics. */
async function mainThreadTimes(session: CDPSession): Promise<Record<MainThreadKey, number>> {
  const { metrics } = await session.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return {
    task: metric('TaskDuration'),
    script: metric('ScriptDuration'),
    layout: metric('LayoutDuration') + metric('RecalcStyleDuration'),
  };
}

/**
 * Opens a page in a fresh browser with `open`, then scrolls it to the end in STRETCHES equal
 * stretches with a snapshot before the first and after each one, the last snapshot repeated after a
 * simulated critical memory-pressure signal (what a cache gives back, a leak does not). The
 * browser's memory is sampled all along for its peak.
 */
async function measureSide(
  baseURL: string,
  open: (page: Page) => Promise<void>,
  selector: string | null,
): Promise<SideResult> {
  const browser: Browser = await launchChromium();
  try {
    const context = await newPhoneContext(browser, baseURL);
    // tsx compiles with esbuild's keepNames, which wraps functions declared inside the code passed
    // to page.evaluate in a `__name` helper the page does not have.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const offHost: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (/^https?:$/.test(url.protocol) && url.hostname !== '127.0.0.1') offHost.push(request.url());
    });
    const page = await context.newPage();
    const pageSession = await context.newCDPSession(page);
    const browserSession = await browser.newBrowserCDPSession();
    await pageSession.send('Performance.enable');
    await open(page);
    await page.waitForTimeout(1000);
    if (PROFILE_DIR)
      await page.screenshot({ path: join(PROFILE_DIR, `${selector ? 'reader' : 'baseline'}.png`) });
    if (CPU_THROTTLE > 1) await pageSession.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });

    const snap = (at: string) => snapshot(at, page, pageSession, browserSession, selector);
    const snapshots = [await snap('start')];
    const pids = (await browserProcesses(browserSession)).map((p) => p.id);
    let peak = snapshots[0]!.browserPssMb;
    const sampler = setInterval(() => {
      peak = Math.max(
        peak,
        pids.reduce((sum, pid) => sum + pssMb(pid), 0),
      );
    }, 500);
    const range = await page.evaluate((selector) => {
      const el = selector ? document.querySelector(selector)! : document.scrollingElement!;
      return el.scrollHeight - el.clientHeight;
    }, selector);
    if (PROFILE_DIR) {
      await pageSession.send('Profiler.enable');
      await pageSession.send('Profiler.setSamplingInterval', { interval: 200 });
      await pageSession.send('Profiler.start');
    }
    const started = Date.now();
    const stretches: Stretch[] = [];
    const busy = { task: 0, script: 0, layout: 0 };
    try {
      for (let i = 1; i <= STRETCHES; i += 1) {
        const left = SCROLL_S * 1000 - (Date.now() - started);
        const before = await mainThreadTimes(pageSession);
        const target = i === STRETCHES ? -1 : Math.round((range * i) / STRETCHES);
        const tracing = TRACE_DIR !== undefined && i === 2;
        const tracePath = join(TRACE_DIR ?? '', `${selector ? 'reader' : 'baseline'}.trace.json`);
        if (tracing) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
        stretches.push(await scrollStretch(page, selector, target, Math.max(0, left)));
        if (tracing) {
          await browser.stopTracing();
          console.log(`trace of the second stretch: ${tracePath}`);
        }
        const after = await mainThreadTimes(pageSession);
        for (const key of MAIN_THREAD_KEYS) busy[key] += after[key] - before[key];
        snapshots.push(await snap(i === STRETCHES ? 'end' : `${Math.round((100 * i) / STRETCHES)} %`));
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (Date.now() - started) / 1000;
    if (PROFILE_DIR) {
      const { profile } = await pageSession.send('Profiler.stop');
      const file = join(PROFILE_DIR, `${selector ? 'reader' : 'baseline'}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`CPU profile of the scroll: ${file}`);
    }
    await pageSession.send('Memory.simulatePressureNotification', { level: 'critical' });
    await page.waitForTimeout(1000);
    snapshots.push(await snap('end, after memory pressure'));
    const sum = (pick: (s: Stretch) => number) => stretches.reduce((total, s) => total + pick(s), 0);
    return {
      snapshots,
      frames: stretches.flatMap((s) => s.frames),
      busy,
      jumps: sum((s) => s.jumps),
      heightChanges: sum((s) => s.heightChanges),
      samples: sum((s) => s.samples),
      blankSamples: sum((s) => s.blankSamples),
      maxImages: Math.max(...stretches.map((s) => s.maxImages)),
      peakBrowserPssMb: Math.max(peak, ...snapshots.map((s) => s.browserPssMb)),
      seconds,
      timedOut: stretches.some((s) => s.timedOut),
      offHost,
    };
  } finally {
    await browser.close();
  }
}

/** The plain page: every page an <img> with its size, decoded JPEGs served from memory. */
async function startBaseline(jpegs: Buffer[]): Promise<{ server: Server; url: string }> {
  const images = jpegs
    .map((_, i) => `<img src="/p/${i}.jpg" width="${PAGE_W}" height="${PAGE_H}" alt="${i + 1}">`)
    .join('\n');
  const html = `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{margin:0;background:#0d0d10}img{display:block;width:100%;height:auto}</style>
</head><body>
${images}
</body></html>`;
  const server = createServer((req, res) => {
    const match = /^\/p\/(\d+)\.jpg$/.exec(req.url ?? '');
    const jpeg = match ? jpegs[Number(match[1])] : undefined;
    if (jpeg) res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg);
    else if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}` };
}

/** The chapter's pages decoded back to plain JPEG, in reading order. */
async function decodedPages(dataDir: string, chapterId: number): Promise<Buffer[]> {
  const db = createDatabase({ databaseUrl: null, sqlitePath: join(dataDir, 'app.db') });
  try {
    const rows = await db
      .selectFrom('pages')
      .select('media_key')
      .where('chapter_id', '=', chapterId)
      .orderBy('page_index')
      .execute();
    const store = new LocalMediaStore(join(dataDir, 'media'));
    return Promise.all(
      rows.map(async ({ media_key }) => {
        const stored = await store.get(media_key);
        if (!stored) throw new Error(`page ${media_key} missing from the media store`);
        return Buffer.from(xorBytes(stored, E2E_KEYS.imageXorKey));
      }),
    );
  } finally {
    await db.destroy();
  }
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

function frameStats(frames: number[]) {
  const sorted = [...frames].sort((a, b) => a - b);
  const share = (limit: number) => frames.filter((t) => t > limit).length / Math.max(1, frames.length);
  return {
    count: frames.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? 0,
    // Frame times come in whole vsyncs (16.67 ms) plus jitter: the limits sit just above 1 and 2.
    over16: share(FRAME_MS + 0.5),
    over33: share(2 * FRAME_MS + 0.5),
  };
}

function report(reader: SideResult, baseline: SideResult): void {
  const mb = (n: number) => n.toFixed(1);
  const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  const cols = (label: string, a: string, b: string, r = '') =>
    console.log(`${label.padEnd(40)}${a.padStart(16)}${b.padStart(16)}${r.padStart(8)}`);
  const stats = [frameStats(reader.frames), frameStats(baseline.frames)] as const;
  const perFrame = (side: SideResult, key: MainThreadKey) =>
    (side.busy[key] * 1000) / Math.max(1, side.frames.length);

  console.log('\nscrolling');
  cols('', 'reader', 'baseline', 'ratio');
  cols(
    'frames (scroll time)',
    `${stats[0].count} (${reader.seconds.toFixed(1)} s)`,
    `${stats[1].count} (${baseline.seconds.toFixed(1)} s)`,
  );
  for (const key of ['p50', 'p95', 'p99', 'max'] as const)
    cols(`frame time ${key} (ms)`, mb(stats[0][key]), mb(stats[1][key]), ratio(stats[0][key], stats[1][key]));
  cols(
    'frames over 16.7 ms',
    pct(stats[0].over16),
    pct(stats[1].over16),
    ratio(stats[0].over16, stats[1].over16),
  );
  cols(
    'frames over 33 ms',
    pct(stats[0].over33),
    pct(stats[1].over33),
    ratio(stats[0].over33, stats[1].over33),
  );
  for (const [key, label] of [
    ['task', 'main thread busy per frame (ms)'],
    ['script', '  of which script (ms)'],
    ['layout', '  of which style + layout (ms)'],
  ] as const)
    cols(
      label,
      perFrame(reader, key).toFixed(2),
      perFrame(baseline, key).toFixed(2),
      ratio(perFrame(reader, key), perFrame(baseline, key)),
    );
  cols(
    'centre of screen without a picture',
    pct(reader.blankSamples / Math.max(1, reader.samples)),
    pct(baseline.blankSamples / Math.max(1, baseline.samples)),
  );
  cols(
    'scroll jumps / height changes',
    `${reader.jumps} / ${reader.heightChanges}`,
    `${baseline.jumps} / ${baseline.heightChanges}`,
  );
  cols('<img> in the DOM at most', String(reader.maxImages), String(baseline.maxImages));
  cols(
    'browser PSS at peak (MB)',
    mb(reader.peakBrowserPssMb),
    mb(baseline.peakBrowserPssMb),
    ratio(reader.peakBrowserPssMb, baseline.peakBrowserPssMb),
  );

  console.log('\nmemory after a forced GC (PSS: proportional set size of the processes)');
  console.log(
    `${''.padEnd(10)}${'at'.padEnd(28)}${'JS heap MB'.padStart(11)}${'perf.mem MB'.padStart(12)}` +
      `${'nodes'.padStart(7)}${'<img> (decoded)'.padStart(16)}${'renderer MB'.padStart(12)}${'browser MB'.padStart(11)}`,
  );
  for (const [name, side] of [
    ['reader', reader],
    ['baseline', baseline],
  ] as const)
    for (const s of side.snapshots)
      console.log(
        `${name.padEnd(10)}${s.at.padEnd(28)}${mb(s.jsHeapMb).padStart(11)}` +
          `${(s.perfMemoryMb === null ? 'n/a' : mb(s.perfMemoryMb)).padStart(12)}${String(s.nodes).padStart(7)}` +
          `${`${s.images} (${s.imagesLoaded})`.padStart(16)}${mb(s.rendererPssMb).padStart(12)}${mb(s.browserPssMb).padStart(11)}`,
      );

  const end = (side: SideResult) => side.snapshots.find((s) => s.at === 'end')!;
  const [r, b] = [end(reader), end(baseline)];
  console.log('\nratios reader / baseline at the end');
  console.log(
    `  JS heap ${ratio(r.jsHeapMb, b.jsHeapMb)}, DOM nodes ${ratio(r.nodes, b.nodes)}, <img> ${ratio(r.images, b.images)}`,
  );
  console.log(
    `  renderer PSS ${ratio(r.rendererPssMb, b.rendererPssMb)}, browser PSS ${ratio(r.browserPssMb, b.browserPssMb)}, ` +
      `peak browser PSS ${ratio(reader.peakBrowserPssMb, baseline.peakBrowserPssMb)}`,
  );
  console.log(
    `  frame p95 ${ratio(stats[0].p95, stats[1].p95)}, p99 ${ratio(stats[0].p99, stats[1].p99)}, ` +
      `main thread per frame ${ratio(perFrame(reader, 'task'), perFrame(baseline, 'task'))}`,
  );
  for (const [name, side] of [
    ['reader', reader],
    ['baseline', baseline],
  ] as const) {
    if (side.timedOut) console.log(`WARNING: the ${name} scroll hit its ${SCROLL_S} s cap before the end`);
    if (side.offHost.length)
      console.log(
        `WARNING: the ${name} asked for ${side.offHost.length} URL(s) off 127.0.0.1: ${side.offHost[0]}`,
      );
  }
  const json = (side: SideResult, frames: ReturnType<typeof frameStats>) => ({ ...side, frames });
  console.log(
    `JSON ${JSON.stringify({ pages: PAGES, stepPx: STEP_PX, cpuThrottle: CPU_THROTTLE, reader: json(reader, stats[0]), baseline: json(baseline, stats[1]) })}`,
  );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dm51-bench-reader-'));
  let server: RunningServer | null = null;
  let baseline: { server: Server; url: string } | null = null;
  const watchdog = setTimeout(() => {
    console.error(`reader bench: over ${TIMEOUT_S} s, stopping`);
    void Promise.allSettled([server?.stop(), baseline?.server.close()]).then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(2);
    });
  }, TIMEOUT_S * 1000);
  try {
    const seedStart = Date.now();
    const seeded = await seedCatalogue(dataDir, {
      works: 1,
      chapters: 1,
      pages: PAGES,
      pageWidth: PAGE_W,
      pageHeight: PAGE_H,
      novels: 0,
    });
    const comic = seeded.comics[0]!;
    const chapterId = comic.chapters[0]!.id;
    const jpegs = await decodedPages(dataDir, chapterId);
    const kib = jpegs.reduce((sum, jpeg) => sum + jpeg.length, 0) / 1024 / jpegs.length;
    console.log(
      `seeded ${PAGES} pages of ${PAGE_W}×${PAGE_H} JPEG (${kib.toFixed(0)} KiB each, ` +
        `${((PAGE_W * PAGE_H * 4) / 2 ** 20).toFixed(1)} MB decoded) in ${((Date.now() - seedStart) / 1000).toFixed(1)} s; ` +
        `scrolling ${STEP_PX} px per frame at 375×812, CPU throttling ×${CPU_THROTTLE}`,
    );
    // BENCH_WEB_DIR: another build of the app (e.g. an earlier commit's dist) for a back-to-back A/B.
    const webDir = process.env['BENCH_WEB_DIR'];
    server = await startServer({ DATA_DIR: dataDir, ...(webDir ? { WEB_DIR: webDir } : {}) });
    baseline = await startBaseline(jpegs);

    const readerResult = await measureSide(
      server.baseURL,
      async (page) => {
        await page.goto('/');
        await page.waitForFunction(() => location.hash.includes('/pages/home/home'));
        await page.goto(`/#/pages/cartoon/reader?column=${comic.id}&chapter=${chapterId}`);
        await page.waitForFunction(() =>
          Array.from(document.querySelectorAll<HTMLImageElement>('.comic-page__img')).some(
            (img) => img.complete && img.naturalWidth > 0,
          ),
        );
      },
      '[data-testid="comic-scroll"]',
    );
    const baselineResult = await measureSide(
      baseline.url,
      async (page) => {
        await page.goto('/');
        await page.evaluate(() => Promise.all(Array.from(document.images).map((img) => img.decode())));
      },
      null,
    );
    report(readerResult, baselineResult);
  } finally {
    clearTimeout(watchdog);
    baseline?.server.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
