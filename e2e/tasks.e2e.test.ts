/**
 * The task centre in the browser against the real built server: a guest sees the tasks but any
 * check-in opens the guest prompt; a registered user checks in three days running (the server's
 * task clock moved through its test-only offset file) with growing rewards, reads chapters in the
 * reader and claims the reading task, and cannot claim it a second time. The server's database is
 * read alongside to check what the ledger paid.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEnvelope, LOCALES } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { openApp, storedSession } from './support/app-session.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { queryServerDb } from './support/import-status.js';
import { keepScreenshot, settle } from './support/screenshots.js';
import { seedCatalogue, type SeededWork } from './support/seed-catalogue.js';
import { E2E_KEYS, type RunningServer } from './support/server.js';
import {
  checkInToday,
  openQuest,
  readChapters,
  registerNewUser,
  setTaskClockDays,
  taskClockEnv,
} from './support/task-flow.js';

let dataDir: string;
let smtp: SmtpPeer;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Four chapters: the first three free. */
let comic: SeededWork;

function db<T>(sqlText: string): T[] {
  return queryServerDb<T>(server, sqlText);
}

function wallet(uid: number) {
  return {
    ticket: db<{ ticket: number }>(`select ticket from users where id = ${uid}`)[0]!.ticket,
    entries: db<{ n: number }>(`select count(*) as n from ledger_entries where user_id = ${uid}`)[0]!.n,
  };
}

/** A claim sent over the real protocol with the browser's own session, outside the page's UI. */
async function claimAgain(session: { uid: number; token: string }, key: string) {
  const envelope = createEnvelope(E2E_KEYS.envelopeKey, nodeCfbCipher);
  const body = {
    user_token: session.token,
    user_id: session.uid,
    facility: 'Linux_h5',
    deviceid: 'e2e-tasks-replay',
    apikey: E2E_KEYS.apiKey,
    is_guest: 0,
    timestamp: Date.now(),
    key,
    idempotency_key: `replay-${Date.now()}`,
  };
  const response = await fetch(`${server.baseURL}/v3/task/claim`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `data=${envelope.seal(body)}`,
  });
  return (await response.json()) as { code: number; msg: string };
}

/**
 * The words of the check-in tiles that the browser broke across two lines: each word-like segment
 * of every text node is measured with a Range, whose client rects fall on more than one line when
 * the word was split. Chinese may break between any two characters, so a Han segment is measured
 * per character (which cannot split). Also answers how many words were measured.
 */
async function wordsBrokenInTiles(p: Page): Promise<{ measured: number; broken: string[] }> {
  return p.evaluate(() => {
    const segmenter = new Intl.Segmenter(document.documentElement.lang, { granularity: 'word' });
    const broken: string[] = [];
    let measured = 0;
    for (const tile of Array.from(document.querySelectorAll('[data-testid^="quest-day-"]'))) {
      const walker = document.createTreeWalker(tile, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const { segment, index, isWordLike } of segmenter.segment(text)) {
          if (!isWordLike || /\p{Script=Han}/u.test(segment)) continue;
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + segment.length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          );
          measured += 1;
          if (lines.size > 1) broken.push(`${segment} (${tile.getAttribute('data-testid')})`);
        }
      }
      // A word too long for its tile would stick out of it instead of breaking: that counts too.
      if (tile.scrollWidth > tile.clientWidth + 1)
        broken.push(`overflow (${tile.getAttribute('data-testid')})`);
    }
    return { measured, broken };
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-tasks-'));
  const seeded = await seedCatalogue(dataDir, { works: 1, chapters: 4, pages: 1, novels: 0 });
  comic = seeded.comics[0]!;
  smtp = await startSmtpPeer();
  [server, browser] = await startServerAndBrowser({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM: '51动漫 <no-reply@example.test>',
    ...taskClockEnv(dataDir),
  });
  context = await newPhoneContext(browser, server.baseURL);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the task centre', () => {
  let uid = 0;

  it('shows a guest the tasks, and the guest prompt instead of a check-in', async () => {
    await openApp(page);
    await openQuest(page);
    await page.getByTestId('quest-task-daily_read_chapters').waitFor();
    await page.getByTestId('quest-checkin-button').click();
    await page.getByTestId('guest-prompt').waitFor();
    await page.getByTestId('guest-prompt-cancel').click();
    await page.getByTestId('guest-prompt').waitFor({ state: 'detached' });
    const guest = await storedSession(page);
    expect(db(`select id from task_claims where user_id = ${guest.uid}`)).toEqual([]);
  });

  it('checks a registered user in three days running with growing rewards', async () => {
    await registerNewUser(page, smtp, `tasks-${Date.now()}@example.test`);
    uid = (await storedSession(page)).uid;
    for (const [day, streak] of [
      [0, 1],
      [1, 2],
      [2, 3],
    ] as const) {
      setTaskClockDays(dataDir, day);
      await openQuest(page);
      // The moved clock makes it a new task day: check-in is open again.
      await page.locator('[data-testid="quest-checkin-button"]:enabled').waitFor();
      await checkInToday(page, streak);
      expect(await page.getByTestId(`quest-day-${streak}`).getAttribute('data-checked')).toBe('1');
    }
    // Day rewards 5 + 10 + 15 bonus coins, one ledger entry each.
    expect(wallet(uid)).toEqual({ ticket: 30, entries: 3 });
  });

  it('breaks no word inside a check-in tile on a 320 px phone, in every language', async () => {
    await openQuest(page);
    for (const locale of LOCALES) {
      await page.evaluate((lng) => localStorage.setItem('locale', lng), locale);
      for (const size of [
        { width: 320, height: 640 },
        { width: 375, height: 812 },
      ]) {
        await page.setViewportSize(size);
        // The quest page is open: a reload shows it again, in the stored language.
        await page.reload();
        await page.getByTestId('quest-checkin').waitFor();
        await page.waitForFunction((lng) => document.documentElement.lang === lng, locale);
        // Days 1–3 are ticked, days 4–7 show their rewards ('+20 monedas', '24 h VIP').
        await page.getByTestId('quest-day-7').waitFor();
        const { measured, broken } = await wordsBrokenInTiles(page);
        expect(measured, `${locale} at ${size.width} px`).toBeGreaterThanOrEqual(7);
        expect(broken, `${locale} at ${size.width} px`).toEqual([]);
        if (size.width === 375 && (locale === 'es' || locale === 'fr')) {
          await settle(page);
          await keepScreenshot(page, `checkin-${locale}`);
        }
      }
    }
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await page.setViewportSize({ width: 375, height: 812 });
  });

  it('counts chapters read in the reader; the reading task is claimed once', async () => {
    await openQuest(page);
    expect(await page.getByTestId('quest-progress-daily_read_chapters').textContent()).toBe('0/3');
    await readChapters(page, comic, 3);
    await openQuest(page);
    // The page shows its last answer at once and refreshes it on arrival: wait for the fresh one.
    await expect.poll(() => page.getByTestId('quest-progress-daily_read_chapters').textContent()).toBe('3/3');
    const claim = page.getByTestId('quest-claim-daily_read_chapters');
    await claim.dblclick();
    await page.locator('[data-testid="quest-task-daily_read_chapters"][data-status="claimed"]').waitFor();
    expect(wallet(uid)).toEqual({ ticket: 40, entries: 4 });

    const again = await claimAgain(await storedSession(page), 'daily_read_chapters');
    expect(again.code).toBe(1403);
    expect(wallet(uid)).toEqual({ ticket: 40, entries: 4 });
    await page.reload();
    await page.locator('[data-testid="quest-task-daily_read_chapters"][data-status="claimed"]').waitFor();
    expect(await claim.count()).toBe(0);
  });
});
