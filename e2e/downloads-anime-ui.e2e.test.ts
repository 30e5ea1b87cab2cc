/**
 * Downloading episodes from an anime's detail page as a guest, against the real built server with
 * TRANSCODE on: the sheet offers only the unlocked, packaged episodes and a quality; asking for a
 * quality the episode does not have stores the closest one below it, and the Downloads page and the
 * episode list say so. With E2E_SCREENSHOTS set it keeps the sheet, light and dark.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAnimeLibrary, setEpisodePay, waitForPackaging, writeClip } from './support/anime-library.js';
import { go, openApp } from './support/app-session.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { keepScreenshot, settle, THEMES } from './support/screenshots.js';
import type { RunningServer } from './support/server.js';

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let workId = 0;
const episodeIds: number[] = [];

/** Two 3-second episodes (packaged as 480p and 360p); the second is VIP, locked for a guest. */
async function importShow(): Promise<void> {
  const show = join(dataDir, 'library/anime/Pixel Garden');
  mkdirSync(show, { recursive: true });
  writeClip(join(show, 'Pixel Garden - 01.mp4'), 3);
  writeClip(join(show, 'Pixel Garden - 02.mp4'), 3);
  const imported = await importAnimeLibrary(dataDir);
  workId = imported.workId;
  episodeIds.push(...imported.episodeIds);
  await setEpisodePay(dataDir, [episodeIds[1]!], 2);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-downloads-anime-'));
  await importShow();
  [server, browser] = await startServerAndBrowser({ DATA_DIR: dataDir, TRANSCODE: 'on' });
  await waitForPackaging(server, episodeIds);
  context = await newPhoneContext(browser, server.baseURL);
  page = await context.newPage();
  await openApp(page);
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function openSheet(): Promise<void> {
  await go(page, `/pages/anime/details?id=${workId}`);
  await page.getByTestId('anime-detail').waitFor();
  await page.getByTestId('detail-download').click();
  await page.getByTestId('download-sheet').waitFor();
}

describe('downloading episodes', () => {
  it('stores the unlocked episode in the closest quality and marks it in the episode list', async () => {
    const [free, vip] = episodeIds;
    for (const theme of THEMES) {
      await page.evaluate((name) => localStorage.setItem('themeName', name), theme);
      await page.reload();
      await openSheet();
      await page.getByTestId('download-quality-720p').click();
      await settle(page);
      await keepScreenshot(page, `downloads-sheet-anime-${theme}`);
    }
    await page.evaluate(() => localStorage.setItem('themeName', 'light'));

    // The VIP episode is locked for a guest: only the free one is offered.
    const count = (option: string) =>
      page.getByTestId(`download-option-${option}`).locator('.download-sheet__count').textContent();
    expect(await count('all')).toBe('1');
    await page.getByTestId('download-locked-note').waitFor();
    expect(await page.getByTestId('download-quality-720p').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('download-option-all').click();
    await page.getByTestId('download-start').click();
    await expect
      .poll(() => page.getByTestId('download-toast').textContent())
      .toContain('Downloading 1 episode');

    await page.getByTestId('download-toast-view').click();
    await page.getByTestId('downloads-page').waitFor();
    const item = page.getByTestId(`download-item-${free}`);
    await page
      .locator(`[data-testid="download-item-${free}"][data-state="done"]`)
      .waitFor({ timeout: 60_000 });
    // Asked for 720p; the episode has 480p and 360p: 480p is what was stored, and what it says.
    expect(await item.getAttribute('data-quality')).toBe('480p');
    expect(Number(await item.getAttribute('data-bytes'))).toBeGreaterThan(10_000);
    const storedMaster = await page.evaluate(async () => {
      const cache = await caches.open('dm51-downloads-v1');
      const master = (await cache.keys()).find((request) =>
        new URL(request.url).pathname.endsWith('master.m3u8'),
      );
      return master ? (await cache.match(master))!.text() : '';
    });
    expect(storedMaster.match(/RESOLUTION=\d+x(\d+)/g)).toEqual(['RESOLUTION=640x480']);
    expect(await item.getByTestId(`download-status-${free}`).textContent()).toMatch(
      /^Downloaded · [\d.]+ (kB|MB) · 480p$/,
    );
    expect(await page.getByTestId(`download-item-${vip}`).count()).toBe(0);
    expect(
      await page.getByTestId(`download-work-anime-${workId}`).locator('.download-work__meta').textContent(),
    ).toMatch(/^Anime · 1 episode · /);

    // The episode list marks it; a done episode opens in the player.
    await go(page, `/pages/anime/details?id=${workId}`);
    await page.getByTestId(`episode-downloaded-${free}`).waitFor();
    expect(await page.getByTestId(`episode-downloaded-${vip}`).count()).toBe(0);
    await go(page, '/pages/user/downloads');
    await page.getByTestId(`download-open-${free}`).click();
    await page.getByTestId('video-player').waitFor();
  });

  it('downloads the episode being watched from the player, and marks it there', async () => {
    const free = episodeIds[0]!;
    // The same episode, downloaded afresh from the player this time.
    await go(page, '/pages/user/downloads');
    await page.getByTestId('downloads-delete-all').click();
    await page.locator('.adm-dialog-button', { hasText: 'Delete' }).click();
    await page.getByTestId('downloads-empty').waitFor();
    await go(page, `/pages/anime/player?id=${workId}&ep=${free}`);
    await page.getByTestId('player-download').click();
    await page.getByTestId('download-sheet').waitFor();
    await page.getByTestId('download-option-this').click();
    await page.getByTestId('download-start').click();
    await page.getByTestId(`episode-downloaded-${free}`).waitFor({ timeout: 60_000 });
  });
});
