/**
 * Paid anime episodes in Chromium against the real built server with TRANSCODE on, priced in every
 * order against import and packaging: at import (a `.coins` marker), between import and packaging,
 * and after packaging (while a guest was watching it free). In each case the guest's player shows
 * the lock and the HLS URLs answer 403, and a buyer's player plays it, encrypted. Then the native
 * HLS path: a bare `<video src>` given the buyer's master playlist URL, in a browser context
 * without the app (no session, no headers, no hls.js), plays — the signed key URL in the per-viewer
 * playlist is all the browser needs, as in Safari and iOS.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
import { newPhoneContext } from './support/chromium.js';
import { E2E_KEYS, type RunningServer } from './support/server.js';

let dataDir: string;
let server: RunningServer;
let browser: Browser;
const ep = { atImport: 0, beforePackaging: 0, afterPackaging: 0 };
const works = { marked: 0, plain: 0 };
const allEpisodes: number[] = [];

/** An H.264/AAC 320×240 clip with a keyframe every 2 s. */
function writeClip(path: string, seconds: number): void {
  execFileSync(
    '/usr/bin/ffmpeg',
    [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=24:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '48', '-c:a', 'aac', '-shortest', path],
    ],
    { stdio: 'ignore', timeout: 60_000 },
  );
}

async function importLibrary(): Promise<void> {
  const marked = join(dataDir, 'library/anime/Toll Garden');
  mkdirSync(marked, { recursive: true });
  // Priced at import: the series' coin marker makes episode 4 a coin episode.
  writeFileSync(join(marked, '.coins'), '5\n');
  for (let n = 1; n <= 4; n++) writeClip(join(marked, `Toll Garden - 0${n}.mp4`), n === 4 ? 8 : 2);
  const plain = join(dataDir, 'library/anime/Late Toll');
  mkdirSync(plain, { recursive: true });
  for (let n = 1; n <= 3; n++) writeClip(join(plain, `Late Toll - 0${n}.mp4`), 8);
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
    const rows = await db
      .selectFrom('chapters')
      .innerJoin('works', 'works.id', 'chapters.work_id')
      .select(['chapters.id', 'chapters.pay', 'works.id as work_id', 'works.title'])
      .where('works.type', '=', 2)
      .orderBy('chapters.sort_order')
      .execute();
    const of = (title: string) => rows.filter((r) => r.title === title);
    expect(of('Toll Garden').map((r) => r.pay)).toEqual([0, 0, 0, 1]);
    works.marked = of('Toll Garden')[0]!.work_id;
    works.plain = of('Late Toll')[0]!.work_id;
    ep.atImport = of('Toll Garden')[3]!.id;
    ep.beforePackaging = of('Late Toll')[1]!.id;
    ep.afterPackaging = of('Late Toll')[2]!.id;
    allEpisodes.push(...rows.map((r) => r.id));
    // Priced after the import, before the server (and its packaging) starts.
    await db.updateTable('chapters').set({ pay: 1 }).where('id', '=', ep.beforePackaging).execute();
  } finally {
    await db.destroy();
  }
}

function jobOf(chapterId: number): { status: string; key_hex: string } | undefined {
  return queryServerDb<{ status: string; key_hex: string }>(
    server,
    `select status, key_hex from transcode_jobs where chapter_id = ${chapterId}`,
  )[0];
}

async function waitForJobs(encrypted: number[] = []): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const jobs = allEpisodes.map((id) => [id, jobOf(id)] as const);
    const done = jobs.every(
      ([id, job]) => job?.status === 'ready' && (!encrypted.includes(id) || job.key_hex),
    );
    if (done) return;
    if (Date.now() > deadline) throw new Error(`transcode jobs not finished: ${JSON.stringify(jobs)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A phone with the app open as a fresh guest; `hls` collects the HLS master URLs its player fetched. */
async function viewer(): Promise<{ page: Page; context: BrowserContext; uid: number; masters: string[] }> {
  const context = await newPhoneContext(browser, server.baseURL);
  const page = await context.newPage();
  const masters: string[] = [];
  page.on('request', (request) => {
    if (/\/v3\/anime\/hls\/\d+\/master\.m3u8\?t=/.test(request.url())) masters.push(request.url());
  });
  await page.goto('/');
  await page.waitForFunction(() => location.hash.includes('/pages/home/home'));
  const uid = Number(await page.evaluate(() => localStorage.getItem('uid')));
  return { page, context, uid, masters };
}

const videoTime = (page: Page) => page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.currentTime);

async function openPlayer(page: Page, workId: number, chapterId: number): Promise<void> {
  await page.goto(`/#/pages/anime/player?id=${workId}&ep=${chapterId}`);
}

async function playsInApp(page: Page): Promise<void> {
  await page.getByTestId('video-player').waitFor();
  await page.getByTestId('video').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
  expect(await page.getByTestId('player-error').count()).toBe(0);
}

async function refusedToGuest(page: Page, workId: number, chapterId: number, urls: string[] = []) {
  await openPlayer(page, workId, chapterId);
  // A fresh load: nothing the app cached of an earlier visit (while it was free) stands in.
  await page.reload();
  await expect.poll(() => page.getByTestId('episode-note').getAttribute('data-kind')).toBe('coins');
  expect(await page.getByTestId('video').count()).toBe(0);
  for (const url of [`/v3/anime/hls/${chapterId}/master.m3u8`, ...urls]) {
    const answer = await page.request.get(url);
    expect(answer.status(), url).toBe(403);
    expect(await answer.text()).not.toContain('#EXTM3U');
  }
}

let guest: Awaited<ReturnType<typeof viewer>>;
let buyer: Awaited<ReturnType<typeof viewer>>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-anime-access-'));
  await importLibrary();
  [server, browser] = await startServerAndBrowser({ DATA_DIR: dataDir, TRANSCODE: 'on' });
  await waitForJobs([ep.atImport, ep.beforePackaging]);
  guest = await viewer();
  buyer = await viewer();
}, 300_000);

afterAll(async () => {
  await guest?.context.close();
  await buyer?.context.close();
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('paid episodes, priced in every order', () => {
  it('priced after packaging: the URLs the guest had stop working at once, and the player locks', async () => {
    // The guest watches the last episode while it is free…
    await openPlayer(guest.page, works.plain, ep.afterPackaging);
    await playsInApp(guest.page);
    const freeMaster = guest.masters.at(-1)!;
    expect((await guest.page.request.get(freeMaster)).status()).toBe(200);
    expect(jobOf(ep.afterPackaging)!.key_hex).toBe('');
    // …then it is priced (packaged unencrypted, as the demo's paid episodes used to be).
    executeServerDb(server, `update chapters set pay = 1 where id = ${ep.afterPackaging}`);
    const answer = await guest.page.request.get(freeMaster);
    expect(answer.status()).toBe(403);
    await refusedToGuest(guest.page, works.plain, ep.afterPackaging, [freeMaster]);
    // The server re-packages it with a key at its next poll.
    await waitForJobs([ep.atImport, ep.beforePackaging, ep.afterPackaging]);
  }, 180_000);

  for (const name of ['atImport', 'beforePackaging', 'afterPackaging'] as const) {
    it(`priced ${name}: refused to a guest, played (encrypted) by a buyer`, async () => {
      const id = ep[name];
      const work = name === 'atImport' ? works.marked : works.plain;
      await refusedToGuest(guest.page, work, id);
      // What a purchase leaves behind: the chapter unlocked for the buyer.
      executeServerDb(
        server,
        `insert into chapter_unlocks (user_id, chapter_id, work_id, coins, entry_id, source, created_time)
         values (${buyer.uid}, ${id}, ${work}, 5, 0, 'single', ${Math.floor(Date.now() / 1000)})`,
      );
      await openPlayer(buyer.page, work, id);
      await playsInApp(buyer.page);
      const master = buyer.masters.at(-1)!;
      expect(master).toContain(`/v3/anime/hls/${id}/`);
      const variantLine = (await (await buyer.page.request.get(master)).text())
        .split('\n')
        .find((line) => line.includes('.m3u8'))!;
      const variant = await (await buyer.page.request.get(new URL(variantLine, master).href)).text();
      expect(variant).toMatch(/#EXT-X-KEY:METHOD=AES-128,URI="\/v3\/anime\/key\?chapter_id=\d+&token=/);
      // The buyer's URLs are theirs: the guest's session does not make them the guest's.
      await refusedToGuest(guest.page, work, id);
    }, 120_000);
  }
});

describe('native HLS', () => {
  it('plays an encrypted episode from <video src> with the playlist URL alone', async () => {
    await openPlayer(buyer.page, works.marked, ep.atImport);
    await playsInApp(buyer.page);
    const master = buyer.masters.at(-1)!;
    // A context without the app: no session, no stored token, no hls.js, no custom headers.
    const bare = await browser.newContext();
    try {
      const page = await bare.newPage();
      // A plain page of the server's origin, not the app (Chromium's native HLS does not load
      // from about:blank).
      await page.goto(`${server.baseURL}/healthz`);
      const native = await page.evaluate(() =>
        document.createElement('video').canPlayType('application/vnd.apple.mpegurl'),
      );
      // Chromium 156 plays HLS natively (it answers "maybe"); this test relies on it.
      expect(native).not.toBe('');
      const keyRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/v3/anime/key')) keyRequests.push(request.url());
      });
      await page.evaluate((src) => {
        const video = document.createElement('video');
        video.id = 'v';
        video.muted = true;
        video.src = src;
        document.body.append(video);
      }, master);
      await page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).play());
      const time = () => page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).currentTime);
      await expect.poll(time, { timeout: 20_000 }).toBeGreaterThan(1);
      expect(await page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).error)).toBeNull();
      expect(keyRequests.length).toBeGreaterThan(0);
      // The same URL in the same bare browser, once the buyer's access is gone: refused.
      executeServerDb(
        server,
        `delete from chapter_unlocks where user_id = ${buyer.uid} and chapter_id = ${ep.atImport}`,
      );
      expect((await page.request.get(master)).status()).toBe(403);
    } finally {
      await bare.close();
    }
  }, 60_000);
});
