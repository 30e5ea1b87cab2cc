/**
 * The Catalogue's second part as an operator uses it, against the built server in Chromium: the CLI
 * creates the owner, who signs in with TOTP; (1) uploads a red cover for a comic, and a reader in
 * the app (375×812) sees it on the work's page; (2) chooses a banner with a blue picture of its own
 * and pins a recommended work, previews and saves, and the reader's home shows that banner first
 * and the pinned work first among the recommendations; (3) merges a comic the reader keeps on the
 * shelf into another: the shelf then holds the kept one and the duplicate's page is gone. No CSP
 * violation on either side. Pictures (E2E_SCREENSHOTS): admin-catalogue-cover, admin-home-banners,
 * admin-catalogue-merge at 1440×900.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations } from './support/chromium.js';
import { startConsoleFixture, type ConsoleFixture } from './support/console-fixture.js';
import { keepScreenshot } from './support/screenshots.js';
import { seedCatalogue, type SeededCatalogue } from './support/seed-catalogue.js';

let fixture: ConsoleFixture;
let seeded: SeededCatalogue;
let reader: Page;
let operator: Page;

beforeAll(async () => {
  fixture = await startConsoleFixture({
    name: 'catmore',
    prepare: async (dir) => {
      seeded = await seedCatalogue(dir, { works: 4, chapters: 2, pages: 3, novels: 0 });
    },
  });
  ({ reader, operator } = fixture);
}, 180_000);
afterAll(async () => fixture?.close());

async function picture(name: string, width: number, height: number, color: string): Promise<string> {
  const path = join(fixture.dataDir, name);
  writeFileSync(
    path,
    await sharp({ create: { width, height, channels: 3, background: color } })
      .png()
      .toBuffer(),
  );
  return path;
}

/** The colour at the centre of a decoded image on the page, and its natural width. */
async function centre(img: Locator): Promise<{ r: number; g: number; b: number; width: number }> {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  return img.evaluate((el: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(el, 0, 0);
    const [r, g, b] = context.getImageData(el.naturalWidth >> 1, el.naturalHeight >> 1, 1, 1).data;
    return { r: r!, g: g!, b: b!, width: el.naturalWidth };
  });
}

/** Closes the console's toasts so pictures show the page itself. */
async function closeNotices(): Promise<void> {
  const notices = operator.locator('.ant-notification-notice');
  while ((await notices.count()) > 0) {
    await operator
      .locator('.ant-notification-notice-close')
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    await operator.waitForTimeout(200);
  }
}

/** Types into an Ant Design search select and picks the option containing `text`. */
async function choose(select: Locator, text: string): Promise<void> {
  await select.click();
  await select.locator('input').fill(text);
  await operator
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first()
    .click();
  // Closed (antd keeps a closed dropdown in the page, hidden), so pictures show the page itself.
  await expect
    .poll(() => operator.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count())
    .toBe(0);
}

describe('Catalogue: cover, home banners, merge', () => {
  it('uploads a cover: the app shows it on the work’s page', async () => {
    const comic = seeded.comics[0]!;
    await operator.goto('/admin/catalogue');
    await operator.getByTestId('catalogue-search').fill(comic.title);
    await operator.getByTestId('catalogue-search').press('Enter');
    await operator.getByTestId(`work-${comic.id}`).click();
    const panel = operator.getByTestId('cover-panel');
    await panel.waitFor();
    const before = await operator.getByTestId('cover-thumb').locator('img').getAttribute('src');
    await panel.locator('input[type=file]').setInputFiles(await picture('red.png', 600, 800, '#d02020'));
    await operator.locator('.ant-notification-notice-success').waitFor();
    await expect
      .poll(() => operator.getByTestId('cover-thumb').locator('img').getAttribute('src'))
      .not.toBe(before);
    await operator.getByTestId('work-authors').waitFor();
    await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await closeNotices();
    await keepScreenshot(operator, 'admin-catalogue-cover');
    // The page picker shows the chapter's pages as thumbnails.
    await operator.getByTestId('cover-pick').click();
    await operator.getByTestId('picker-page-2').waitFor();
    await operator.keyboard.press('Escape');

    await reader.goto(`/#/pages/cartoon/details?column=${comic.id}`);
    const cover = reader.locator('.work-detail__cover img');
    const seen = await centre(cover);
    expect(seen.width).toBe(360);
    expect(seen.r).toBeGreaterThan(160);
    expect(seen.g).toBeLessThan(80);
  });

  it('chooses a banner with its own picture and pins a recommendation: the app’s home follows', async () => {
    const [, banner, pinned] = seeded.comics;
    await operator.goto('/admin/catalogue/home');
    await operator.getByTestId('home-picks').waitFor();
    await choose(operator.getByTestId('banner-add'), banner!.title);
    await operator.getByTestId('banner-0').waitFor();
    await operator
      .getByTestId('banner-0')
      .locator('input[type=file]')
      .setInputFiles(await picture('blue.png', 1600, 600, '#2050d0'));
    await operator.locator('.ant-notification-notice-success').first().waitFor();
    await choose(operator.getByTestId('reco-add'), pinned!.title);
    await operator.getByTestId('reco-0').waitFor();
    await operator.getByTestId('home-preview').click();
    await operator.getByTestId('preview-banner').first().waitFor();
    expect(await operator.getByTestId('preview-banner').count()).toBe(1);
    expect(await operator.getByTestId('preview-reco').locator('li').first().textContent()).toBe(
      pinned!.title,
    );
    await operator.getByTestId('home-save').click();
    await operator.locator('.ant-notification-notice-success', { hasText: 'Saved' }).waitFor();
    await operator.locator('.ant-tag', { hasText: 'Chosen by operators' }).waitFor();
    await operator
      .getByTestId('preview-banner')
      .locator('img')
      .evaluate((el: HTMLImageElement) => el.decode());
    await closeNotices();
    await keepScreenshot(operator, 'admin-home-banners');

    await reader.goto('/#/pages/home/home?tab=0');
    const slide = reader.getByTestId('banner-slide-0');
    await slide.waitFor();
    expect(await reader.getByTestId('home-banner').locator('[data-testid^="banner-slide-"]').count()).toBe(1);
    expect(await slide.locator('.banner__title').textContent()).toBe(banner!.title);
    const seen = await centre(slide.locator('img'));
    expect(seen.width).toBe(1080);
    expect(seen.b).toBeGreaterThan(160);
    expect(seen.r).toBeLessThan(80);
    const firstReco = reader.getByTestId('home-reco').locator('[data-testid^="work-card-"]').first();
    await firstReco.waitFor();
    expect(await firstReco.getAttribute('data-testid')).toBe(`work-card-${pinned!.id}`);
  });

  it('merges a duplicate: the reader’s shelf now holds the kept work and the duplicate is gone', async () => {
    const [keep, , , dupe] = seeded.comics;
    await reader.goto(`/#/pages/cartoon/details?column=${dupe!.id}`);
    const heart = reader.getByTestId('detail-favorite');
    await heart.waitFor();
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    await operator.goto('/admin/catalogue/merge');
    await choose(operator.getByTestId('merge-keep'), keep!.title);
    await choose(operator.getByTestId('merge-away'), dupe!.title);
    await operator.getByTestId('merge-preview').click();
    const plan = operator.getByTestId('merge-plan');
    await plan.waitFor();
    expect(await plan.textContent()).toContain(dupe!.title);
    await keepScreenshot(operator, 'admin-catalogue-merge');
    await operator.getByTestId('merge-run').click();
    await operator.locator('.ant-popconfirm .ant-btn-primary').click();
    await operator.locator('.ant-notification-notice-success', { hasText: 'Merged' }).waitFor();

    // A fresh load (the page of B was open before, with its answer cached).
    await reader.goto(`/#/pages/cartoon/details?column=${dupe!.id}`);
    await reader.reload();
    await reader.getByTestId('detail-missing').waitFor();
    await reader.goto('/#/pages/book/book');
    await reader.reload();
    await reader.getByTestId(`shelf-item-${keep!.id}`).waitFor();
    expect(await reader.getByTestId(`shelf-item-${dupe!.id}`).count()).toBe(0);
    expect(await cspViolations(reader)).toEqual([]);
    expect(await cspViolations(operator)).toEqual([]);
  });
});
