/**
 * A download that does not fit: with the browser's storage quota for the app held just above what
 * it uses (CDP Storage.overrideQuotaForOrigin), a 40-page chapter fails with the clear "no room"
 * state, is never shown or opened as downloaded, and completes once there is room and the reader
 * taps Retry.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { go } from './support/app-session.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { waitForDownloads } from './support/offline-flow.js';
import { seedCatalogue, type SeededCatalogue } from './support/seed-catalogue.js';
import type { RunningServer } from './support/server.js';

let dataDir: string;
let seeded: SeededCatalogue;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-offline-quota-'));
  seeded = await seedCatalogue(dataDir, { works: 1, novels: 0, chapters: 2, pages: 40 });
  [server, browser] = await startServerAndBrowser({ DATA_DIR: dataDir });
  context = await newPhoneContext(browser, server.baseURL);
  page = await context.newPage();
  cdp = await context.newCDPSession(page);
  await page.goto('/');
  await page.waitForFunction(() => location.hash.startsWith('#/pages/home/home'));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a download with no room for it', () => {
  it('fails as "no room", is never shown as downloaded, and completes on retry once there is room', async () => {
    const comic = seeded.comics[0]!;
    const chapter = comic.chapters[0]!;
    const origin = new URL(server.baseURL).origin;
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    // Room for a few of the chapter's 40 pages (about 12 KB each), not for all of them.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: usage + 150_000 });

    await go(page, `/pages/cartoon/details?column=${comic.id}`);
    await page.getByTestId('detail-download').click();
    await page.getByTestId('download-option-this').click();
    await page.getByTestId('download-start').click();
    // The reader is told plainly on the Downloads page; what the download had stored is given back.
    await go(page, '/pages/user/downloads');
    const item = page.locator(
      `[data-testid="download-item-${chapter.id}"][data-state="failed"][data-error="quota"]`,
    );
    await item.waitFor({ timeout: 60_000 });
    await page
      .getByTestId(`download-status-${chapter.id}`)
      .filter({ hasText: 'No room left on this device' })
      .waitFor();
    const kept = await page.evaluate(
      async () => (await (await caches.open('dm51-downloads-v1')).keys()).length,
    );
    expect(kept).toBe(0);
    // Not marked as downloaded anywhere.
    await go(page, `/pages/cartoon/details?column=${comic.id}`);
    await page.getByTestId('detail-download').waitFor();
    expect(await page.getByTestId(`chapter-downloaded-${chapter.id}`).count()).toBe(0);

    // Room again: Retry finishes it with every page.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    await go(page, '/pages/user/downloads');
    await page.getByTestId(`download-retry-${chapter.id}`).click();
    const [done] = await waitForDownloads(page, [chapter.id], 60_000);
    expect(done!.doneFiles).toBe(chapter.pages);
  }, 120_000);
});
