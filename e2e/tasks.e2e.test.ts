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
import { createEnvelope } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { openApp, storedSession } from './support/app-session.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { queryServerDb } from './support/import-status.js';
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
