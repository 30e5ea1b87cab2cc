/// <reference lib="dom" />
/**
 * The comic reader's memory and scrolling smoothness on a 300-page chapter, in headless Chromium at
 * 375×812 against the real built server, next to a BASELINE measured in the same run: a plain page
 * that stacks the same 300 decoded pages (what a reader without virtualisation does).
 *
 * Both are scrolled top to bottom at the same fixed speed, one step per animation frame. Printed for
 * each: frame times (p50 / p95 / p99, share over 20 ms and 33 ms), memory (the Chromium process
 * processes' proportional set size at its peak during the scroll and after a forced GC at the end; the JS heap), DOM nodes and `<img>`
 * elements at the end and at most; then the ratios reader / baseline. Run after `npm run build`
 * (`npm run bench:reader` does both). Talks only to 127.0.0.1 and stops by itself.
 * Sizes: BENCH_PAGES (300), BENCH_STEP_PX (90 px a frame), BENCH_MAX_S (90 s a scroll at most).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { launchChromium, newPhoneContext } from '../e2e/support/chromium.js';
import { seedCatalogue } from '../e2e/support/seed-catalogue.js';
import { E2E_KEYS, startServer } from '../e2e/support/server.js';

const PAGES = Number(process.env['BENCH_PAGES'] ?? 300);
const STEP_PX = Number(process.env['BENCH_STEP_PX'] ?? 90);
const MAX_S = Number(process.env['BENCH_MAX_S'] ?? 90);

interface Figures {
  frames: number[];
  heapMb: number;
  rssMb: number;
  peakRssMb: number;
  nodes: number;
  imagesAtEnd: number;
  maxImages: number;
  seconds: number;
}

/** Pids of the Chromium processes running now (the browser, its renderers, GPU and utility processes). */
function chromiumPids(): Set<number> {
  const pids = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('chromium')) pids.add(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/**
 * Memory (MB) of the Chromium processes that were not running before this browser was launched
 * (the bench runs one browser at a time, so exactly this browser's), as proportional set size:
 * pages shared between its processes are counted once, not once per process as RSS would.
 */
function browserRssMb(before: ReadonlySet<number>): number {
  let kb = 0;
  for (const pid of chromiumPids()) {
    if (before.has(pid)) continue;
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // The process ended while we looked.
    }
  }
  return kb / 1024;
}

/**
 * Scrolls `selector` (or the document) from the top to the bottom, STEP_PX per animation frame,
 * recording each frame's time and, every 20 frames, how many `<img>` the DOM holds.
 */
async function scrollThrough(
  page: Page,
  selector: string | null,
): Promise<{ frames: number[]; maxImages: number }> {
  return page.evaluate(
    ({ selector, step, maxMs }) =>
      new Promise<{ frames: number[]; maxImages: number }>((resolve) => {
        const el = selector ? document.querySelector(selector)! : document.scrollingElement!;
        el.scrollTo(0, 0);
        const frames: number[] = [];
        let maxImages = 0;
        let last = performance.now();
        const started = last;
        const tick = (now: number) => {
          frames.push(now - last);
          last = now;
          if (frames.length % 20 === 0) maxImages = Math.max(maxImages, document.images.length);
          el.scrollBy(0, step);
          const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
          if (atEnd || now - started > maxMs) resolve({ frames: frames.slice(1), maxImages });
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { selector, step: STEP_PX, maxMs: MAX_S * 1000 },
  );
}

/** Memory and DOM after a forced GC, then the scroll. */
async function measure(page: Page, selector: string | null, before: ReadonlySet<number>): Promise<Figures> {
  const started = Date.now();
  // The renderer's memory peaks while pages are decoded on the way down: sample it throughout.
  let peakRssMb = browserRssMb(before);
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, browserRssMb(before))), 250);
  const { frames, maxImages } = await scrollThrough(page, selector).finally(() => clearInterval(sampler));
  await page.waitForTimeout(500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return {
    frames,
    heapMb: metric('JSHeapUsedSize') / 1024 / 1024,
    rssMb: browserRssMb(before),
    peakRssMb,
    nodes: metric('Nodes'),
    imagesAtEnd: await page.evaluate(() => document.images.length),
    maxImages,
    seconds: (Date.now() - started) / 1000,
  };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

function summary(f: Figures) {
  const sorted = [...f.frames].sort((a, b) => a - b);
  return {
    frames: f.frames.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    over20: f.frames.filter((t) => t > 20).length / Math.max(1, f.frames.length),
    over33: f.frames.filter((t) => t > 33.4).length / Math.max(1, f.frames.length),
    rssMb: f.rssMb,
    peakRssMb: f.peakRssMb,
    heapMb: f.heapMb,
    nodes: f.nodes,
    imagesAtEnd: f.imagesAtEnd,
    maxImages: f.maxImages,
    seconds: f.seconds,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dm51-bench-reader-'));
  const seeded = await seedCatalogue(dataDir, {
    works: 1,
    chapters: 1,
    pages: PAGES,
    pageWidth: 720,
    pageHeight: 1100,
    novels: 0,
  });
  const comic = seeded.comics[0]!;
  const chapterId = comic.chapters[0]!.id;
  const db = new SqliteDatabase(join(dataDir, 'app.db'), { readonly: true });
  const pageKeys = (
    db.prepare('select media_key from pages where chapter_id = ? order by page_index').all(chapterId) as {
      media_key: string;
    }[]
  ).map((row) => row.media_key);
  db.close();
  const server = await startServer({ DATA_DIR: dataDir });
  console.log(`${PAGES} pages of 720×1100 JPEG, scrolled ${STEP_PX} px per frame at 375×812`);

  try {
    // Each side gets its own browser, so the process tree measured is that page's alone.
    const run = async (open: (page: Page) => Promise<void>, selector: string | null) => {
      const before = chromiumPids();
      const browser = await launchChromium();
      try {
        const context = await newPhoneContext(browser, server.baseURL);
        // tsx compiles with esbuild's keepNames, which wraps the functions passed to evaluate in a
        // `__name` helper the page does not have.
        await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
        const page = await context.newPage();
        await open(page);
        return summary(await measure(page, selector, before));
      } finally {
        await browser.close();
      }
    };

    const reader = await run(async (page) => {
      await page.goto('/');
      await page.waitForFunction(() => location.hash.includes('/pages/home/home'));
      await page.goto(`/#/pages/cartoon/reader?column=${comic.id}&chapter=${chapterId}`);
      await page.waitForFunction(() => document.querySelector('.comic-page__img') !== null);
      await page.waitForTimeout(1000);
    }, '[data-testid="comic-scroll"]');

    const baseline = await run(async (page) => {
      // Same origin as the media; the page fetches and decodes every page up front, like a plain
      // reader that stacks all of them, with their sizes reserved.
      await page.goto('/healthz');
      await page.evaluate(
        async ({ keys, xor }) => {
          document.documentElement.innerHTML =
            '<head><meta name="viewport" content="width=device-width"></head><body style="margin:0"></body>';
          for (const key of keys) {
            const bytes = new Uint8Array(await (await fetch(`/media/${key}`)).arrayBuffer());
            for (let i = 0; i < bytes.length; i++) bytes[i]! ^= xor;
            const img = document.createElement('img');
            img.src = URL.createObjectURL(new Blob([bytes], { type: 'image/jpeg' }));
            img.style.cssText = 'display:block;width:100%;aspect-ratio:720/1100';
            document.body.appendChild(img);
          }
          await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined)));
        },
        { keys: pageKeys, xor: E2E_KEYS.imageXorKey },
      );
    }, null);

    const rows: [string, (s: ReturnType<typeof summary>) => string][] = [
      ['frames scrolled', (s) => `${s.frames} in ${s.seconds.toFixed(1)} s`],
      [
        'frame p50 / p95 / p99 (ms)',
        (s) => `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)} / ${s.p99.toFixed(1)}`,
      ],
      ['frames over 20 / 33 ms', (s) => `${(s.over20 * 100).toFixed(1)}% / ${(s.over33 * 100).toFixed(1)}%`],
      ['Chromium PSS peak / end (MB)', (s) => `${s.peakRssMb.toFixed(0)} / ${s.rssMb.toFixed(0)}`],
      ['JS heap after GC (MB)', (s) => s.heapMb.toFixed(1)],
      ['DOM nodes at the end', (s) => String(s.nodes)],
      ['<img> at the end / at most', (s) => `${s.imagesAtEnd} / ${s.maxImages}`],
    ];
    console.log(`${''.padEnd(32)}${'reader'.padStart(22)}${'baseline'.padStart(22)}`);
    for (const [label, show] of rows)
      console.log(`${label.padEnd(32)}${show(reader).padStart(22)}${show(baseline).padStart(22)}`);
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(3) : 'n/a');
    console.log(`ratio reader/baseline: peak memory (PSS) ${ratio(reader.peakRssMb, baseline.peakRssMb)}`);
    console.log(`ratio reader/baseline: memory at the end (PSS) ${ratio(reader.rssMb, baseline.rssMb)}`);
    console.log(`ratio reader/baseline: DOM nodes ${ratio(reader.nodes, baseline.nodes)}`);
    console.log(`ratio reader/baseline: p95 frame time ${ratio(reader.p95, baseline.p95)}`);
    console.log(`ratio reader/baseline: frames over 20 ms ${ratio(reader.over20, baseline.over20)}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
