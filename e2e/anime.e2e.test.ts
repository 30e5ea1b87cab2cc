/**
 * Anime in Chromium against the real built server with TRANSCODE on: a small generated library is
 * imported into a fresh DATA_DIR before start, the server packages it to HLS in the background,
 * and the browser plays episode 1 (time advances), switches quality and subtitles, leaves and
 * comes back to resume near the saved position. A guest cannot fetch a VIP episode's key,
 * playlists or segments (and what is stored is encrypted); a corrupt source shows its failure reason.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerAndBrowser } from './support/harness.js';
import { executeServerDb, queryServerDb } from './support/import-status.js';
import { createDatabase } from '../packages/server/src/db/database.js';
import { migrateToLatest } from '../packages/server/src/db/migrator.js';
import { runImport } from '../packages/server/src/import/library-importer.js';
import { LocalMediaStore } from '../packages/server/src/media/local-media-store.js';
import { cspViolations, newPhoneContext } from './support/chromium.js';
import { writeClip } from './support/anime-library.js';
import { keepScreenshot, newThemedContext, settle, THEMES } from './support/screenshots.js';
import { E2E_KEYS, type RunningServer } from './support/server.js';
import { buildWork } from '../packages/server/src/testing/catalogue-factory.js';

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let workId = 0;
const episodeIds: number[] = [];
/** Two more anime (a VIP one with a cover, one without) and a comic, for "also watched" and search. */
const more = { vip: 0, coverless: 0, comic: 0 };

async function importLibrary(): Promise<void> {
  const show = join(dataDir, 'library/anime/Pixel Garden');
  mkdirSync(show, { recursive: true });
  writeClip(join(show, 'Pixel Garden - 01.mp4'), 30);
  writeFileSync(
    join(show, 'Pixel Garden - 01.en.srt'),
    '1\n00:00:00,000 --> 00:00:29,000\nGood morning, garden\n',
  );
  writeClip(join(show, 'Pixel Garden - 02.mp4'), 3, '320x240');
  writeClip(join(show, 'Pixel Garden - 03.mp4'), 3, '320x240');
  const db = createDatabase({ databaseUrl: null, sqlitePath: join(dataDir, 'app.db') });
  try {
    await migrateToLatest(db);
    await runImport({
      root: join(dataDir, 'library'),
      db,
      media: new LocalMediaStore(join(dataDir, 'media')),
      xorKey: E2E_KEYS.imageXorKey,
      dataDir,
    });
    const work = await db.selectFrom('works').select('id').where('type', '=', 2).executeTakeFirstOrThrow();
    workId = work.id;
    const rows = await db
      .selectFrom('chapters')
      .select('id')
      .where('work_id', '=', workId)
      .orderBy('sort_order')
      .execute();
    episodeIds.push(...rows.map((row) => row.id));
    await db.updateTable('chapters').set({ pay: 2 }).where('id', '=', episodeIds[1]!).execute();
    const media = { store: new LocalMediaStore(join(dataDir, 'media')), xorKey: E2E_KEYS.imageXorKey };
    more.vip = (await buildWork(db, media, { type: 2, title: 'Moon Harbor', pay: 2 })).id;
    more.coverless = (await buildWork(db, null, { type: 2, title: 'Paper Lanterns' })).id;
    // A comic whose title starts as the anime's does: the anime search must not suggest it.
    more.comic = (await buildWork(db, null, { type: 0, title: 'Pixel Gardens Cookbook' })).id;
  } finally {
    await db.destroy();
  }
  // Episode 3's file is damaged after the import (a partial copy): its job must fail, alone.
  writeFileSync(join(show, 'Pixel Garden - 03.mp4'), Buffer.alloc(8192, 3));
}

/** A transcode job row, from the running server's database (SQLite, or a cluster's PostgreSQL). */
function job(chapterId: number): { status: string; output_prefix: string } | undefined {
  return queryServerDb<{ status: string; output_prefix: string }>(
    server,
    `select status, output_prefix from transcode_jobs where chapter_id = ${chapterId}`,
  )[0];
}

async function waitForJobs(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const states = episodeIds.map((id) => job(id)?.status);
    if (states.every((s) => s === 'ready' || s === 'failed')) return;
    if (Date.now() > deadline) throw new Error(`transcode jobs not finished: ${states.join(', ')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The player's pages, kept when E2E_SCREENSHOTS is set (docs/screenshots/anime-*.png). */
const shot = (name: string) => keepScreenshot(page, `anime-${name}`);

const videoTime = () => page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.currentTime);

async function showControls(): Promise<void> {
  if ((await page.getByTestId('video-player').getAttribute('class'))?.includes('--controls')) return;
  await page.getByTestId('player-surface').click({ position: { x: 187, y: 100 } });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-anime-'));
  await importLibrary();
  // The recommendations job runs every 2 s here, so "also watched" follows what viewers did.
  [server, browser] = await startServerAndBrowser({
    DATA_DIR: dataDir,
    TRANSCODE: 'on',
    RECOMMENDATIONS_INTERVAL_S: '2',
  });
  await waitForJobs();
  context = await newPhoneContext(browser, server.baseURL);
  page = await context.newPage();
  await page.goto('/');
  await page.waitForFunction(() => location.hash.includes('/pages/home/home'));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('anime in the browser', () => {
  it('plays episode 1, switches quality and subtitles, and resumes after leaving', async () => {
    // The anime tab lists the imported show as a card that opens its details.
    await page.goto('/#/pages/anime/anime');
    await page.getByTestId('anime-feed').getByText('Pixel Garden').waitFor();
    await shot('tab');
    await page.getByTestId('anime-feed').getByText('Pixel Garden').click();
    await page.waitForFunction((id) => location.hash.includes(`/pages/anime/details?id=${id}`), workId);
    await page.getByTestId('anime-detail').waitFor();
    await expect.poll(() => page.getByTestId('episode-1').getAttribute('data-status')).toBe('ready');
    await shot('details');
    await page.getByTestId('episode-1').click();
    await page.getByTestId('video-player').waitFor();
    await page.getByTestId('video').evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(videoTime, { timeout: 20_000 }).toBeGreaterThan(1);

    await showControls();
    await page.getByTestId('player-quality').click();
    await page.getByTestId('player-quality-360').click();
    await expect.poll(() => page.getByTestId('player-quality').textContent()).toBe('360p');
    await expect
      .poll(() => page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.videoHeight), {
        timeout: 15_000,
      })
      .toBe(360);
    const afterSwitch = await videoTime();
    await expect.poll(videoTime, { timeout: 15_000 }).toBeGreaterThan(afterSwitch + 1);

    await showControls();
    await page.getByTestId('player-subtitles').click();
    // A track is named by its language in the reader's language, not by its code.
    expect(await page.getByTestId('player-subtitle-0').textContent()).not.toMatch(/^[a-z]{2,3}$/);
    await page.getByTestId('player-subtitle-0').click();
    await expect
      .poll(() =>
        page.getByTestId('video').evaluate((v: HTMLVideoElement) => {
          const track = v.textTracks[0];
          return track ? `${track.mode}:${track.cues?.length ?? 0}` : 'none';
        }),
      )
      .toBe('showing:1');

    // Jump ahead, let the player save, then leave for the details page.
    await page.getByTestId('video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = 12;
    });
    await expect.poll(videoTime).toBeGreaterThan(12);
    await page.goBack();
    await page.getByTestId('anime-detail').waitFor();
    await expect.poll(() => page.getByTestId('detail-play').textContent()).toContain('Continue');

    await page.getByTestId('detail-play').click();
    await page.getByTestId('video-player').waitFor();
    await page.getByTestId('video').evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    // From 0 it could not reach 10.5 s within 6 s: only a resume does.
    await expect.poll(videoTime, { timeout: 6_000 }).toBeGreaterThan(10.5);
    expect(await videoTime()).toBeLessThan(20);
    await shot('player');

    // History says it is an episode watched to a time, and Continue opens the player.
    await page.goto('/#/pages/book/history');
    const item = page.getByTestId(`history-item-${workId}`);
    await item.waitFor();
    expect(await item.textContent()).toContain('Anime');
    expect(await item.getByTestId('history-place').textContent()).toMatch(/at 0:1\d/);
    await item.click();
    await page.getByTestId('video-player').waitFor();
  }, 120_000);

  it('shows why a corrupt episode cannot play', async () => {
    await page.goto(`/#/pages/anime/player?id=${workId}&ep=${episodeIds[2]}`);
    await expect.poll(() => page.getByTestId('episode-note').getAttribute('data-kind')).toBe('failed');
    const reason = await page.getByTestId('episode-failure-reason').textContent();
    expect(reason).toMatch(/Invalid data|moov atom/);
    expect(reason).toContain('Pixel Garden - 03.mp4');
    expect(reason).not.toContain(dataDir);
    await shot('failed');
  });

  it('keeps a VIP episode from a guest: the player says so and the key and segments are refused', async () => {
    await page.goto(`/#/pages/anime/player?id=${workId}&ep=${episodeIds[1]}`);
    await expect.poll(() => page.getByTestId('episode-note').getAttribute('data-kind')).toBe('vip');
    const key = await page.request.get(`/v3/anime/key?chapter_id=${episodeIds[1]}`);
    expect(key.status()).toBe(403);
    const row = job(episodeIds[1]!);
    // The package is not public media: only the access-checked HLS route serves it.
    for (const file of ['v240/index.m3u8', 'v240/seg_0000.ts']) {
      expect((await page.request.get(`/media/${row!.output_prefix}/${file}`)).status()).toBe(404);
      expect((await page.request.get(`/v3/anime/hls/${episodeIds[1]}/${file}`)).status()).toBe(403);
    }
    // And what is stored is encrypted: not a readable MPEG-TS packet. Read from the local media
    // folder; a cluster keeps its media in the S3 server (same packager, checked on one server).
    if (server.databaseUrl === undefined) {
      const stored = readFileSync(join(dataDir, 'media', row!.output_prefix, 'v240/seg_0000.ts'));
      expect(stored[0]).not.toBe(0x47);
    }
  });

  it('plays the encrypted VIP episode once the session is VIP (its playlist names a signed key URL)', async () => {
    const uid = Number(await page.evaluate(() => localStorage.getItem('uid')));
    const until = Math.floor(Date.now() / 1000) + 86_400;
    executeServerDb(server, `update users set vip = 1, viptime = ${until} where id = ${uid}`);
    await page.goto(`/#/pages/anime/details?id=${workId}`);
    await page.goto(`/#/pages/anime/player?id=${workId}&ep=${episodeIds[1]}`);
    await page.getByTestId('video-player').waitFor();
    await page.getByTestId('video').evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(videoTime, { timeout: 15_000 }).toBeGreaterThan(1);
    await expect(page.getByTestId('player-error').count()).resolves.toBe(0);
  });

  it('names the price of a locked next episode: coins for a coin episode, not VIP', async () => {
    // Episode 3 becomes a coin episode: VIP does not open it, so it stays locked for this VIP session.
    executeServerDb(server, `update chapters set pay = 1 where id = ${episodeIds[2]}`);
    await page.goto(`/#/pages/anime/details?id=${workId}`);
    await page.goto(`/#/pages/anime/player?id=${workId}&ep=${episodeIds[1]}`);
    const next = page.getByTestId('player-next');
    await expect.poll(() => next.textContent(), { timeout: 10_000 }).toBe('Next episode (coins)');
  });

  it('searches anime under the default bar titled "Search anime", with themed antd-mobile controls', async () => {
    await page.goto('/#/pages/anime/search');
    await page.getByTestId('anime-search-page').waitFor();
    expect(await page.getByTestId('nav-title').textContent()).toBe('Search anime');
    const field = page.getByTestId('anime-search-input');
    expect(await field.getAttribute('class')).toContain('adm-search-bar');
    await field.locator('input').fill('Pixel');
    // antd-mobile's clear icon, in the theme's colours (the browser's blue cross is hidden).
    const clear = field.locator('.adm-input-clear');
    await clear.waitFor();
    await page.getByTestId('anime-search-submit').click();
    await page.locator('[data-testid="anime-search-results"][data-state="ready"]').waitFor();
    // A toast left from an earlier page would cover the picture.
    await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await shot('search-light');
    await page.evaluate(() => localStorage.setItem('themeName', 'dark'));
    await page.reload();
    await page.locator('[data-testid="anime-search-results"][data-state="ready"]').waitFor();
    await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await shot('search-dark');
    await page.evaluate(() => localStorage.setItem('themeName', 'light'));
    await page.reload();
    await clear.waitFor();
    await clear.click();
    expect(await field.locator('input').inputValue()).toBe('');

    // The player's "Autoplay next" is antd-mobile's checkbox, ticked in the theme colour.
    await page.goto(`/#/pages/anime/player?id=${workId}&ep=${episodeIds[0]}`);
    const autoplay = page.getByTestId('player-autoplay');
    await autoplay.waitFor();
    expect(await autoplay.getAttribute('class')).toContain('adm-checkbox-checked');
    const tick = await autoplay
      .locator('.adm-checkbox-icon')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--primary-color').trim(),
    );
    const hex = (rgb: string) =>
      `#${(rgb.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('')}`;
    expect(hex(tick)).toBe(primary.toLowerCase());
    await autoplay.click();
    await expect.poll(() => autoplay.getAttribute('class')).not.toContain('adm-checkbox-checked');
    expect(await page.evaluate(() => localStorage.getItem('animeAutoplay'))).toBe('0');
    await autoplay.click();
  });

  it('shows what viewers of an anime also watched, anime only, each card opening its anime', async () => {
    // Two viewers favourite the three anime and the comic; favourites count as watching.
    for (let i = 0; i < 2; i++) {
      const viewer = await newPhoneContext(browser, server.baseURL);
      const tab = await viewer.newPage();
      for (const path of [
        ...[workId, more.vip, more.coverless].map((id) => `/#/pages/anime/details?id=${id}`),
        `/#/pages/cartoon/details?column=${more.comic}`,
      ]) {
        await tab.goto(path);
        const favorite = tab.getByTestId('detail-favorite');
        // The hash changed in the same page: wait for this work's button, not the last one's.
        await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('false');
        // The heart is there on every kind's detail, outlined, then filled once tapped.
        expect(await favorite.locator('svg path').getAttribute('fill')).toBe('none');
        await favorite.click();
        await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('true');
        expect(await favorite.locator('svg path').getAttribute('fill')).toBe('currentColor');
      }
      await viewer.close();
    }
    // Once the job has run, the anime's detail has the row, with the other two anime in it.
    const row = page.getByTestId('detail-also-read');
    await expect
      .poll(
        async () => {
          await page.goto(`/#/pages/anime/details?id=${workId}`);
          await page.reload();
          await page.getByTestId('anime-detail').waitFor();
          return row.locator('[data-testid^="work-card-"]').count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(2);
    expect(await row.locator('h2').textContent()).toBe('Viewers of this also watched');
    // The comic its viewers also read is not an anime: not in this row.
    expect(await row.getByTestId(`work-card-${more.comic}`).count()).toBe(0);
    // The VIP anime carries the VIP mark, the one without a cover its generated cover.
    await row.getByTestId(`work-card-${more.vip}`).getByTestId('card-vip').waitFor();
    await row.getByTestId(`work-card-${more.coverless}`).getByTestId('generated-cover').waitFor();
    for (const theme of THEMES) {
      const themed = await newThemedContext(browser, server.baseURL, theme);
      const themedPage = await themed.newPage();
      await themedPage.goto(`/#/pages/anime/details?id=${workId}`);
      const themedRow = themedPage.getByTestId('detail-also-read');
      await themedRow.waitFor();
      await themedRow.scrollIntoViewIfNeeded();
      await settle(themedPage);
      await keepScreenshot(themedPage, `anime-also-watched-${theme}`);
      await themed.close();
    }
    await row.getByTestId(`work-card-${more.vip}`).click();
    await page.waitForFunction((id) => location.hash.includes(`/pages/anime/details?id=${id}`), more.vip);
    await page.getByText('Moon Harbor').first().waitFor();
  }, 90_000);

  it('suggests anime titles as the viewer types, opening the anime, and says what it searched', async () => {
    await page.goto('/#/pages/anime/search');
    await page.getByTestId('anime-search-input').locator('input').fill('pixel gar');
    const suggestion = page.getByTestId('search-suggestion').filter({ hasText: 'Pixel Garden' });
    await suggestion.waitFor();
    expect(await suggestion.getAttribute('data-kind')).toBe('title');
    // Only anime: the comic whose title starts the same is not offered here.
    expect(await page.getByTestId('search-suggestion').filter({ hasText: 'Cookbook' }).count()).toBe(0);
    for (const theme of THEMES) {
      const themed = await newThemedContext(browser, server.baseURL, theme);
      const themedPage = await themed.newPage();
      await themedPage.goto('/#/pages/anime/search');
      await themedPage.getByTestId('anime-search-input').locator('input').fill('pixel gar');
      await themedPage.getByTestId('search-suggestion').first().waitFor();
      await settle(themedPage);
      await keepScreenshot(themedPage, `anime-search-suggest-${theme}`);
      await themed.close();
    }
    await suggestion.click();
    await page.waitForFunction((id) => location.hash.includes(`/pages/anime/details?id=${id}`), workId);
    await page.getByTestId('anime-detail').waitFor();

    // A mistyped word is read as the title it nearly spells, and the page says so.
    await page.goto(`/#/pages/anime/search?keyword=${encodeURIComponent('Pixel Gardan')}`);
    await page.getByTestId(`work-card-${workId}`).waitFor();
    const corrected = page.getByTestId('search-did-you-mean');
    expect(await corrected.textContent()).toMatch(/Showing results for “pixel garden”/i);
    await corrected.getByRole('button').click();
    await expect
      .poll(() => page.getByTestId('anime-search-input').locator('input').inputValue())
      .toBe('pixel garden');
    await expect.poll(() => page.getByTestId('search-did-you-mean').count()).toBe(0);
  });

  it("draws a coverless work's generated cover in home's banner, not an icon", async () => {
    // The only comic has no cover, so it is the comics banner's one slide.
    await page.goto('/#/pages/home/home');
    const slide = page.getByTestId('home-banner').getByTestId('banner-slide-0');
    await slide.getByTestId('generated-cover').waitFor();
    expect(await slide.textContent()).toContain('Pixel Gardens Cookbook');
    expect(await page.getByTestId('banner-placeholder').count()).toBe(0);
    for (const theme of THEMES) {
      const themed = await newThemedContext(browser, server.baseURL, theme);
      const themedPage = await themed.newPage();
      await themedPage.goto('/#/pages/home/home');
      await themedPage.getByTestId('home-banner').getByTestId('generated-cover').waitFor();
      await settle(themedPage);
      await keepScreenshot(themedPage, `home-banner-generated-${theme}`);
      await themed.close();
    }
  });

  it('played under the content security policy: nothing the player needed was blocked', async () => {
    expect(await cspViolations(page)).toEqual([]);
  });
});
