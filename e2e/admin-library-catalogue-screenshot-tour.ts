/**
 * `tsx e2e/admin-library-catalogue-screenshot-tour.ts` (after `npm run build`): the console's
 * Library and Catalogue pictures at 1440×900. Seeds a small catalogue, starts the built server,
 * writes a small LIBRARY_DIR, creates the owner with the CLI, signs in with TOTP; starts a scan while
 * another process holds the import lock (admin-library-waiting.png: the job queued behind it), then
 * a full rescan, and waits for it to finish (admin-library.png: folders, the finished job with its
 * counts, history),
 * then the works list (admin-catalogue.png) and a work's editor (admin-catalogue-edit.png).
 * Writes into E2E_SCREENSHOTS (default docs/screenshots).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { lockPath } from '../packages/server/src/import/import-lock.js';
import { writeCbz } from '../packages/server/src/import/testing/library-fixtures.js';
import {
  createOwnerWithCli,
  freshTotpCode,
  newDesktopContext,
  signInToConsole,
} from './support/admin-console.js';
import { startServerAndBrowser } from './support/harness.js';
import { keepScreenshot } from './support/screenshots.js';
import { seedCatalogue } from './support/seed-catalogue.js';
import { REPO_ROOT, type RunningServer } from './support/server.js';

async function main(): Promise<void> {
  process.env['E2E_SCREENSHOTS'] ??= join(REPO_ROOT, 'docs/screenshots');
  const dataDir = mkdtempSync(join(tmpdir(), 'dm51-libcat-shots-'));
  await seedCatalogue(dataDir, { works: 6, chapters: 4, pages: 1, novels: 2 });
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    const library = join(dataDir, 'library');
    for (const n of ['001', '002', '003'])
      await writeCbz(join(library, 'comics', 'Harbor Lights', `Harbor Lights ${n}.cbz`), { pages: 2 });
    [server, browser] = await startServerAndBrowser({ DATA_DIR: dataDir, LIBRARY_DIR: library });
    const owner = await createOwnerWithCli(server, 'tour-owner');
    const context = await newDesktopContext(browser, server.baseURL);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
    await page.goto('/admin/library');
    await signInToConsole(page, owner, await freshTotpCode(owner.secret, new Set()));
    await page.goto('/admin/library');
    // Another process (process 1, always alive) holds the import lock: the scan waits behind it.
    await page.locator('[data-testid="library-job"][data-state="done"]').waitFor({ timeout: 120_000 });
    writeFileSync(lockPath(dataDir), '1');
    await page.getByTestId('library-scan').first().click();
    await page.getByTestId('library-job-waiting').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(600);
    await keepScreenshot(page, 'admin-library-waiting');
    rmSync(lockPath(dataDir), { force: true });
    await page.locator('[data-testid="library-job"][data-state="done"]').waitFor({ timeout: 60_000 });
    const rescan = page.getByTestId('library-rescan').first();
    if (await rescan.isVisible({ timeout: 10_000 }).catch(() => false)) {
      const started = page.waitForResponse((r) => r.url().endsWith('/library/scan') && r.ok());
      await rescan.click();
      const { data } = (await (await started).json()) as { data: { id: number } };
      await page
        .locator(`[data-testid="library-job"][data-state="done"][data-job-id="${data.id}"]`)
        .waitFor({ timeout: 120_000 });
    }
    await page.waitForTimeout(600);
    await keepScreenshot(page, 'admin-library');

    await page.goto('/admin/catalogue');
    await page.locator('.ant-table-row').first().waitFor();
    await page.waitForTimeout(400);
    await keepScreenshot(page, 'admin-catalogue');
    await page.locator('.ant-table-row a').first().click();
    await page.getByTestId('work-title').waitFor();
    await page.waitForTimeout(600);
    await keepScreenshot(page, 'admin-catalogue-edit');
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
