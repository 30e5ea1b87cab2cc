/**
 * A new visitor's first load with DevTools throttling: unlike Lighthouse's simulated throttling, the
 * page really loads at 150 ms RTT, 1.6 Mbit/s down and a 4× slower CPU, so the LCP printed is what
 * such a phone would see, with the time from the session's answer (init) to the landing page's data
 * call going out (it should go out at once:
 * docs/develop/decisions/0022-first-script-sends-launch-calls.md). Home, a comic detail and the
 * comic reader on the demo library, each in a fresh context (no session, no cache), PROBE_REPS
 * times (1).
 * PROBE_WEB_DIR=<another build's dist> serves that build (before/after); PROBE_PAGES=home,reader
 * picks pages; PROBE_VERBOSE=1 also lists every request (start, end, priority, bytes).
 * Run after `npm run build`: `tsx bench/first-load-trace.bench.ts`.
 */
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/support/server.js';
import { waitForImport, queryServerDb } from '../e2e/support/import-status.js';
import { emulatePhoneNetwork } from './support/phone-network.js';
const env: Record<string, string> = { DEMO_LIBRARY: 'on' };
if (process.env['PROBE_WEB_DIR']) env['WEB_DIR'] = process.env['PROBE_WEB_DIR'];
const server = await startServer(env);
await waitForImport(server, 180_000);
const [comic] = queryServerDb<{ work: number; chapter: number }>(
  server,
  `select w.id as work, c.id as chapter from works w join chapters c on c.work_id = w.id where w.type = 0 and w.published = 1 and c.pay = 0 order by w.id, c.sort_order limit 1`,
);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const paths = {
  home: '/#/pages/home/home',
  detail: `/#/pages/cartoon/details?column=${comic!.work}`,
  reader: `/#/pages/cartoon/reader?column=${comic!.work}&chapter=${comic!.chapter}`,
};
for (let rep = 0; rep < Number(process.env['PROBE_REPS'] ?? 1); rep++)
  for (const [label, path] of Object.entries(paths)) {
    if (process.env['PROBE_PAGES'] && !process.env['PROBE_PAGES'].includes(label)) continue;
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await emulatePhoneNetwork(cdp);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const rows = new Map<
      string,
      { url: string; start: number; end?: number; prio: string; bytes?: number }
    >();
    let t0 = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!t0) t0 = e.timestamp;
      rows.set(e.requestId, { url: e.request.url, start: e.timestamp, prio: e.request.initialPriority });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = rows.get(e.requestId);
      if (r) {
        r.end = e.timestamp;
        r.bytes = e.encodedDataLength;
      }
    });
    await page.goto(server.baseURL + path);
    await page.waitForTimeout(8000);
    const lcp = await page.evaluate(
      () =>
        new Promise<string>((res) =>
          new PerformanceObserver((l) => {
            const e = l.getEntries().at(-1) as PerformanceEntry & { url?: string; element?: Element };
            res(`${e.startTime.toFixed(0)} ${e.url?.slice(0, 60)} ${e.element?.tagName}`);
          }).observe({ type: 'largest-contentful-paint', buffered: true }),
        ),
    );
    // Launch without a waterfall: the landing page's data should go out as soon as the session exists.
    const sorted = [...rows.values()].sort((a, b) => a.start - b.start);
    const init = sorted.find((r) => r.url.includes('/v3/app/init'));
    const landingCall = init?.end
      ? sorted.find(
          (r) => r.start >= init.start && /\/v3\/(comic|book)\/(index|detail|chapter|read)/.test(r.url),
        )
      : undefined;
    const gap =
      init?.end && landingCall
        ? ` · session→data ${((landingCall.start - init.end) * 1000).toFixed(0)} ms (${new URL(landingCall.url).pathname})`
        : '';
    console.log(`== ${label} LCP ${lcp}${gap}`);
    if (!process.env['PROBE_VERBOSE']) {
      await context.close();
      continue;
    }
    for (const r of [...rows.values()].sort((a, b) => a.start - b.start)) {
      console.log(
        `${((r.start - t0) * 1000).toFixed(0).padStart(6)} ${r.end ? ((r.end - t0) * 1000).toFixed(0).padStart(6) : '   ...'} ${r.prio.padEnd(8)} ${String(r.bytes ?? '').padStart(7)} ${r.url.replace(server.baseURL, '').slice(0, 90)}`,
      );
    }
    await context.close();
  }
await browser.close();
await server.stop();
