/**
 * `npm run screenshots:ads`: the docs' pictures of the floating ad and the update dialog,
 * taken from the product at 375×812 in the light theme. Seeds a small catalogue so home looks like
 * home, starts the built server on a copy of the web build, and takes: the home ad expanded
 * (ads-widget) and minimised after hide_time (ads-widget-collapsed); the update dialog raised by a
 * new build deployed under the page (update-dialog), and the forced one on /pages/update/update
 * (update-dialog-forced). Writes into E2E_SCREENSHOTS (default docs/screenshots).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { copyWebBuild, deployNewBuild, insertAd, setSetting } from './support/ads-update.js';
import { go, openApp } from './support/app-session.js';
import { startServerAndBrowser } from './support/harness.js';
import { keepScreenshot, newThemedContext, settle } from './support/screenshots.js';
import { seedCatalogue } from './support/seed-catalogue.js';
import { REPO_ROOT, type RunningServer } from './support/server.js';

const HIDE_MS = 4_000;
/** The server caches the update config this long. */
const CONFIG_CACHE_MS = 5_500;

const NOTES =
  '<p><b>What’s new in 2.4.0</b></p><ul><li>Reader: double-page spreads and a night filter</li>' +
  '<li>Tasks: daily check-in with a 7-day streak</li><li>Faster start-up on slow networks</li></ul>' +
  '<p>See the <a href="https://example.com/notes">full notes</a>.</p>';

async function tour(browser: Browser, server: RunningServer, webDir: string): Promise<void> {
  insertAd(server, {
    page: 'home',
    url: '/pages/user/vip/vip',
    position: 'right-bottom',
    position_offset_x: '12',
    position_offset_y: '24px',
    hide_time: HIDE_MS,
    display_time_again: 3_600_000,
    adtext_show: 1,
    adtext: 'VIP 50% off today',
    adtext_size: 12,
    adtext_color: '#fd3f6d',
    close_btn_control: 'center',
  });
  setSetting(server, 'update.versionName', '2.4.0');
  setSetting(server, 'update.describe', NOTES);

  const context = await newThemedContext(browser, server.baseURL, 'light');
  const page = await context.newPage();
  page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
  await openApp(page);
  await page.getByTestId('ad-float').waitFor();
  const shownAt = Date.now();
  await settle(page);
  await keepScreenshot(page, 'ads-widget');
  await page.waitForTimeout(Math.max(0, shownAt + HIDE_MS + 300 - Date.now()));
  await page.getByTestId('ad-float-collapsed').waitFor();
  await settle(page);
  await keepScreenshot(page, 'ads-widget-collapsed');

  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  deployNewBuild(webDir, 'screenshot build');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.getByTestId('update-dialog').waitFor({ timeout: 20_000 });
  await settle(page);
  await keepScreenshot(page, 'update-dialog');
  await context.close();

  setSetting(server, 'update.force', 1);
  await new Promise((resolve) => setTimeout(resolve, CONFIG_CACHE_MS));
  const forced = await newThemedContext(browser, server.baseURL, 'light');
  const forcedPage = await forced.newPage();
  await openApp(forcedPage);
  await go(forcedPage, '/pages/update/update');
  await forcedPage.getByTestId('update-dialog').waitFor();
  await settle(forcedPage);
  await keepScreenshot(forcedPage, 'update-dialog-forced');
  await forced.close();
}

async function main(): Promise<void> {
  process.env['E2E_SCREENSHOTS'] ??= join(REPO_ROOT, 'docs/screenshots');
  const dataDir = mkdtempSync(join(tmpdir(), 'dm51-ads-shots-'));
  await seedCatalogue(dataDir);
  const webDir = copyWebBuild();
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    [server, browser] = await startServerAndBrowser({ DATA_DIR: dataDir, WEB_DIR: webDir });
    await tour(browser, server, webDir);
    console.log(`screenshots written to ${process.env['E2E_SCREENSHOTS']}`);
  } catch (error) {
    if (server) console.error(server.output().slice(-3000));
    throw error;
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  }
}

await main();
