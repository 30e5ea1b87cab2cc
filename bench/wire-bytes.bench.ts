/**
 * The bytes a phone actually downloads to open home, as measured on the wire: the real built server
 * (on a small seeded catalogue) and headless Chromium at 375×812 with an empty cache. Every request
 * the page makes is summed from CDP `Network.loadingFinished.encodedDataLength` (the bytes received
 * for it, headers included, after any Content-Encoding: not a gzip recomputed from the files), by
 * kind: JavaScript, CSS, API (/v3), HTML, media and the rest, and apart the part of it requested
 * before home's feed was on screen (what the first view waited on; what loads after it is still
 * counted in the total, which the target is checked against). The service worker's precache, which
 * starts after home is up and fetches the whole app for offline use, is summed apart (Playwright's
 * request sizes, from the same CDP figure). Run twice: with compression (the default) and with
 * COMPRESSION=off, on the same data, so the saving is measured in one run. Prints both, the JS
 * ratio to the BUDGET_KIB target, then one JSON line.
 *
 * Run after `npm run build` (`npm run bench:wire` does both). Talks only to 127.0.0.1; stops by
 * itself after BENCH_TIMEOUT_S (120).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, newPhoneContext } from '../e2e/support/chromium.js';
import { seedCatalogue } from '../e2e/support/seed-catalogue.js';
import { startServer, type RunningServer } from '../e2e/support/server.js';

/** The first-load target for the compressed JavaScript home needs. */
const BUDGET_KIB = 120;
const TIMEOUT_S = Number(process.env['BENCH_TIMEOUT_S'] ?? 120);
/** Home is settled when no request has been in flight for this long. */
const QUIET_MS = 1500;

const KINDS = ['js', 'css', 'api', 'html', 'media', 'other'] as const;
type Kind = (typeof KINDS)[number];
type Bytes = Record<Kind | 'total', number>;

interface Measured {
  home: Bytes;
  /** The part of `home` requested before home's feed was on screen (what the first view waited on). */
  beforeFeed: Bytes;
  requests: number;
  /** Bytes the service worker fetched to precache the app (after home, once per install). */
  precache: number;
  precacheRequests: number;
  /** Every script home loaded, largest first, with the Content-Encoding the server chose. */
  scripts: { url: string; bytes: number; encoding: string }[];
}

function kindOf(url: string, cdpType: string): Kind {
  const path = new URL(url).pathname;
  if (path.startsWith('/v3/')) return 'api';
  if (path.startsWith('/media/')) return 'media';
  if (cdpType === 'Script') return 'js';
  if (cdpType === 'Stylesheet') return 'css';
  if (cdpType === 'Document') return 'html';
  return 'other';
}

function emptyBytes(): Bytes {
  return { js: 0, css: 0, api: 0, html: 0, media: 0, other: 0, total: 0 };
}

async function measureHome(browser: Browser, baseURL: string): Promise<Measured> {
  const context = await newPhoneContext(browser, baseURL);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    const started = new Map<string, { url: string; type: string; encoding: string; early: boolean }>();
    const home = emptyBytes();
    const beforeFeed = emptyBytes();
    let feedShown = false;
    let requests = 0;
    let inFlight = 0;
    let lastActivity = Date.now();
    const scripts: Measured['scripts'] = [];
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.startsWith('data:')) return;
      started.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        encoding: '',
        early: !feedShown,
      });
      inFlight += 1;
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (event) => {
      const request = started.get(event.requestId);
      if (!request) return;
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
      request.encoding = headers['content-encoding'] ?? 'identity';
    });
    const settle = (requestId: string, bytes: number) => {
      const request = started.get(requestId);
      if (!request) return;
      started.delete(requestId);
      inFlight -= 1;
      lastActivity = Date.now();
      const kind = kindOf(request.url, request.type);
      home[kind] += bytes;
      home.total += bytes;
      if (request.early) {
        beforeFeed[kind] += bytes;
        beforeFeed.total += bytes;
      }
      requests += 1;
      if (kind === 'js')
        scripts.push({ url: new URL(request.url).pathname, bytes, encoding: request.encoding });
    };
    cdp.on('Network.loadingFinished', (event) => settle(event.requestId, event.encodedDataLength));
    cdp.on('Network.loadingFailed', (event) => settle(event.requestId, 0));

    // The service worker's own fetches (its precache) are not the page's: Playwright reports them
    // on the context, marked with the worker that made them.
    let precache = 0;
    let precacheRequests = 0;
    const precacheDone: Promise<void>[] = [];
    context.on('requestfinished', (request) => {
      if (!request.serviceWorker()) return;
      precacheDone.push(
        request.sizes().then((sizes) => {
          precache += sizes.responseBodySize + sizes.responseHeadersSize;
          precacheRequests += 1;
        }),
      );
    });

    await page.goto('/');
    await page.waitForFunction(() => location.hash.includes('/pages/home/home'));
    await page.getByTestId('home-feed').waitFor();
    feedShown = true;
    // Home is up once its requests have stopped; the service worker installs after that.
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100);
    const homeBytes = { ...home };
    const homeRequests = requests;
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForTimeout(QUIET_MS);
    await Promise.all(precacheDone);
    scripts.sort((a, b) => b.bytes - a.bytes);
    return {
      home: homeBytes,
      beforeFeed: { ...beforeFeed },
      requests: homeRequests,
      precache,
      precacheRequests,
      scripts,
    };
  } finally {
    await context.close();
  }
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

function report(label: string, result: Measured): void {
  const { home } = result;
  console.log(`\n${label}`);
  for (const kind of KINDS) console.log(`  ${kind.padEnd(6)} ${kib(home[kind])} KiB`);
  console.log(`  total  ${kib(home.total)} KiB in ${result.requests} requests`);
  console.log(
    `  of which requested before home's feed showed: JS ${kib(result.beforeFeed.js).trim()} KiB, total ${kib(result.beforeFeed.total).trim()} KiB`,
  );
  const largest = result.scripts.slice(0, 5).map((s) => `${s.url} ${kib(s.bytes).trim()} (${s.encoding})`);
  console.log(`  ${result.scripts.length} scripts; largest, KiB: ${largest.join(', ')}`);
  // BENCH_LIST_SCRIPTS=1 lists every script, to find what pulls a chunk onto home.
  if (process.env['BENCH_LIST_SCRIPTS'])
    for (const s of result.scripts) console.log(`    ${kib(s.bytes)} KiB  ${s.url} (${s.encoding})`);
  console.log(
    `  then the service worker's precache: ${kib(result.precache).trim()} KiB in ${result.precacheRequests} requests`,
  );
  console.log(`  JS ratio to the ${BUDGET_KIB} KiB target: ${(home.js / 1024 / BUDGET_KIB).toFixed(3)}`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dm51-bench-wire-'));
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  const watchdog = setTimeout(() => {
    console.error(`wire bench: over ${TIMEOUT_S} s, stopping`);
    void Promise.allSettled([server?.stop(), browser?.close()]).then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(2);
    });
  }, TIMEOUT_S * 1000);
  try {
    await seedCatalogue(dataDir, { works: 12, novels: 6, pages: 2 });
    browser = await launchChromium();
    const results: Record<string, Measured> = {};
    for (const compression of ['on', 'off'] as const) {
      server = await startServer({
        DATA_DIR: dataDir,
        COMPRESSION: compression,
        ...(process.env['BENCH_WEB_DIR'] ? { WEB_DIR: process.env['BENCH_WEB_DIR'] } : {}),
      });
      try {
        results[compression] = await measureHome(browser, server.baseURL);
      } finally {
        await server.stop();
        server = null;
      }
    }
    report('home, COMPRESSION=on (bytes on the wire, headers included)', results['on']!);
    report('home, COMPRESSION=off', results['off']!);
    const on = results['on']!.home;
    const off = results['off']!.home;
    console.log(
      `\nsaved by compression: JS ${kib(off.js - on.js).trim()} KiB, total ${kib(off.total - on.total).trim()} KiB`,
    );
    // The per-script lists stay out of the JSON line, to keep it one readable line.
    const summary = ({ scripts: _scripts, ...rest }: Measured) => rest;
    console.log(
      JSON.stringify({ budgetKib: BUDGET_KIB, on: summary(results['on']!), off: summary(results['off']!) }),
    );
  } finally {
    clearTimeout(watchdog);
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
