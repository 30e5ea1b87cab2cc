/**
 * The comic and novel readers in Chromium against the real built server: a virtualised 300-page
 * chapter (DOM and memory stay bounded; figures printed), resume to the page, next-chapter
 * preloading, paged LTR/RTL reading, image failure and retry, novel settings.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServerAndBrowser } from './support/harness.js';
import { cspViolations, newPhoneContext } from './support/chromium.js';
import { queryServerDb } from './support/import-status.js';
import { seedCatalogue, type SeededCatalogue } from './support/seed-catalogue.js';
import { landingImagePaint } from './support/landing-paint.js';
import { recordRequestTimes } from './support/request-times.js';
import { REPO_ROOT, type RunningServer } from './support/server.js';

const PAGES = 300;
const PAGE_W = 720;
const PAGE_H = 1100;
/** Height of one page at the phone's 375 px width. */
const PAGE_PX = Math.round((375 * PAGE_H) / PAGE_W);

let dataDir: string;
let seeded: SeededCatalogue;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function openReader(chapter = 0, extra = ''): Promise<void> {
  const comic = seeded.comics[0]!;
  await page.goto('/');
  await page.waitForFunction(() => location.hash.includes('/pages/home/home'));
  await page.goto(
    `/#/pages/cartoon/reader?column=${comic.id}&chapter=${comic.chapters[chapter]!.id}${extra}`,
  );
  await page.getByTestId('comic-reader').waitFor();
}

async function current(): Promise<number> {
  return Number(await page.locator('[data-current]').first().getAttribute('data-current'));
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-reader-'));
  seeded = await seedCatalogue(dataDir, {
    works: 1,
    chapters: 2,
    pages: PAGES,
    pageWidth: PAGE_W,
    pageHeight: PAGE_H,
    novels: 1,
    novelChapters: 2,
  });
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
});

afterEach(async () => {
  // The server's content security policy blocked nothing the app needed.
  for (const open of context.pages()) expect(await cspViolations(open)).toEqual([]);
  await context.close();
});

describe('opening a chapter link as a new visitor', () => {
  it("asks for the chapter's pages as soon as the session exists, not after the start-up settings", async () => {
    const comic = seeded.comics[0]!;
    // Slow settings: the reader opens only after them, so a chapter call made by the rendered reader
    // would leave after they finish.
    await page.route('**/v3/app/start', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const { sent, done } = recordRequestTimes(page);
    await page.goto(`/#/pages/cartoon/reader?column=${comic.id}&chapter=${comic.chapters[0]!.id}`);
    await page.getByTestId('comic-reader').waitFor();
    await page.waitForFunction(() => document.querySelector('.comic-page__img') !== null);
    const pageShown = Date.now();
    // Launch prefetch: the chapter call leaves right after visitor init.
    expect(sent.get('/v3/comic/read')).toBeGreaterThan(done.get('/v3/app/init')! - 1);
    expect(sent.get('/v3/comic/read')).toBeLessThan(done.get('/v3/app/start')!);
    // A free chapter opens without antd-mobile's code (the `ui` chunk: the unlock sheet, the AI
    // helpers' popup), which is ~35 KiB brotli on a phone's first load
    // (docs/develop/decisions/0024-chunks-by-landing-page.md).
    const antdBeforePage = [...sent].filter(
      ([path, at]) => /^\/assets\/ui-.*\.js$/.test(path) && at <= pageShown,
    );
    expect(antdBeforePage).toEqual([]);
    // Nor, before that page has painted, the shared code only other pages run (the detail view, list
    // pages, account and comment queries: vite.config.ts splits it out of `shared`), nor analytics,
    // which the reading clock imports on first use and the shell after the paint.
    const painted = (await landingImagePaint(page)).epochMs;
    const otherPagesCode = [...sent].filter(
      ([path, at]) => /^\/assets\/(detail-kit|lists|pages|analytics)-.*\.js$/.test(path) && at < painted,
    );
    expect(otherPagesCode).toEqual([]);
    // The pattern names real chunks of this build, and the reader did fetch its own shared code.
    const built = readdirSync(join(REPO_ROOT, 'packages/web/dist/assets'));
    for (const name of ['detail-kit', 'lists', 'pages', 'analytics', 'reader-kit'])
      expect(built.some((file) => file.startsWith(`${name}-`) && file.endsWith('.js'))).toBe(true);
    expect([...sent.keys()].some((path) => /^\/assets\/reader-kit-.*\.js$/.test(path))).toBe(true);
  });

  it('asks for the next page and the visitor’s full record only once the first page has painted', async () => {
    const comic = seeded.comics[0]!;
    const chapterId = comic.chapters[0]!.id;
    const [, second] = queryServerDb<{ media_key: string }>(
      server,
      `select media_key from pages where chapter_id = ${chapterId} order by page_index limit 2`,
    );
    // When each request started on the browser's clock (the decoding worker fetches the pages
    // after the first, so the page's own resource timing does not see them).
    const started = new Map<string, number>();
    page.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes(second!.media_key) || path === '/v3/user/index')
        started.set(path.includes('_xfile') ? 'second page' : 'user record', request.timing().startTime);
    });
    await page.goto(`/#/pages/cartoon/reader?column=${comic.id}&chapter=${chapterId}`);
    await page.getByTestId('comic-reader').waitFor();
    // Both go out in the end (the second page is on the phone's first screen, below the first).
    await expect.poll(() => started.size, { timeout: 15_000 }).toBe(2);
    const painted = (await landingImagePaint(page)).epochMs;
    // Neither shares the slow network with the first page before it shows.
    expect(started.get('second page')).toBeGreaterThanOrEqual(painted);
    expect(started.get('user record')).toBeGreaterThanOrEqual(painted);
  });

  it('fetches the page the link opens at first, not the chapter’s first page', async () => {
    const comic = seeded.comics[0]!;
    const chapterId = comic.chapters[0]!.id;
    const keyAt = (index: number) =>
      queryServerDb<{ media_key: string }>(
        server,
        `select media_key from pages where chapter_id = ${chapterId} order by page_index limit 1 offset ${index}`,
      )[0]!.media_key;
    const opening = keyAt(150);
    expect(opening).not.toBe(keyAt(0));
    const images: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes('_xfile')) images.push(path);
    });
    await page.goto(`/#/pages/cartoon/reader?column=${comic.id}&chapter=${chapterId}&page=150`);
    await page.getByTestId('comic-reader').waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid="comic-page"][data-index="150"] img')).some((img) =>
        (img as HTMLImageElement).src.startsWith('blob:'),
      ),
    );
    // The landing image, asked for by the launch as soon as the chapter's pages are in.
    expect(images[0]).toContain(opening);
    expect(images.some((path) => path.includes(keyAt(0)))).toBe(false);
  });
});

describe('the comic reader on a 300-page chapter', () => {
  it('keeps the DOM and memory bounded while scrolling to the end', async () => {
    await openReader();
    const scroller = page.getByTestId('comic-scroll');
    await page.waitForFunction(() => document.querySelector('.comic-page__img') !== null);
    const heap = () =>
      page.evaluate(
        () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
      );
    const heapStart = await heap();

    let maxImages = 0;
    let maxPages = 0;
    const total = await scroller.evaluate((el) => el.scrollHeight);
    expect(total).toBeGreaterThan(PAGES * PAGE_PX * 0.99);
    for (let y = 0; y < total; y += 2_900) {
      await scroller.evaluate((el, top) => el.scrollTo(0, top), y);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const counts = await page.evaluate(() => ({
        images: document.querySelectorAll('img').length,
        pages: document.querySelectorAll('[data-testid="comic-page"]').length,
      }));
      maxImages = Math.max(maxImages, counts.images);
      maxPages = Math.max(maxPages, counts.pages);
    }
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(current).toBe(PAGES - 1);
    await page.getByTestId('chapter-end').waitFor();

    // Smoothness: scroll 40 px per frame for 2 s and time the frames.
    const frames = await scroller.evaluate(
      (el) =>
        new Promise<number[]>((resolve) => {
          el.scrollTo(0, 0);
          const gaps: number[] = [];
          let last = performance.now();
          const started = last;
          const step = (now: number) => {
            gaps.push(now - last);
            last = now;
            el.scrollBy(0, 40);
            if (now - started < 2_000) requestAnimationFrame(step);
            else resolve(gaps);
          };
          requestAnimationFrame(step);
        }),
    );
    const heapEnd = await heap();
    const sorted = [...frames].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
    const long = frames.filter((gap) => gap > 50).length;
    console.log(
      `[reader] ${PAGES} pages: max <img> in DOM ${maxImages}, max page boxes ${maxPages}; ` +
        `JS heap ${(heapStart / 1e6).toFixed(1)} MB → ${(heapEnd / 1e6).toFixed(1)} MB; ` +
        `scroll: ${frames.length} frames in 2 s (${(frames.length / 2).toFixed(0)} fps), p95 frame ${p95.toFixed(1)} ms, ${long} frames over 50 ms`,
    );
    expect(maxImages).toBeLessThanOrEqual(8);
    expect(maxPages).toBeLessThanOrEqual(12);
    expect(heapEnd).toBeLessThan(80e6);
  }, 120_000);

  it('resumes at the saved page, with the space of earlier pages reserved', async () => {
    await openReader(0, '&page=150');
    const scroller = page.getByTestId('comic-scroll');
    await expect.poll(current).toBe(150);
    const top = await scroller.evaluate((el) => el.scrollTop);
    expect(Math.abs(top - 150 * PAGE_PX)).toBeLessThan(PAGES);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid="comic-page"][data-index="150"] img')).some((img) =>
        (img as HTMLImageElement).src.startsWith('blob:'),
      ),
    );
    expect(await page.getByTestId('reader-progress').textContent()).toBe(`151 / ${PAGES}`);
  });

  it("fetches the next chapter ahead near the end, so 'next' opens without asking again", async () => {
    let reads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/v3/comic/read')) reads += 1;
    });
    await openReader(0, `&page=${PAGES - 8}`);
    await expect.poll(current).toBe(PAGES - 8);
    await page.getByTestId('comic-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    // Asked for in the background once the end is near: on a busy machine that can take a few seconds.
    await expect.poll(() => reads, { timeout: 10_000 }).toBe(2);
    await page.getByTestId('chapter-end-next').click();
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid="comic-reader"]')?.getAttribute('data-chapter-id') === id,
      String(seeded.comics[0]!.chapters[1]!.id),
    );
    await page.waitForFunction(() => document.querySelector('.comic-page__img') !== null);
    expect(reads).toBe(2);
    expect(await current()).toBe(0);
  });
});

describe('paged comic reading', () => {
  it('turns pages with the side tap zones, mirrored for right to left', async () => {
    await openReader();
    await page.getByTestId('reader-settings').click();
    await page.getByTestId('reader-layout-paged').click();
    await page.getByTestId('reader-settings-sheet-close').click();
    await page.getByTestId('comic-paged').waitFor();
    expect(await page.getByTestId('comic-reader').getAttribute('data-mode')).toBe('ltr');
    await page.mouse.click(350, 400);
    await expect.poll(current).toBe(1);
    await page.mouse.click(20, 400);
    await expect.poll(current).toBe(0);
    await page.mouse.click(350, 400);
    await expect.poll(current).toBe(1);

    await page.getByTestId('reader-settings').click();
    await page.getByTestId('reader-direction-rtl').click();
    await page.getByTestId('reader-settings-sheet-close').click();
    expect(await page.getByTestId('comic-reader').getAttribute('data-mode')).toBe('rtl');
    await page.mouse.click(20, 400);
    await expect.poll(current).toBe(2);

    // The choice is kept for the next visit.
    await page.reload();
    await page.getByTestId('comic-paged').waitFor();
    expect(await page.getByTestId('comic-reader').getAttribute('data-mode')).toBe('rtl');
  });
});

describe('image failures', () => {
  it('shows an error placeholder after the retries and loads the page on tap', async () => {
    await context.route('**/media/**', (route) => route.abort());
    await openReader();
    await page.getByTestId('comic-page-error').first().waitFor({ timeout: 30_000 });
    await context.unroute('**/media/**');
    await page.getByTestId('comic-page-error').first().click();
    await page.waitForFunction(() => document.querySelector('.comic-page__img') !== null);
  });
});

describe('the novel reader', () => {
  /** The novel's first chapter; the first time, through home, as the app starts a visitor there. */
  async function openNovel(fromHome: boolean): Promise<void> {
    const novel = seeded.novels[0]!;
    if (fromHome) {
      await page.goto('/');
      await page.waitForFunction(() => location.hash.includes('/pages/home/home'));
    }
    await page.goto(`/#/pages/novel/reader?column=${novel.id}&chapter=${novel.chapters[0]!.id}`);
    await page.getByTestId('novel-text').waitFor();
  }

  it("follows the app's theme until a page theme is chosen, also after the font size changed", async () => {
    await openNovel(true);
    expect(await page.getByTestId('novel-reader').getAttribute('data-theme')).toBe('light');
    // Reading on hides the bars; a tap in the middle brings them back.
    await page.getByTestId('novel-view').evaluate((el) => el.scrollTo(0, 600));
    await page.waitForTimeout(200);
    await page.mouse.click(187, 400);
    await page.getByTestId('reader-settings').click();
    await page.getByTestId('reader-font-larger').click();
    expect(await page.getByTestId('reader-font-size').textContent()).toBe('20');
    await page.getByTestId('reader-settings-sheet-close').click();

    await page.goto('/#/pages/user/seting/seting');
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="theme-toggle"]')?.getAttribute('data-theme') === 'dark',
    );
    await openNovel(false);
    expect(await page.getByTestId('novel-reader').getAttribute('data-theme')).toBe('dark');
    const fontSize = await page
      .getByTestId('novel-text')
      .evaluate((el) => getComputedStyle(el.querySelector('p') ?? el).fontSize);
    expect(fontSize).toBe('20px');
  });

  it('keeps the place across a font change and remembers theme, size and paged mode', async () => {
    await openNovel(true);
    const view = page.getByTestId('novel-view');
    await view.evaluate((el) => el.scrollTo(0, 1800));
    await page.waitForTimeout(200);
    const firstVisible = () =>
      page.evaluate(() => {
        const text = document.querySelector('[data-testid="novel-text"]')!;
        const paragraphs = Array.from(text.querySelectorAll('p'));
        return paragraphs.findIndex((p) => p.getBoundingClientRect().bottom > 60);
      });
    const before = await firstVisible();
    expect(before).toBeGreaterThan(3);

    await page.mouse.click(187, 400);
    await page.getByTestId('reader-settings').click();
    await page.getByTestId('reader-font-larger').click();
    await page.getByTestId('reader-font-larger').click();
    expect(await page.getByTestId('reader-font-size').textContent()).toBe('22');
    expect(Math.abs((await firstVisible()) - before)).toBeLessThanOrEqual(1);

    await page.getByTestId('reader-theme-sepia').click();
    expect(await page.getByTestId('novel-reader').getAttribute('data-theme')).toBe('sepia');
    await expect
      .poll(() => page.getByTestId('novel-reader').evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(244, 236, 216)');

    await page.getByTestId('reader-flow-paged').click();
    await page.getByTestId('reader-settings-sheet-close').click();
    await expect.poll(async () => Number(await view.getAttribute('data-pages'))).toBeGreaterThan(3);
    const pageBefore = Number(await view.getAttribute('data-page'));
    await page.mouse.click(355, 400);
    await expect.poll(async () => Number(await view.getAttribute('data-page'))).toBe(pageBefore + 1);

    await page.reload();
    await page.getByTestId('novel-text').waitFor();
    expect(await page.getByTestId('novel-reader').getAttribute('data-theme')).toBe('sepia');
    expect(await page.getByTestId('novel-view').getAttribute('class')).toContain('paged');
  });
});

describe('reading time', () => {
  it('reports the reading session for analytics when the reader leaves the chapter', async () => {
    // The reading clock imports analytics on first use (lib/track-later.ts): the event must still
    // reach the server when the reader unmounts.
    const comic = seeded.comics[0]!;
    const chapterId = comic.chapters[0]!.id;
    await page.goto(`/#/pages/cartoon/reader?column=${comic.id}&chapter=${chapterId}`);
    await page.waitForFunction(() => document.querySelector('.comic-page__img') !== null);
    const uid = Number(await page.evaluate(() => localStorage.getItem('uid')));
    expect(uid).toBeGreaterThan(0);
    await page.waitForTimeout(1_500);
    await page.evaluate(() => {
      location.hash = '#/pages/home/home';
    });
    const sessions = () =>
      queryServerDb<{ params: string; value: number }>(
        server,
        `select params, value from analytics_events where user_id = ${uid} and name = 'read_session'`,
      );
    await expect.poll(() => sessions().length, { timeout: 10_000 }).toBe(1);
    const [session] = sessions();
    expect(JSON.parse(session!.params)).toMatchObject({ kind: 'comic', chapter_id: chapterId });
    expect(session!.value).toBeGreaterThanOrEqual(1);
  });
});
