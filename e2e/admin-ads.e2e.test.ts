/**
 * Growth → Ads in Chromium against the real built server: the owner (made with the real CLI, TOTP
 * sign-in) creates a home ad with an uploaded picture, watching the 375×812 preview; a reader's app
 * at 375×812 shows the floating ad with that picture where the preview put it; its impression
 * reaches the console's list; turning the ad off in the console removes it from the app.
 * Screenshots at 1440×900 (E2E_SCREENSHOTS): admin-growth-ads.png, admin-growth-ad-edit.png.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_PIC } from './support/ads-update.js';
import { go, openApp } from './support/app-session.js';
import { cspViolations } from './support/chromium.js';
import { startConsoleFixture, type ConsoleFixture } from './support/console-fixture.js';
import { queryServerDb } from './support/import-status.js';
import { keepScreenshot } from './support/screenshots.js';
import type { RunningServer } from './support/server.js';

let fixture: ConsoleFixture;
let server: RunningServer;
let reader: Page;
let console_: Page;
let adId = 0;
let picUrl = '';
/** The widget's box in the console's preview, in the phone's own 375×812 px. */
let previewBox = { x: 0, y: 0, width: 0, height: 0 };
/** The preview is drawn at 72 % (AdPreview's SCALE). */
const PREVIEW_SCALE = 0.72;
/** When the app last asked for the ad list (it asks at most every 10 s). */
let appFetchedAt = 0;

const db = <T>(sqlText: string) => queryServerDb<T>(server, sqlText);

async function closeToasts(): Promise<void> {
  for (const close of await console_.locator('.ant-notification-notice-close, .ant-message-notice').all())
    await close.click().catch(() => undefined);
  await expect.poll(() => console_.locator('.ant-notification-notice').count()).toBe(0);
}

/** What the reader's floating ad shows: its id and the picture it loaded. */
async function appWidget() {
  const widget = reader.getByTestId('ad-float');
  await widget.waitFor();
  const loaded = () =>
    widget.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  await expect.poll(loaded, { timeout: 10_000 }).toBe(true);
  return {
    id: Number(await widget.getAttribute('data-ad-id')),
    image: await widget.locator('img').evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      loaded: img.complete && img.naturalWidth > 0,
    })),
    box: (await widget.boundingBox())!,
  };
}

beforeAll(async () => {
  fixture = await startConsoleFixture({
    name: 'admin-ads',
  });
  ({ server, reader, operator: console_ } = fixture);
}, 180_000);
afterAll(async () => fixture?.close());

describe('the console’s Growth → Ads', () => {
  it('creates a home ad with an uploaded picture, previewed where the app will put it', async () => {
    await console_.goto('/admin/growth/ads');
    await console_.getByTestId('ad-create').click();
    await console_.getByTestId('ad-preview').waitFor();
    expect(await console_.getByTestId('ad-preview').getAttribute('data-page')).toBe('home');
    await console_.getByTestId('ad-name').fill('VIP half price');
    await console_.getByTestId('ad-url').fill('/pages/user/vip/vip');

    // A real PNG made from the picture the ads tests use, chosen in the file dialog.
    const svg = decodeURIComponent(AD_PIC.slice(AD_PIC.indexOf(',') + 1));
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const chooser = console_.waitForEvent('filechooser');
    await console_.getByTestId('ad-upload').click();
    await (await chooser).setFiles({ name: 'vip-sale.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => console_.getByTestId('ad-pic').inputValue(), { timeout: 15_000 })
      .toMatch(/^\/media\//);
    picUrl = await console_.getByTestId('ad-pic').inputValue();
    const preview = console_.getByTestId('ad-preview-image');
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await console_.getByTestId('ad-text-show').click();
    await console_.getByTestId('ad-text').fill('Today only');
    const frame = (await console_.getByTestId('ad-preview').boundingBox())!;
    const drawn = (await console_.getByTestId('ad-preview-widget').boundingBox())!;
    previewBox = {
      x: (drawn.x - frame.x) / PREVIEW_SCALE,
      y: (drawn.y - frame.y) / PREVIEW_SCALE,
      width: drawn.width / PREVIEW_SCALE,
      height: drawn.height / PREVIEW_SCALE,
    };
    await expect.poll(() => console_.locator('.ant-message-notice').count(), { timeout: 8_000 }).toBe(0);
    await console_.evaluate(() => {
      window.scrollTo(0, 0);
      document.querySelectorAll('main, .ant-layout-content').forEach((el) => (el.scrollTop = 0));
    });
    await console_.waitForTimeout(400);
    await keepScreenshot(console_, 'admin-growth-ad-edit');

    await console_.getByTestId('ad-save').click();
    await console_.waitForURL(/\/admin\/growth\/ads$/);
    const rows = db<{ id: number; pic: string; page: string; enabled: number }>(
      "select id, pic, page, enabled from ads where name = 'VIP half price'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pic: picUrl, page: 'home', enabled: 1 });
    adId = rows[0]!.id;
    await console_.getByTestId(`ad-status-${adId}`).waitFor();
    expect(await console_.getByTestId(`ad-status-${adId}`).textContent()).toBe('Live');
    expect(await cspViolations(console_)).toEqual([]);
  }, 120_000);

  it('the reader’s app at 375×812 shows the floating ad with that picture, and counts it', async () => {
    // The ad list is asked for by the shell's extras, after the landing page: the 10 s the app
    // keeps it run from that answer, not from the launch.
    const listed = reader.waitForResponse((response) => response.url().includes('/v3/ad/sort_ads'));
    await openApp(reader);
    await listed;
    appFetchedAt = Date.now();
    const widget = await appWidget();
    expect(widget.id).toBe(adId);
    expect(widget.image.loaded).toBe(true);
    expect(new URL(widget.image.src).pathname).toBe(picUrl);
    expect(await reader.getByTestId('ad-float').innerText()).toContain('Today only');
    // The default anchor is right-bottom (12px, 80px): right half, above the 50 px tab bar.
    const viewport = reader.viewportSize()!;
    expect(viewport).toEqual({ width: 375, height: 812 });
    expect(widget.box.x).toBeGreaterThan(viewport.width / 2);
    expect(Math.round(widget.box.x + widget.box.width)).toBe(viewport.width - 12);
    expect(Math.round(widget.box.y + widget.box.height)).toBe(viewport.height - 50 - 80);
    // …exactly where the console's preview put it (within rounding of the scaled drawing).
    for (const side of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(previewBox[side] - widget.box[side]), side).toBeLessThan(2);

    // The impression is written within the server's flush interval, then the list shows it.
    await expect
      .poll(
        () =>
          db<{ n: number }>(`select impressions as n from ad_stats_daily where ad_id = ${adId}`)[0]?.n ?? 0,
        {
          timeout: 20_000,
          interval: 1_000,
        },
      )
      .toBe(1);
    await console_.reload();
    await console_.getByTestId(`ad-row-${adId}`).waitFor();
    await expect.poll(() => console_.getByTestId(`ad-row-${adId}`).innerText()).toContain('0.00%');
    await closeToasts();
    await console_.waitForTimeout(300);
    await keepScreenshot(console_, 'admin-growth-ads');

    // The ad's page charts it per day: today's bar holds the impression.
    await console_.getByTestId(`ad-edit-${adId}`).click();
    const stats = console_.getByTestId('ad-stats');
    await stats.waitFor();
    await expect.poll(() => stats.locator('.ant-statistic-content-value').first().innerText()).toBe('1');
    await expect.poll(() => stats.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await stats.scrollIntoViewIfNeeded();
    await console_.waitForTimeout(300);
    await keepScreenshot(console_, 'admin-growth-ad-stats');
    await console_.goto('/admin/growth/ads');
    await console_.getByTestId(`ad-row-${adId}`).waitFor();
  }, 120_000);

  it('turning the ad off in the console removes it from the app', async () => {
    await console_.getByTestId(`ad-toggle-${adId}`).click();
    await expect.poll(() => console_.getByTestId(`ad-status-${adId}`).textContent()).toBe('Off');
    expect(db<{ enabled: number }>(`select enabled from ads where id = ${adId}`)[0]!.enabled).toBe(0);

    // The app asks for the list at most every 10 s: the next visit after that has no ad.
    await reader.waitForTimeout(Math.max(0, appFetchedAt + 10_500 - Date.now()));
    await go(reader, '/pages/sort/sort');
    await go(reader, '/pages/home/home');
    await reader.getByTestId('tab-bar').waitFor();
    await expect.poll(() => reader.getByTestId('ad-float').count(), { timeout: 10_000 }).toBe(0);
    await reader.reload();
    await reader.getByTestId('tab-bar').waitFor();
    await reader.waitForTimeout(800);
    expect(await reader.getByTestId('ad-float').count()).toBe(0);

    const actions = db<{ action: string }>(
      "select action from audit_log where action like 'ad%' order by id",
    ).map((row) => row.action);
    expect(actions).toEqual(['ad_image.upload', 'ad.create', 'ad.disable']);
  }, 60_000);
});
