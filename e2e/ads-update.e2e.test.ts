/**
 * The floating ad and the update prompt in the browser against the real built server:
 * the home ad appears, collapses after hide_time, expands on a tap, closes, stays closed after a
 * reload and comes back once display_time_again has passed; then a new build deployed under the
 * running page raises the update dialog, and 'upgrade now' reloads into it on the same route.
 */
import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyWebBuild, deployNewBuild, insertAd, setSetting } from './support/ads-update.js';
import { go, openApp } from './support/app-session.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { queryServerDb } from './support/import-status.js';
import type { RunningServer } from './support/server.js';

const HIDE_MS = 1_500;
const AGAIN_MS = 5_000;

let webDir: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adId: number;

beforeAll(async () => {
  webDir = copyWebBuild();
  [server, browser] = await startServerAndBrowser({ WEB_DIR: webDir });
  adId = insertAd(server, {
    page: 'home',
    url: '/pages/sort/sort',
    hide_time: HIDE_MS,
    display_time_again: AGAIN_MS,
    adtext_show: 1,
    adtext: 'VIP sale',
    close_btn_control: 'big',
  });
  setSetting(server, 'update.versionName', '2.0.0');
  setSetting(server, 'update.describe', '<p>New <b>reader</b> modes</p><script>window.hacked = 1</script>');
  context = await newPhoneContext(browser, server.baseURL);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

const widget = () => page.getByTestId('ad-float');
const collapsed = () => page.getByTestId('ad-float-collapsed');

describe('the floating ad', () => {
  it('appears on home with its label and text, collapses after hide_time and expands on a tap', async () => {
    await openApp(page);
    await widget().waitFor();
    expect(await widget().getAttribute('data-ad-id')).toBe(String(adId));
    await expect.poll(() => widget().innerText()).toContain('Ad');
    expect(await widget().innerText()).toContain('VIP sale');
    await collapsed().waitFor({ timeout: HIDE_MS + 3_000 });
    expect(await widget().count()).toBe(0);
    await collapsed().click();
    await widget().waitFor();
  });

  it('closes, stays closed after a reload, and comes back after display_time_again', async () => {
    await page.getByTestId('ad-float-close').click();
    const closedAt = Date.now();
    await widget().waitFor({ state: 'detached' });
    expect(await collapsed().count()).toBe(0);

    await page.reload();
    await page.getByTestId('home-feed').or(page.getByTestId('tab-bar')).first().waitFor();
    await page.waitForTimeout(800);
    expect(await widget().count()).toBe(0);

    // Another visit once display_time_again has passed shows it again.
    await page.waitForTimeout(Math.max(0, closedAt + AGAIN_MS + 200 - Date.now()));
    await go(page, '/pages/sort/sort');
    await go(page, '/pages/home/home');
    await widget().waitFor();
  });

  it('opens its link on a tap: a tab page switches tab; impressions and the click are counted', async () => {
    await page.getByTestId('ad-float-open').click();
    await page.waitForFunction(() => location.hash.startsWith('#/pages/sort/sort'));
    // Sort has no ad of its own.
    expect(await widget().count()).toBe(0);
    // Buffered on the server and written within its flush interval (10 s): one click, and one
    // impression per visit that showed the ad (the first visit and the one after it came back; not
    // the expand, not the reload while it was closed).
    await expect
      .poll(
        () =>
          queryServerDb<{ impressions: number; clicks: number }>(
            server,
            `select impressions, clicks from ad_stats_daily where ad_id = ${adId}`,
          )[0] ?? null,
        { timeout: 15_000, interval: 1_000 },
      )
      .toEqual({ impressions: 2, clicks: 1 });
  });

  it('fails silently when the ad calls fail (spec §8): no toast, the page goes on', async () => {
    await page.route('**/v3/ad/**', (route) => route.abort('connectionfailed'));
    await go(page, '/pages/user/user');
    await go(page, '/pages/home/home');
    await page.waitForTimeout(1_500);
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    await page.unroute('**/v3/ad/**');
  });
});

describe('the update prompt', () => {
  it('opens when a new build is deployed under the running page, and upgrading reloads on the same route', async () => {
    await openApp(page);
    await go(page, '/pages/user/user');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(await page.getByTestId('update-dialog').count()).toBe(0);

    deployNewBuild(webDir, 'build 2');
    // Coming back to the foreground is one of the moments the app asks for a new build.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const dialog = page.getByTestId('update-dialog');
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.innerText()).toContain('Found a new version');
    expect(await page.getByTestId('update-version').innerText()).toBe('Version 2.0.0');
    // Rich notes arrive sanitised: the formatting stays, the script is gone.
    expect(await page.getByTestId('update-notes').innerHTML()).toBe('<p>New <b>reader</b> modes</p>');
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    // Not forced: a close icon, and a tap on the mask closes.
    expect(await page.getByTestId('update-close').count()).toBe(1);

    await page.evaluate(() => {
      (window as { beforeUpgrade?: boolean }).beforeUpgrade = true;
    });
    await page.getByTestId('update-upgrade').click();
    // The page reloads (the marker is gone) on the same route, under the new worker, without the dialog.
    await page.waitForFunction(() => !(window as { beforeUpgrade?: boolean }).beforeUpgrade, null, {
      timeout: 20_000,
    });
    await page.waitForFunction(() => location.hash.startsWith('#/pages/user/user'));
    await page.getByTestId('tab-bar').waitFor();
    expect(await page.getByTestId('update-dialog').count()).toBe(0);
    const waiting = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
    );
    expect(waiting).toBeNull();
  });
});
