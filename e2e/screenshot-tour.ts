/**
 * `npm run screenshots`: the docs' catalogue pictures, taken again from the product as a user sees
 * it. Starts the built server on an empty data folder, lets it generate and import the demo
 * library, then walks a guest through home, a comic's detail, the comic reader, the novel reader,
 * ranking, search results and search (after that search, so recent searches show), in the light
 * and the dark theme at 375×812, plus (light) the novel's cover, the bookshelf with both
 * favourited, an author's page, history and categories. Writes
 * catalogue-<page>-<theme>.png into E2E_SCREENSHOTS (default docs/screenshots).
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { queryServerDb, waitForImport } from './support/import-status.js';
import { keepScreenshot, newThemedContext, settle, THEMES, type Theme } from './support/screenshots.js';
import { REPO_ROOT, startServer, type RunningServer } from './support/server.js';

const IMPORT_BOUND_MS = 300_000;

interface TourWork {
  id: number;
  chapterIds: number[];
}

/** A work of the demo library by title (falling back to the first of its kind), with its chapters. */
function pickWork(server: RunningServer, type: number, preferredTitle: string): TourWork {
  const works = queryServerDb<{ id: number; title: string }>(
    server,
    `select id, title from works where type = ${type} and chapter_count > 1 order by id`,
  );
  const work = works.find((w) => w.title === preferredTitle) ?? works[0];
  if (!work) throw new Error(`the demo library has no work of type ${type}`);
  const chapters = queryServerDb<{ id: number }>(
    server,
    `select id from chapters where work_id = ${work.id} order by sort_order`,
  );
  return { id: work.id, chapterIds: chapters.map((c) => c.id) };
}

async function tour(browser: Browser, server: RunningServer, theme: Theme): Promise<void> {
  const comic = pickWork(server, 0, '云上食堂');
  const novel = pickWork(server, 1, '御剑少年行');
  const context = await newThemedContext(browser, server.baseURL, theme);
  const page = await context.newPage();
  const shot = async (name: string) => {
    await settle(page);
    await keepScreenshot(page, `catalogue-${name}-${theme}`);
  };

  await page.goto('/');
  await page.getByTestId('home-feed').waitFor();
  await page.getByTestId('home-reco').waitFor();
  await shot('home');

  await page.goto(`/#/pages/cartoon/details?column=${comic.id}`);
  await page.getByTestId('detail-read').waitFor();
  await shot('detail');

  await page.goto(`/#/pages/cartoon/reader?column=${comic.id}&chapter=${comic.chapterIds[0]}`);
  await page.locator('.comic-page__img').first().waitFor();
  await shot('comic-reader');

  await page.goto(`/#/pages/novel/reader?column=${novel.id}&chapter=${novel.chapterIds[1]}`);
  const view = page.getByTestId('novel-view');
  await page.getByTestId('novel-text').waitFor();
  // Halfway down the chapter, bars shown (scrolling hides them, a tap in the middle shows them).
  await view.evaluate((el) => el.scrollTo(0, (el.scrollHeight - el.clientHeight) / 2));
  await page.waitForTimeout(300);
  await page.mouse.click(187, 400);
  await shot('novel-reader');

  await page.goto('/#/pages/sort/ranking?type=0&by=views&period=all');
  await page.locator('[data-testid="rank-list"][data-state="ready"]').waitFor();
  await shot('ranking');

  await page.goto(`/#/pages/home/search/searchList?keyword=${encodeURIComponent('少年')}`);
  await page.locator('[data-testid="search-results"]').waitFor();
  await page.locator('[data-testid^="work-card-"]').first().waitFor();
  await shot('search-results');

  await page.goto('/#/pages/home/search/search');
  await page.getByTestId('search-recent').waitFor();
  await shot('search');

  if (theme === 'light') {
    // The novel's cover page, favourited, then both favourites on the shelf.
    await page.goto(`/#/pages/novel/cover?column=${novel.id}`);
    await page.getByTestId('detail-favorite').click();
    await page.locator('[data-testid="detail-favorite"][aria-pressed="true"]').waitFor();
    await shot('novel-cover');
    await page.goto(`/#/pages/cartoon/details?column=${comic.id}`);
    await page.getByTestId('detail-favorite').click();
    await page.locator('[data-testid="detail-favorite"][aria-pressed="true"]').waitFor();
    await page.goto('/#/pages/book/book');
    await page.getByTestId(`shelf-item-${comic.id}`).waitFor();
    await shot('bookshelf');

    const [author] = queryServerDb<{ id: number }>(
      server,
      `select author_id id from work_authors where work_id = ${comic.id} order by author_id limit 1`,
    );
    await page.goto(`/#/pages/menu/author?id=${author!.id}`);
    await page.getByTestId('author-name').waitFor();
    await page.locator('[data-testid^="work-card-"]').first().waitFor();
    await shot('author');

    await page.goto('/#/pages/book/history');
    await page.getByTestId(`history-item-${comic.id}`).waitFor();
    await shot('history');
    await page.goto('/#/pages/sort/sort');
    await page.locator('[data-testid^="work-card-"]').first().waitFor();
    await shot('sort');
  }
  await context.close();
}

async function main(): Promise<void> {
  process.env['E2E_SCREENSHOTS'] ??= join(REPO_ROOT, 'docs/screenshots');
  const server = await startServer({ DEMO_LIBRARY: 'on' });
  let browser: Browser | null = null;
  try {
    const status = await waitForImport(server, IMPORT_BOUND_MS);
    if (status !== 'done') throw new Error(`the demo import ended '${status || 'not in time'}'`);
    browser = await launchChromium();
    for (const theme of THEMES) await tour(browser, server, theme);
    console.log(`screenshots written to ${process.env['E2E_SCREENSHOTS']}`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
