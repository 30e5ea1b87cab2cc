/**
 * Progress made offline, in Chromium with the network cut (context.setOffline): the place reached
 * in a comic with no connection waits on the phone and reaches the account when the connection
 * returns, with a notice saying so; a place saved meanwhile on another device of the same account
 * and reached later is not overwritten by the phone's older one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { go, openApp, storedSession } from './support/app-session.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { queryServerDb } from './support/import-status.js';
import { protocolClient } from './support/protocol-client.js';
import { seedCatalogue, type SeededCatalogue } from './support/seed-catalogue.js';
import type { RunningServer } from './support/server.js';

const PAGES = 30;
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
const otherDevice = protocolClient(() => server.baseURL, 'tablet');

interface Place {
  chapter_id: number;
  page_index: number;
}

function placeOf(uid: number, workId: number): Place | undefined {
  return queryServerDb<Place>(
    server,
    `select chapter_id, page_index from reading_history where user_id = ${uid} and work_id = ${workId}`,
  )[0];
}

/** The calls waiting on the phone, as the app keeps them (IndexedDB). */
function queued(p: Page): Promise<{ path: string; payload: Record<string, unknown> }[]> {
  return p.evaluate(async () => {
    // Opening a database that does not exist yet would create it empty, before the app does.
    if (!(await indexedDB.databases()).some((db) => db.name === 'dm51-outbox')) return [];
    return new Promise((resolve, reject) => {
      const open = indexedDB.open('dm51-outbox');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('entries')) return resolve([]);
        const all = db.transaction('entries').objectStore('entries').getAll();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
        all.transaction!.oncomplete = () => db.close();
      };
    });
  });
}

async function current(): Promise<number> {
  return Number(await page.locator('[data-current]').first().getAttribute('data-current'));
}

/** Opens chapter `chapter` of the comic, waiting until its first page shows. */
async function openChapter(chapter: number): Promise<void> {
  const comic = seeded.comics[0]!;
  await go(page, `/pages/cartoon/reader?column=${comic.id}&chapter=${comic.chapters[chapter]!.id}`);
  await page.getByTestId('comic-reader').waitFor();
  await page.waitForFunction(() => document.querySelector('.comic-page__img') !== null);
}

async function scrollTo(pageIndex: number): Promise<void> {
  await page.getByTestId('comic-scroll').evaluate((el, top) => el.scrollTo(0, top), pageIndex * PAGE_PX + 4);
  await expect.poll(current).toBe(pageIndex);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-offline-sync-'));
  seeded = await seedCatalogue(dataDir, {
    works: 1,
    chapters: 2,
    pages: PAGES,
    pageWidth: PAGE_W,
    pageHeight: PAGE_H,
    novels: 0,
  });
  [server, browser] = await startServerAndBrowser({ DATA_DIR: dataDir });
  context = await newPhoneContext(browser, server.baseURL);
  page = await context.newPage();
  // The shell's extras (where the outbox starts sending) load after the first paint; offline,
  // the app's files come from its service worker. Both are there before the network is cut.
  const extras = page.waitForEvent('requestfinished', (request) =>
    /\/ShellExtras-.*\.js$/.test(request.url()),
  );
  await openApp(page);
  await extras;
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('progress made offline', () => {
  it('keeps the place read with no connection and sends it when the connection returns', async () => {
    const comic = seeded.comics[0]!;
    const { uid } = await storedSession(page);
    await openChapter(0);

    await context.setOffline(true);
    await scrollTo(12);
    // The reader saves after a pause; with no connection the place waits on the phone.
    await expect.poll(() => queued(page), { timeout: 10_000 }).toHaveLength(1);
    expect((await queued(page))[0]).toMatchObject({
      path: '/v3/read/add',
      payload: { id: comic.id, chapter_id: comic.chapters[0]!.id, page_index: 12 },
    });
    expect(placeOf(uid, comic.id)?.page_index ?? 0).not.toBe(12);

    await context.setOffline(false);
    await page.getByText('Synced 1 reading place').waitFor({ timeout: 15_000 });
    expect(placeOf(uid, comic.id)).toEqual({ chapter_id: comic.chapters[0]!.id, page_index: 12 });
    expect(await queued(page)).toEqual([]);
  });

  it('does not put back an older offline place over a newer one from another device', async () => {
    const comic = seeded.comics[0]!;
    const session = await storedSession(page);
    await context.setOffline(true);
    await scrollTo(20);
    await expect.poll(() => queued(page), { timeout: 10_000 }).toHaveLength(1);

    // Later, on a tablet signed in to the same account: chapter 2, page 5.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await otherDevice.api(
      '/v3/read/add',
      { id: comic.id, chapter_id: comic.chapters[1]!.id, page_index: 5, percent: 17 },
      session,
    );

    await context.setOffline(false);
    await expect.poll(() => queued(page), { timeout: 15_000 }).toEqual([]);
    // The phone's place reached the server and lost to the newer one: the account continues there.
    expect(placeOf(session.uid, comic.id)).toEqual({ chapter_id: comic.chapters[1]!.id, page_index: 5 });
  });
});
