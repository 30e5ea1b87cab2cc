/**
 * First load as Lighthouse sees it: Lighthouse 12 from npm driving Debian's Chromium,
 * mobile preset (simulated slow 4G, 4× CPU slowdown, 412×823 phone), on the real built server with
 * the generated demo library, each page opened as a new visitor (all storage, localStorage and
 * cookies included, is cleared before every run). Pages: home, a comic's detail page and the comic
 * reader on its first free chapter. Each is run BENCH_RUNS times (3) and the median run is
 * reported: performance, LCP, TBT, CLS, FCP, bytes, accessibility and best practices, against the
 * first-load targets (TARGETS).
 *
 * Baseline in the same run, on the same Chromium and settings: a bare node:http server answering a
 * plain HTML page with one inline-sized image (what a first load cannot beat), so the printed LCP
 * ratio says how far the app is from the floor of this machine and throttling model.
 *
 * BENCH_H2=1 puts HAProxy in front of both, terminating TLS and offering HTTP/2 as a production front
 * does (deploy/haproxy.cfg): every file then comes over one connection, where over plain HTTP/1.1 each
 * of up to six connections pays its own handshake and slow start in Lighthouse's model (and on a phone).
 *
 * Run after `npm run build` (`npm run bench:lighthouse` does both). Talks only to 127.0.0.1.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { queryServerDb, waitForImport } from '../e2e/support/import-status.js';
import { startServer } from '../e2e/support/server.js';
import { startHaproxyFront, type HaproxyFront } from './support/haproxy-front.js';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
/** BENCH_LHR_DIR=dir keeps every run's full Lighthouse report there (to see what shifted or blocked). */
const LHR_DIR = process.env['BENCH_LHR_DIR'];
/**
 * BENCH_ARTIFACTS_DIR=dir also keeps each run's trace and network log (`run-<n>/`), which
 * `bench/lantern-graph.ts` replays to show what the simulated LCP waited for.
 */
const ARTIFACTS_DIR = process.env['BENCH_ARTIFACTS_DIR'];
let reportCount = 0;
let artifactCount = 0;
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** BENCH_WEB_DIR=<another build's dist> serves that web build instead (before/after in the same minutes). */
const WEB_DIR = process.env['BENCH_WEB_DIR'];
/** BENCH_H2=1: through HAProxy with TLS and HTTP/2 (the baseline too, so the ratio compares like with like). */
const H2 = process.env['BENCH_H2'] === '1';
/**
 * BENCH_CPU_SLOWDOWN=8 stands in for a machine half as fast: Lantern scales every task it saw by this
 * multiplier (4 in the mobile preset), so a fast machine can show what a slow one would report.
 */
const CPU_SLOWDOWN = process.env['BENCH_CPU_SLOWDOWN']
  ? Number(process.env['BENCH_CPU_SLOWDOWN'])
  : undefined;
/** The first-load targets: what a new visitor on a slow phone should get. */
const TARGETS = { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0, accessibility: 95, bestPractices: 95 };

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  kib: number;
}

/**
 * One Lighthouse run; a run whose trace Lighthouse could not record (NO_NAVSTART and the like, seen
 * on a loaded machine) is run again, up to ATTEMPTS times, rather than ending the benchmark.
 */
const ATTEMPTS = 3;
async function audit(url: string, port: number, attempt = 1): Promise<Figures> {
  artifactCount += 1;
  const artifacts = ARTIFACTS_DIR ? `${ARTIFACTS_DIR}/run-${artifactCount}` : undefined;
  const result = await lighthouse(url, {
    port,
    // Gather, save the artifacts, and audit them, in one run.
    ...(artifacts ? { gatherMode: artifacts, auditMode: artifacts } : {}),
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    throttlingMethod: (process.env['BENCH_THROTTLING'] ?? 'simulate') as 'simulate' | 'devtools',
    // Merged into the preset's throttling, so only the multiplier changes.
    ...(CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
    // Every run a new visitor: Lighthouse's default reset keeps localStorage, IndexedDB and cookies,
    // so a second run found the first run's guest session and skipped visitor init.
    clearStorageTypes: [
      'file_systems',
      'shader_cache',
      'service_workers',
      'cache_storage',
      'local_storage',
      'indexeddb',
      'cookies',
    ],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (LHR_DIR) {
    reportCount += 1;
    mkdirSync(LHR_DIR, { recursive: true });
    writeFileSync(`${LHR_DIR}/lhr-${reportCount}.json`, JSON.stringify(result.lhr));
  }
  if (runtimeError) {
    if (attempt < ATTEMPTS) {
      console.log(`  (run not recorded: ${runtimeError.code}; running it again)`);
      return audit(url, port, attempt + 1);
    }
    throw new Error(`Lighthouse failed on ${url}: ${runtimeError.message}`);
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcpMs: value('first-contentful-paint'),
    kib: value('total-byte-weight') / 1024,
  };
}

/** The run with the median performance score (Lighthouse's own advice for reporting). */
async function medianOf(url: string, port: number): Promise<Figures> {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await audit(url, port));
  runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return runs[Math.floor(runs.length / 2)]!;
}

/** A page that is as light as a first load gets: HTML, a heading and one sized image. */
function startBaseline(): Promise<{ server: Server; url: string }> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
    'base64',
  );
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title>
<meta name="description" content="A bare page to measure the floor of a first load."></head>
<body style="margin:0;font-family:sans-serif"><h1 style="font-size:20px;padding:12px">Comics</h1>
<img src="/banner.png" alt="Banner" width="375" height="200" style="width:100%;height:auto;display:block">
</body></html>`;
  const server = createServer((request, response) => {
    if (request.url === '/banner.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      response.end(png);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }),
    ),
  );
}

function row(label: string, f: Figures): string {
  return [
    label.padEnd(22),
    `perf ${String(f.performance).padStart(3)}`,
    `LCP ${(f.lcpMs / 1000).toFixed(2)} s`,
    `TBT ${f.tbtMs.toFixed(0).padStart(4)} ms`,
    `CLS ${f.cls.toFixed(3)}`,
    `FCP ${(f.fcpMs / 1000).toFixed(2)} s`,
    `${f.kib.toFixed(0).padStart(4)} KiB`,
    `a11y ${f.accessibility}`,
    `best ${f.bestPractices}`,
  ].join('  ');
}

function misses(f: Figures): string[] {
  const out: string[] = [];
  if (f.performance < TARGETS.performance) out.push(`performance ${f.performance} < ${TARGETS.performance}`);
  if (f.lcpMs > TARGETS.lcpMs) out.push(`LCP ${f.lcpMs.toFixed(0)} ms > ${TARGETS.lcpMs}`);
  if (f.tbtMs > TARGETS.tbtMs) out.push(`TBT ${f.tbtMs.toFixed(0)} ms > ${TARGETS.tbtMs}`);
  if (f.cls > TARGETS.cls) out.push(`CLS ${f.cls.toFixed(4)} > 0`);
  if (f.accessibility < TARGETS.accessibility) out.push(`accessibility ${f.accessibility}`);
  if (f.bestPractices < TARGETS.bestPractices) out.push(`best practices ${f.bestPractices}`);
  return out;
}

async function main(): Promise<void> {
  const server = await startServer({ DEMO_LIBRARY: 'on', ...(WEB_DIR ? { WEB_DIR } : {}) });
  const baseline = await startBaseline();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // BENCH_H2's fronts use a self-signed loopback certificate.
      ...(H2 ? ['--ignore-certificate-errors'] : []),
    ],
  });
  const fronts: HaproxyFront[] = [];
  /** Where Lighthouse opens a server: itself, or its TLS and HTTP/2 front. */
  async function served(baseURL: string): Promise<string> {
    if (!H2) return baseURL;
    const front = await startHaproxyFront(baseURL, 64, { tls: true });
    fronts.push(front);
    return front.baseURL;
  }
  try {
    if ((await waitForImport(server, 180_000)) !== 'done') throw new Error('the demo library did not import');
    const [comic] = queryServerDb<{ work: number; chapter: number }>(
      server,
      `select w.id as work, c.id as chapter from works w join chapters c on c.work_id = w.id
       where w.type = 0 and w.published = 1 and c.pay = 0 order by w.id, c.sort_order limit 1`,
    );
    if (!comic) throw new Error('the demo library has no free comic chapter');
    const pages = [
      { label: 'home', path: '/#/pages/home/home' },
      { label: 'comic detail', path: `/#/pages/cartoon/details?column=${comic.work}` },
      {
        label: 'comic reader',
        path: `/#/pages/cartoon/reader?column=${comic.work}&chapter=${comic.chapter}`,
      },
    ];
    // BENCH_PAGES=home,reader runs only the pages whose label contains one of those words.
    const only = process.env['BENCH_PAGES']?.split(',').filter(Boolean);
    const chosen = only ? pages.filter(({ label }) => only.some((word) => label.includes(word))) : pages;
    const appURL = await served(server.baseURL);
    const baselineURL = `${await served(baseline.url.replace(/\/$/, ''))}/`;
    console.log(
      `Lighthouse mobile preset, median of ${RUNS} runs, Chromium ${CHROMIUM}, ${H2 ? 'HTTPS with HTTP/2 through HAProxy' : 'plain HTTP/1.1'}`,
    );
    const floor = await medianOf(baselineURL, chrome.port);
    console.log(row('baseline (bare page)', floor));
    const report: Record<string, Figures & { lcpRatio: number }> = {};
    for (const { label, path } of chosen) {
      const figures = await medianOf(`${appURL}${path}`, chrome.port);
      const lcpRatio = figures.lcpMs / floor.lcpMs;
      report[label] = { ...figures, lcpRatio };
      console.log(row(label, figures));
      console.log(`${''.padEnd(22)}  LCP ratio to baseline ${lcpRatio.toFixed(2)}`);
      const missed = misses(figures);
      console.log(
        `${''.padEnd(22)}  ${missed.length === 0 ? 'meets every target' : `misses: ${missed.join(', ')}`}`,
      );
    }
    console.log(JSON.stringify({ baseline: floor, pages: report }));
  } finally {
    await Promise.all(fronts.map((front) => front.stop()));
    await chrome.kill();
    baseline.server.close();
    await server.stop();
  }
}

await main();
