/**
 * Reading with no connection, in Chromium with the network cut (context.setOffline): comic and
 * novel chapters and a paid episode are downloaded from their detail pages; with no connection
 * the app opens from its service worker, and they open from the Downloads page in their readers
 * and player as online; the places read offline reach the account once the connection returns,
 * as a second device of the same account sees. A VIP-only download stops opening once the VIP
 * period has ended and the app has reconnected, and a download cut off by a lost connection
 * resumes and completes with every page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { storedSession, waitForGuestFlag } from './support/app-session.js';
import { registerFromLogin } from './support/invite-flow.js';
import { importAnimeLibrary, setEpisodePay, waitForPackaging, writeClip } from './support/anime-library.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { executeServerDb, queryServerDb } from './support/import-status.js';
import { decodedImages, storedDownloads, waitForDownloads } from './support/offline-flow.js';
import { seedCatalogue, type SeededCatalogue } from './support/seed-catalogue.js';
import { keepScreenshot } from './support/screenshots.js';
import type { RunningServer } from './support/server.js';

let dataDir: string;
let seeded: SeededCatalogue;
let animeId = 0;
let episodeId = 0;
let server: RunningServer;
let smtp: SmtpPeer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A 6-second clip with an English subtitle, imported as a one-episode show; the episode is paid. */
async function importEpisode(): Promise<void> {
  const show = join(dataDir, 'library/anime/Night Ferry');
  mkdirSync(show, { recursive: true });
  writeClip(join(show, 'Night Ferry - 01.mp4'), 6, '640x360');
  writeFileSync(join(show, 'Night Ferry - 01.en.srt'), '1\n00:00:00,000 --> 00:00:05,500\nAll aboard\n');
  const imported = await importAnimeLibrary(dataDir);
  animeId = imported.workId;
  episodeId = imported.episodeIds[0]!;
  // A paid episode: its segments are AES-128 encrypted, at rest in the download too.
  await setEpisodePay(dataDir, [episodeId], 2);
}

async function openControlledApp(p: Page): Promise<void> {
  await p.goto('/');
  await p.waitForFunction(() => location.hash.startsWith('#/pages/home/home'));
  await p.waitForFunction(() => (localStorage.getItem('token') ?? '') !== '');
  await p.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 45_000 });
}

async function go(p: Page, path: string): Promise<void> {
  await p.evaluate((to) => {
    location.hash = `#${to}`;
  }, path);
  await p.waitForFunction((to) => decodeURIComponent(location.hash.slice(1)) === to, path);
}

/** The reader's VIP, as the operator's database has it: `untilS` seconds from now (negative: ended). */
async function setVip(p: Page, untilS: number): Promise<void> {
  const { uid } = await storedSession(p);
  const viptime = Math.floor(Date.now() / 1000) + untilS;
  executeServerDb(
    server,
    `update users set vip = ${untilS > 0 ? 1 : 0}, viptime = ${viptime} where id = ${uid}`,
  );
}

/** Opens a detail page's download sheet and downloads with one of its options. */
async function downloadFromDetail(
  p: Page,
  detailPath: string,
  option: string,
  quality?: string,
): Promise<void> {
  await go(p, detailPath);
  await p.getByTestId('detail-download').click();
  await p.getByTestId('download-sheet').waitFor();
  await p.getByTestId(`download-option-${option}`).click();
  if (quality) await p.getByTestId(`download-quality-${quality}`).click();
  await p.getByTestId('download-start').click();
  await p.getByTestId('download-toast').waitFor();
}

function readingPlace(uid: number, workId: number): { chapter_id: number; page_index: number } | undefined {
  return queryServerDb<{ chapter_id: number; page_index: number }>(
    server,
    `select chapter_id, page_index from reading_history where user_id = ${uid} and work_id = ${workId}`,
  )[0];
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-offline-'));
  // The library import first: works made in the database afterwards are not the library's to manage.
  await importEpisode();
  seeded = await seedCatalogue(dataDir, { works: 2, novels: 1, chapters: 3, pages: 6, novelChapters: 3 });
  smtp = await startSmtpPeer();
  [server, browser] = await startServerAndBrowser({
    DATA_DIR: dataDir,
    TRANSCODE: 'on',
    SMTP_URL: smtp.url,
    MAIL_FROM: '51动漫 <no-reply@example.test>',
  });
  await waitForPackaging(server, [episodeId]);
  context = await newPhoneContext(browser, server.baseURL);
  page = await context.newPage();
  await openControlledApp(page);
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('reading offline', () => {
  it('downloads comic and novel chapters and a paid episode, and opens them with no connection', async () => {
    const comic = seeded.comics[0]!;
    const novel = seeded.novels[0]!;
    await setVip(page, 3600);
    // The app learns of the VIP as it would after buying it.
    await page.reload();
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').vip > 0);

    await downloadFromDetail(page, `/pages/cartoon/details?column=${comic.id}`, 'all');
    await downloadFromDetail(page, `/pages/novel/cover?column=${novel.id}`, 'this');
    await downloadFromDetail(page, `/pages/anime/details?id=${animeId}`, 'this', '360p');
    const comicIds = comic.chapters.map((chapter) => chapter.id);
    const records = await waitForDownloads(page, [...comicIds, novel.chapters[0]!.id, episodeId], 120_000);
    // Every page of every comic chapter, VIP chapter included, and nothing half-written.
    for (const chapter of comic.chapters) {
      const record = records.find((r) => r.chapterId === chapter.id)!;
      expect(record.totalFiles).toBe(chapter.pages);
      expect(record.doneFiles).toBe(chapter.pages);
      expect(record.bytes).toBeGreaterThan(0);
    }
    const episode = records.find((r) => r.chapterId === episodeId)!;
    // The chosen quality only, its key and its segments: no other rendition's playlist.
    expect(episode.files.some((url) => url.includes('/v3/anime/key'))).toBe(true);
    expect(episode.files.filter((url) => url.endsWith('.m3u8') || url.includes('.m3u8?')).length).toBe(2);

    // The pages are stored as the server sent them: still XOR-encoded, not decoded images.
    const firstPage = records.find((r) => r.chapterId === comicIds[0])!.files[0]!;
    const stored = await page.evaluate(async (url) => {
      const hit = await caches.match(url, { cacheName: 'dm51-downloads-v1' });
      return hit ? Array.from(new Uint8Array(await hit.arrayBuffer()).slice(0, 3)) : null;
    }, firstPage);
    expect(stored).not.toBeNull();
    expect(stored).not.toEqual([0xff, 0xd8, 0xff]);

    await go(page, '/pages/user/downloads');
    await page.getByTestId(`download-item-${comicIds[0]}`).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('downloads-page').waitFor();
    await page.getByTestId('downloads-offline').waitFor();
    await page.getByTestId(`download-item-${episodeId}`).waitFor();
    await keepScreenshot(page, 'downloads-offline');

    // The comic: every page decodes from the download, in the reader as online.
    await page.getByTestId(`download-open-${comicIds[0]}`).click();
    await page.waitForFunction(() => location.hash.includes('/pages/cartoon/reader'));
    await page.waitForFunction(
      (count) =>
        Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="comic-page"] img')).filter(
          (img) => img.complete && img.naturalWidth > 0,
        ).length >= count,
      1,
    );
    // Read to the end of the chapter, offline: the last page decodes from the download too, and
    // the place is kept to be sent later.
    const scroller = page.getByTestId('comic-scroll');
    const lastImage = `[data-testid="comic-page"][data-index="${comic.chapters[0]!.pages - 1}"] img`;
    for (let i = 0; i < 20 && (await decodedImages(page, lastImage)) === 0; i++) {
      await scroller.evaluate((el) => el.scrollBy(0, el.clientHeight));
      await page.waitForTimeout(250);
    }
    await page.waitForFunction(
      (css) =>
        Array.from(document.querySelectorAll<HTMLImageElement>(css)).some(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      lastImage,
    );
    await keepScreenshot(page, 'offline-comic-reader');
    await go(page, '/pages/user/downloads');

    // The novel: its text, with the reader's settings.
    await page.getByTestId(`download-open-${novel.chapters[0]!.id}`).click();
    await page.getByTestId('novel-view').waitFor();
    expect((await page.getByTestId('novel-view').innerText()).length).toBeGreaterThan(50);
    await go(page, '/pages/user/downloads');

    // The episode: it plays from the download, decrypted by the player as online, with its subtitle.
    await page.getByTestId(`download-open-${episodeId}`).click();
    await page.getByTestId('video').waitFor();
    await page.getByTestId('video').evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      void video.play();
    });
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="video"]') as HTMLVideoElement | null)?.currentTime ?? 0 > 1,
      undefined,
      { timeout: 30_000 },
    );
    expect(
      await page.getByTestId('video').evaluate((video: HTMLVideoElement) => video.textTracks.length),
    ).toBeGreaterThan(0);

    // Pages that need the server say so, and point to the downloads.
    await go(page, '/pages/sort/ranking');
    await page.getByTestId('offline-banner').waitFor();
    await page.getByText('No connection. This needs the internet.').first().waitFor();
    await keepScreenshot(page, 'offline-needs-network');
    await page.getByTestId('offline-banner').getByRole('button').click();
    await page.getByTestId('downloads-page').waitFor();

    // Back online: what was read offline reaches the account, as another device of it sees.
    const { uid, token } = await storedSession(page);
    expect(readingPlace(uid, comic.id)?.chapter_id ?? 0).not.toBe(comicIds[0]);
    await context.setOffline(false);
    await page.waitForFunction(() => navigator.onLine);
    const deadline = Date.now() + 20_000;
    while (readingPlace(uid, comic.id)?.chapter_id !== comicIds[0] && Date.now() < deadline)
      await page.waitForTimeout(250);
    expect(readingPlace(uid, comic.id)?.chapter_id).toBe(comicIds[0]);

    const other = await newPhoneContext(browser, server.baseURL);
    try {
      await other.addInitScript(
        ([t, u]) => {
          if (!localStorage.getItem('token')) {
            localStorage.setItem('token', t);
            localStorage.setItem('uid', String(u));
            localStorage.setItem('isGuest', '1');
          }
        },
        [token, uid] as const,
      );
      const second = await other.newPage();
      await second.goto(`/#/pages/book/history`);
      await second.getByText(comic.title).first().waitFor();
    } finally {
      await other.close();
    }
  }, 240_000);

  it('stops opening a VIP-only download once the VIP period has ended and the app has reconnected', async () => {
    const comic = seeded.comics[0]!;
    const vipChapter = comic.chapters.find((chapter) => chapter.pay === 2)!;
    const reader = `/pages/cartoon/reader?column=${comic.id}&chapter=${vipChapter.id}`;
    // The period ends on the server; the phone, offline, still knows the last expiry it heard of.
    await setVip(page, -60);
    await context.setOffline(true);
    await go(page, reader);
    await page.getByTestId('comic-page').first().waitFor();
    expect(await page.getByTestId('vip-locked').count()).toBe(0);

    // Reconnecting tells the app the period has ended: the download no longer opens, online or not.
    await go(page, '/pages/user/downloads');
    await context.setOffline(false);
    await page.waitForFunction(
      () => JSON.parse(localStorage.getItem('userInfo') ?? '{}').vip === 0,
      undefined,
      {
        timeout: 20_000,
      },
    );
    await go(page, reader);
    await page.getByTestId('vip-locked').waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('vip-locked').waitFor();
    await keepScreenshot(page, 'offline-vip-ended');
    await context.setOffline(false);
  }, 120_000);

  it('resumes a download cut off by a lost connection and completes it with every page', async () => {
    const comic = seeded.comics[1]!;
    const chapter = comic.chapters[0]!;
    // Pages arrive slowly, so the connection goes while the chapter is half stored (the context's
    // route: the service worker makes the requests).
    await context.route('**/media/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    });
    try {
      await go(page, `/pages/cartoon/reader?column=${comic.id}&chapter=${chapter.id}`);
      await page.getByTestId('comic-page').first().waitFor();
      await page.getByTestId('reader-download').click();
      await page.getByTestId('download-option-this').click();
      await page.getByTestId('download-start').click();
      // Cut off once part of the chapter is planned and on its way.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const record = (await storedDownloads(page)).find((r) => r.chapterId === chapter.id);
        if (record && record.totalFiles > 0) break;
        if (Date.now() > deadline) throw new Error('the download never started');
        await page.waitForTimeout(100);
      }
      await go(page, '/pages/user/downloads');
      await page.getByTestId(`download-progress-${chapter.id}`).waitFor();
      await keepScreenshot(page, 'downloads-in-progress');
      await context.setOffline(true);
      await page
        .getByTestId(`download-status-${chapter.id}`)
        .filter({ hasText: /connection/i })
        .waitFor();
      const cut = (await storedDownloads(page)).find((record) => record.chapterId === chapter.id)!;
      expect(cut.state).not.toBe('done');
      await keepScreenshot(page, 'downloads-waiting-for-connection');
      // A reload while cut off changes nothing: the download is still waiting, then goes on.
      await page.reload();
      await page.getByTestId(`download-item-${chapter.id}`).waitFor();
      await context.setOffline(false);
      const [record] = await waitForDownloads(page, [chapter.id], 90_000);
      expect(record!.doneFiles).toBe(chapter.pages);
      expect(record!.totalFiles).toBe(chapter.pages);
      // Its size is the chapter's: the bytes of its pages as the server serves them.
      const served = await page.evaluate(
        async (urls) => {
          let bytes = 0;
          for (const url of urls)
            bytes += (await (await fetch(url, { cache: 'no-store' })).arrayBuffer()).byteLength;
          return bytes;
        },
        record!.files.slice(0, record!.totalFiles),
      );
      expect(record!.bytes).toBe(served);
    } finally {
      await context.unroute('**/media/**');
    }
  }, 150_000);

  it("takes the account's downloads off the device when it logs out", async () => {
    // Registering binds this guest's account (downloads included) to an e-mail address.
    await go(page, '/pages/user/login/login');
    await registerFromLogin(page, smtp, `offline-${Date.now()}@example.test`);
    const { uid } = await storedSession(page);
    expect((await storedDownloads(page)).length).toBeGreaterThan(0);
    const files = (await storedDownloads(page)).flatMap((record) => record.files);
    await go(page, '/pages/user/seting/seting');
    await page.getByTestId('settings-logout').click();
    await page.locator('.adm-dialog').getByText('Log out', { exact: true }).click();
    await waitForGuestFlag(page, '1', uid);
    expect(await storedDownloads(page)).toEqual([]);
    const left = await page.evaluate(async (urls) => {
      const cache = await caches.open('dm51-downloads-v1');
      let count = 0;
      for (const url of urls) if (await cache.match(url)) count += 1;
      return count;
    }, files);
    expect(left).toBe(0);
    await page.waitForFunction(() => location.hash.startsWith('#/pages/user/user'));
    await go(page, '/pages/user/downloads');
    await page.getByTestId('downloads-page').waitFor();
    expect(await page.locator('[data-testid^="download-item-"]').count()).toBe(0);
  }, 90_000);
});
