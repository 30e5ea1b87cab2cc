/**
 * Offline downloads as a guest on a phone, against the real built server on a seeded catalogue: the
 * download sheet of a comic's detail page (locked chapters left out), the toast's way to the
 * Downloads page, the chapters there done with their size and page count, the "downloaded" marks in
 * the chapter list, opening a download, deleting one, and the page with no connection. With
 * E2E_SCREENSHOTS set it also keeps the sheet and the page in several states, light and dark.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { go, openApp } from './support/app-session.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { keepScreenshot, settle, THEMES, type Theme } from './support/screenshots.js';
import { seedCatalogue, type SeededCatalogue, type SeededWork } from './support/seed-catalogue.js';
import type { RunningServer } from './support/server.js';

const PAGES = 4;
const DOWNLOADS = '/pages/user/downloads';

let dataDir: string;
let seeded: SeededCatalogue;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-downloads-'));
  // Six chapters a comic: the last one is VIP, locked for a guest.
  seeded = await seedCatalogue(dataDir, { works: 2, chapters: 6, pages: PAGES, novels: 1 });
  [server, browser] = await startServerAndBrowser({ DATA_DIR: dataDir });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  context = await newPhoneContext(browser, server.baseURL);
  page = await context.newPage();
  await openApp(page);
});

afterEach(async () => {
  await context.close();
});

async function openDetail(comic: SeededWork): Promise<void> {
  await go(page, `/pages/cartoon/details?column=${comic.id}`);
  await page.getByTestId('work-detail').waitFor();
}

async function openSheet(): Promise<void> {
  await page.getByTestId('detail-download').click();
  await page.getByTestId('download-sheet').waitFor();
}

/** The number an option of the sheet would queue. */
async function optionCount(option: string): Promise<number> {
  return Number(
    await page.getByTestId(`download-option-${option}`).locator('.download-sheet__count').textContent(),
  );
}

async function waitForDone(chapterId: number): Promise<void> {
  await page
    .locator(`[data-testid="download-item-${chapterId}"][data-state="done"]`)
    .waitFor({ timeout: 30_000 });
}

/** Switches the theme the way the settings toggle stores it, and draws the page again. */
async function showIn(theme: Theme): Promise<void> {
  await page.evaluate((name) => localStorage.setItem('themeName', name), theme);
  await page.reload();
}

describe('downloading chapters from a comic’s detail page', () => {
  it('queues only unlocked chapters and shows them done with their size and pages', async () => {
    const comic = seeded.comics[0]!;
    const [first, second, third, fourth] = comic.chapters;
    const vip = comic.chapters.at(-1)!;
    await openDetail(comic);
    await openSheet();

    // The VIP chapter is locked for a guest: left out of every choice, and the sheet says so.
    expect(await optionCount('all')).toBe(comic.chapters.length - 1);
    expect(await optionCount('this')).toBe(1);
    expect(await optionCount('next10')).toBe(comic.chapters.length - 1);
    await page.getByTestId('download-locked-note').waitFor();
    await page.getByTestId('download-option-range').click();
    const offered = await page
      .getByTestId('download-range-to')
      .locator('option')
      .evaluateAll((options) => options.map((option) => Number((option as HTMLOptionElement).value)));
    expect(offered).not.toContain(vip.id);
    for (const theme of THEMES) {
      if (theme !== 'light') {
        await showIn(theme);
        await page.getByTestId('work-detail').waitFor();
        await openSheet();
        await page.getByTestId('download-option-range').click();
      }
      await settle(page);
      await keepScreenshot(page, `downloads-sheet-${theme}`);
    }
    await showIn('light');
    await page.getByTestId('work-detail').waitFor();
    await openSheet();

    // This chapter (the first, where a new reader starts), then a range of the next three.
    await page.getByTestId('download-option-this').click();
    await page.getByTestId('download-start').click();
    await expect
      .poll(() => page.getByTestId('download-toast').textContent())
      .toContain('Downloading 1 chapter');
    await page.getByTestId('download-toast').waitFor({ state: 'detached', timeout: 10_000 });
    await openSheet();
    await page.getByTestId('download-option-range').click();
    await page.getByTestId('download-range-from').selectOption(String(second!.id));
    await page.getByTestId('download-range-to').selectOption(String(fourth!.id));
    expect(await page.getByTestId('download-start').getAttribute('data-count')).toBe('3');
    await page.getByTestId('download-start').click();
    await expect
      .poll(() => page.getByTestId('download-toast').textContent())
      .toContain('Downloading 3 chapters');

    // The toast leads to the Downloads page.
    await page.getByTestId('download-toast-view').click();
    await page.getByTestId('downloads-page').waitFor();
    for (const chapter of [first!, second!, third!, fourth!]) {
      await waitForDone(chapter.id);
      const item = page.getByTestId(`download-item-${chapter.id}`);
      expect(Number(await item.getAttribute('data-bytes'))).toBeGreaterThan(0);
      expect(Number(await item.getAttribute('data-pages'))).toBe(chapter.pages);
      expect(await item.getByTestId(`download-status-${chapter.id}`).textContent()).toMatch(
        new RegExp(`^Downloaded · [\\d.]+ (kB|MB) · ${chapter.pages} pages$`),
      );
    }
    expect(await page.getByTestId(`download-item-${vip.id}`).count()).toBe(0);
    const work = page.getByTestId(`download-work-comic-${comic.id}`);
    expect(await work.locator('.download-work__name').textContent()).toBe(comic.title);
    expect(await work.locator('.download-work__meta').textContent()).toMatch(/^Comic · 4 chapters · /);
    expect(await page.getByTestId('downloads-storage-total').textContent()).toMatch(
      /^Downloads take [\d.]+ (kB|MB)$/,
    );
    expect(await page.getByTestId('downloads-storage-browser').textContent()).toMatch(
      /^This site uses .+ of .+ · .+ free$/,
    );

    // The detail page's chapter list marks what is downloaded, and the sheet knows it.
    await openDetail(comic);
    await page.getByTestId(`chapter-downloaded-${first!.id}`).waitFor();
    await page.getByTestId(`chapter-downloaded-${fourth!.id}`).waitFor();
    expect(await page.getByTestId(`chapter-downloaded-${comic.chapters[4]!.id}`).count()).toBe(0);
    await page.getByTestId('chapter-list').scrollIntoViewIfNeeded();
    await settle(page);
    await keepScreenshot(page, 'downloads-detail-marks-light');
    await openSheet();
    await page.getByTestId('download-option-this').click();
    expect(await page.getByTestId('download-start').textContent()).toBe('Already downloaded');
    await page.getByTestId('download-sheet-close').click();

    // A downloaded chapter opens in the reader.
    await go(page, DOWNLOADS);
    await waitForDone(second!.id);
    await page.getByTestId(`download-open-${second!.id}`).click();
    await page.getByTestId('comic-reader').waitFor();
    expect(decodeURIComponent(await page.evaluate(() => location.hash))).toContain(`chapter=${second!.id}`);

    // Deleting asks first; the other chapters stay.
    await go(page, DOWNLOADS);
    await page.getByTestId(`download-delete-${third!.id}`).click();
    await page.locator('.adm-dialog-button', { hasText: 'Delete' }).click();
    await page.getByTestId(`download-item-${third!.id}`).waitFor({ state: 'detached' });
    await waitForDone(first!.id);

    // With no connection the page still lists what is kept (it reads IndexedDB only).
    await context.setOffline(true);
    await go(page, '/pages/user/user');
    await go(page, DOWNLOADS);
    await page.getByTestId('downloads-offline').waitFor();
    await waitForDone(fourth!.id);
    await context.setOffline(false);
  });
});

describe('downloading from the reader', () => {
  it('queues the chapter being read, and marks it in the reader’s chapter list', async () => {
    const comic = seeded.comics[1]!;
    const chapter = comic.chapters[1]!;
    await go(page, `/pages/cartoon/reader?column=${comic.id}&chapter=${chapter.id}`);
    await page.getByTestId('comic-reader').waitFor();
    await page.getByTestId('reader-download').click();
    await page.getByTestId('download-sheet').waitFor();
    await settle(page);
    await keepScreenshot(page, 'downloads-reader-sheet-light');
    expect(await page.getByTestId('download-option-this').textContent()).toContain(chapter.title);
    await page.getByTestId('download-option-this').click();
    await page.getByTestId('download-start').click();
    await expect
      .poll(() => page.getByTestId('download-toast').textContent())
      .toContain('Downloading 1 chapter');
    await page.getByTestId('reader-chapters').click();
    await page.getByTestId(`chapter-downloaded-${chapter.id}`).waitFor({ timeout: 30_000 });
    await go(page, DOWNLOADS);
    await waitForDone(chapter.id);
    expect(Number(await page.getByTestId(`download-item-${chapter.id}`).getAttribute('data-pages'))).toBe(
      chapter.pages,
    );
  });
});

/** Downloads in the states a reader meets besides done, written as the manager stores them. */
async function storeDownloadsInStates(comic: SeededWork): Promise<void> {
  await page.evaluate(
    async ({ work, chapters }) => {
      const uid = Number(localStorage.getItem('uid'));
      const held = (count: number) =>
        Array.from({ length: count }, (_, n) => `${location.origin}/media/e2e-held/${n}.jpg`);
      const states = [
        { state: 'downloading', error: null, doneFiles: 12, totalFiles: 40, bytes: 2_600_000 },
        { state: 'downloading', error: 'network', doneFiles: 5, totalFiles: 40, bytes: 1_100_000 },
        { state: 'paused', error: null, doneFiles: 20, totalFiles: 40, bytes: 4_300_000 },
        { state: 'failed', error: 'quota', doneFiles: 31, totalFiles: 40, bytes: 6_800_000 },
        { state: 'failed', error: 'locked', doneFiles: 0, totalFiles: 0, bytes: 0, vipOnly: true },
      ];
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('dm51-offline', 1);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('downloads', 'readwrite');
      states.forEach((shape, index) => {
        const chapter = chapters[index]!;
        const files = shape.totalFiles > 0 ? held(shape.totalFiles) : [];
        tx.objectStore('downloads').put({
          key: `${uid}:comic:${chapter.id}`,
          uid,
          kind: 'comic',
          workId: work.id,
          workName: work.title,
          cover: '',
          chapterId: chapter.id,
          chapterName: chapter.title,
          order: index,
          vipOnly: false,
          quality: '',
          files,
          payload: files.length > 0 ? { pages: files.map((url) => ({ url })) } : null,
          // Older than any other download, so the one downloading is the one the queue holds on to.
          createdAt: index,
          completedAt: 0,
          ...shape,
        });
      });
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
    },
    {
      work: { id: comic.id, title: comic.title },
      chapters: comic.chapters.map((c) => ({ id: c.id, title: c.title })),
    },
  );
}

describe('the Downloads page', () => {
  it('is reached from the Me page, and shows an empty state before anything is downloaded', async () => {
    await go(page, '/pages/user/user');
    await page.getByTestId('user-entry-downloads').click();
    await page.getByTestId('downloads-page').waitFor();
    await page.getByTestId('downloads-empty').waitFor();
    await page.getByTestId('downloads-storage').waitFor();
    expect(await page.getByTestId('downloads-delete-all').count()).toBe(0);
  });

  it('says what each download is waiting for, and deletes everything after asking', async () => {
    const done = seeded.comics[0]!;
    const comic = seeded.comics[1]!;
    // The files of the download in progress never arrive: it stays where it is for the picture.
    await context.route('**/media/e2e-held/**', () => undefined);
    await openDetail(done);
    await openSheet();
    await page.getByTestId('download-option-next5').click();
    await page.getByTestId('download-start').click();
    await go(page, DOWNLOADS);
    for (const chapter of done.chapters.slice(0, 2)) await waitForDone(chapter.id);
    for (const chapter of done.chapters.slice(2, 5)) await waitForDone(chapter.id);
    await storeDownloadsInStates(comic);

    for (const theme of THEMES) {
      await showIn(theme);
      await page.getByTestId('downloads-page').waitFor();
      const [downloading, waiting, paused, full, locked] = comic.chapters;
      await page.locator(`[data-testid="download-item-${locked!.id}"]`).waitFor();
      expect(await page.getByTestId(`download-progress-${downloading!.id}`).textContent()).toBe('12/40');
      expect(await page.getByTestId(`download-status-${waiting!.id}`).textContent()).toMatch(
        /^Waiting for connection/,
      );
      expect(await page.getByTestId(`download-status-${paused!.id}`).textContent()).toMatch(/^Paused/);
      expect(await page.getByTestId(`download-status-${full!.id}`).textContent()).toMatch(
        /^No room left on this device/,
      );
      expect(await page.getByTestId(`download-status-${locked!.id}`).textContent()).toMatch(
        /^Locked: VIP or coins needed/,
      );
      await page.getByTestId(`download-resume-${paused!.id}`).waitFor();
      await page.getByTestId(`download-retry-${full!.id}`).waitFor();
      await page.getByTestId(`download-pause-${downloading!.id}`).waitFor();
      await settle(page);
      await keepScreenshot(page, `downloads-page-${theme}`);
    }

    // Pausing the one in progress says so at once.
    const downloading = comic.chapters[0]!;
    await page.getByTestId(`download-pause-${downloading.id}`).click();
    await expect
      .poll(() => page.getByTestId(`download-status-${downloading.id}`).textContent())
      .toMatch(/^Paused/);

    await page.getByTestId('downloads-delete-all').click();
    await page.locator('.adm-dialog-button', { hasText: 'Delete' }).click();
    await page.getByTestId('downloads-empty').waitFor();
  });
});
