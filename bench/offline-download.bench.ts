/// <reference lib="dom" />
/**
 * Downloading a 40-page comic chapter for reading offline, in headless Chromium at 375×812 against
 * the real built server, next to a BASELINE measured in the same run: the same 40 page files
 * fetched directly by a page of the same browser (no service worker, four at a time, as the
 * download fetches them), which is the least any download could cost.
 *
 * Each round downloads one more chapter from its detail page's download sheet (the app's own
 * engine: the chapter's answer, then its pages into Cache Storage) and times it from the tap to
 * the record stored complete; then the baseline fetches that chapter's page URLs. Printed per
 * round and as medians: seconds and bytes of each side and their ratios. Then the Downloads page's
 * storage figure against the browser's own (navigator.storage.estimate()'s Cache Storage usage)
 * and the sum of the downloads' bytes.
 *
 * Run after `npm run build` (`npm run bench:offline` does both). Knobs: BENCH_ROUNDS (3),
 * BENCH_PAGES (40), BENCH_PAGE_W × BENCH_PAGE_H (720×1600).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, newPhoneContext } from '../e2e/support/chromium.js';
import { storedDownloads, waitForDownloads } from '../e2e/support/offline-flow.js';
import { seedCatalogue } from '../e2e/support/seed-catalogue.js';
import { startServer } from '../e2e/support/server.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const PAGES = Number(process.env['BENCH_PAGES'] ?? 40);
const PAGE_W = Number(process.env['BENCH_PAGE_W'] ?? 720);
const PAGE_H = Number(process.env['BENCH_PAGE_H'] ?? 1600);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    location.hash = `#${to}`;
  }, path);
  await page.waitForFunction((to) => decodeURIComponent(location.hash.slice(1)) === to, path);
}

/** The same files fetched directly, four at a time: seconds and bytes. */
function fetchDirectly(page: Page, urls: string[]): Promise<{ seconds: number; bytes: number }> {
  return page.evaluate(async (list) => {
    const started = performance.now();
    let bytes = 0;
    let cursor = 0;
    // Inline, unnamed: tsx would wrap a named function in a helper the page does not have.
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        while (cursor < list.length) {
          const response = await fetch(list[cursor++]!, { cache: 'no-store' });
          const size = (await response.arrayBuffer()).byteLength;
          bytes += size;
        }
      }),
    );
    return { seconds: (performance.now() - started) / 1000, bytes };
  }, urls);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dm51-bench-offline-'));
  const seeded = await seedCatalogue(dataDir, {
    works: 1,
    novels: 0,
    chapters: ROUNDS + 1,
    pages: PAGES,
    pageWidth: PAGE_W,
    pageHeight: PAGE_H,
  });
  const server = await startServer({ DATA_DIR: dataDir });
  const browser = await launchChromium();
  try {
    const app = await newPhoneContext(browser, server.baseURL);
    const page = await app.newPage();
    await page.goto('/');
    await page.waitForFunction(() => location.hash.startsWith('#/pages/home/home'));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 45_000,
    });
    const direct = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'block' });
    const directPage = await direct.newPage();
    await directPage.goto('/healthz');

    const work = seeded.comics[0]!;
    // Free chapters only (the seed's last chapter of a work is VIP).
    const chapters = work.chapters.filter((chapter) => chapter.pay === 0).slice(0, ROUNDS);
    const rows: {
      download: { seconds: number; bytes: number };
      direct: { seconds: number; bytes: number };
    }[] = [];
    for (const chapter of chapters) {
      await go(page, `/pages/cartoon/reader?column=${work.id}&chapter=${chapter.id}`);
      await page.getByTestId('comic-page').first().waitFor();
      const tapped = Date.now();
      await page.getByTestId('reader-download').click();
      await page.getByTestId('download-option-this').click();
      await page.getByTestId('download-start').click();
      const [record] = await waitForDownloads(page, [chapter.id], 120_000);
      // The app's own clock: from the download queued to its record stored complete.
      const download = { seconds: (record!.completedAt - record!.createdAt) / 1000, bytes: record!.bytes };
      const tapToDone = (Date.now() - tapped) / 1000;
      if (record!.doneFiles !== chapter.pages)
        throw new Error(`stored ${record!.doneFiles} of ${chapter.pages} pages`);
      const directRun = await fetchDirectly(directPage, record!.files.slice(0, record!.totalFiles));
      rows.push({ download, direct: directRun });
      console.log(
        `round ${rows.length}: download ${download.seconds.toFixed(2)} s (tap to seen done ${tapToDone.toFixed(2)} s) ${download.bytes} B; direct ${directRun.seconds.toFixed(2)} s ${directRun.bytes} B`,
      );
    }

    await go(page, '/pages/user/downloads');
    await page.getByTestId('downloads-storage-total').waitFor();
    const shown = await page.getByTestId('downloads-storage-total').innerText();
    const estimate = await page.evaluate(async () => {
      const e = (await navigator.storage.estimate()) as StorageEstimate & {
        usageDetails?: Record<string, number>;
      };
      return { usage: e.usage ?? 0, caches: e.usageDetails?.['caches'] ?? null, quota: e.quota ?? 0 };
    });
    const stored = (await storedDownloads(page)).reduce((sum, record) => sum + record.bytes, 0);
    // What the downloads cache itself holds (the chapters' pages and the work's cover), apart from
    // the service worker's precache of the app, which Cache Storage's usage also counts.
    const inDownloadsCache = await page.evaluate(async () => {
      const cache = await caches.open('dm51-downloads-v1');
      let bytes = 0;
      for (const request of await cache.keys()) {
        const size = (await (await cache.match(request))!.blob()).size;
        bytes += size;
      }
      return bytes;
    });

    const downloadS = median(rows.map((row) => row.download.seconds));
    const directS = median(rows.map((row) => row.direct.seconds));
    const downloadB = median(rows.map((row) => row.download.bytes));
    const directB = median(rows.map((row) => row.direct.bytes));
    console.log(`\n${PAGES}-page chapter (${PAGE_W}×${PAGE_H}), median of ${rows.length}:`);
    console.log(`  download  ${downloadS.toFixed(2)} s  ${(downloadB / 1024).toFixed(1)} KiB`);
    console.log(`  direct    ${directS.toFixed(2)} s  ${(directB / 1024).toFixed(1)} KiB`);
    console.log(
      `  ratio     time ${(downloadS / directS).toFixed(2)}  bytes ${(downloadB / directB).toFixed(3)}`,
    );
    console.log(
      `\nstorage: Downloads page "${shown}"; downloads' bytes ${stored} B; in the downloads cache ${inDownloadsCache} B (${(inDownloadsCache / stored).toFixed(3)});`,
    );
    console.log(
      `  browser: Cache Storage ${estimate.caches ?? 'n/a'} B (${estimate.caches ? (estimate.caches / stored).toFixed(3) : 'n/a'} of the downloads' bytes), all ${estimate.usage} B of ${estimate.quota} B`,
    );
    console.log(
      JSON.stringify({
        downloadS,
        directS,
        timeRatio: downloadS / directS,
        downloadB,
        directB,
        stored,
        cacheStorage: estimate.caches,
        shown,
      }),
    );
    await direct.close();
    await app.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
