/**
 * `npm run screenshots:tasks`: the docs' task-centre pictures, taken from the product as a user
 * sees it, at 375×812 in the light theme. Seeds one comic, starts the built server with its task
 * clock movable (test-only) and a real SMTP peer, then: a guest taps check-in and meets the guest
 * prompt (tasks-guest-prompt.png); a new user checks in two days running, reads three chapters,
 * favourites the comic on its detail page (tasks-detail-share.png: the share button beside it)
 * and claims the reading task (tasks-quest.png: a streak, claimed, claimable
 * and open tasks), and the task log (tasks-quest-log.png). Writes into E2E_SCREENSHOTS (default
 * docs/screenshots).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startSmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { go, openApp } from './support/app-session.js';
import { startServerAndBrowser } from './support/harness.js';
import { keepScreenshot, newThemedContext, settle } from './support/screenshots.js';
import { seedCatalogue } from './support/seed-catalogue.js';
import { REPO_ROOT, type RunningServer } from './support/server.js';
import {
  QUEST_LOG_PATH,
  checkInToday,
  openQuest,
  readChapters,
  registerNewUser,
  setTaskClockDays,
  taskClockEnv,
} from './support/task-flow.js';

async function main(): Promise<void> {
  process.env['E2E_SCREENSHOTS'] ??= join(REPO_ROOT, 'docs/screenshots');
  const dataDir = mkdtempSync(join(tmpdir(), 'dm51-tasks-shots-'));
  const {
    comics: [comic],
  } = await seedCatalogue(dataDir, { works: 1, chapters: 4, pages: 1, novels: 0 });
  const smtp = await startSmtpPeer();
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    [server, browser] = await startServerAndBrowser({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: '51动漫 <no-reply@example.test>',
      ...taskClockEnv(dataDir),
    });
    const context = await newThemedContext(browser, server.baseURL, 'light');
    const page = await context.newPage();
    page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));

    await openApp(page);
    await openQuest(page);
    await page.getByTestId('quest-checkin-button').click();
    await page.getByTestId('guest-prompt').waitFor();
    await settle(page);
    await keepScreenshot(page, 'tasks-guest-prompt');
    await page.getByTestId('guest-prompt-cancel').click();

    await registerNewUser(page, smtp, `tasks-tour-${Date.now()}@example.test`);
    for (const [day, streak] of [
      [0, 1],
      [1, 2],
    ] as const) {
      setTaskClockDays(dataDir, day);
      await openQuest(page);
      await page.locator('[data-testid="quest-checkin-button"]:enabled').waitFor();
      await checkInToday(page, streak);
    }
    await readChapters(page, comic!, 3);
    await go(page, `/pages/cartoon/details?column=${comic!.id}`);
    await page.getByTestId('detail-favorite').click();
    await page.locator('[data-testid="detail-favorite"][aria-pressed="true"]').waitFor();
    await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await settle(page);
    await keepScreenshot(page, 'tasks-detail-share');
    await openQuest(page);
    await page.getByTestId('quest-claim-daily_read_chapters').click();
    await page.locator('[data-testid="quest-task-daily_read_chapters"][data-status="claimed"]').waitFor();
    await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await settle(page);
    await keepScreenshot(page, 'tasks-quest');

    await go(page, QUEST_LOG_PATH);
    await page.getByTestId('quest-log-row').first().waitFor();
    await settle(page);
    await keepScreenshot(page, 'tasks-quest-log');
    await context.close();
    console.log(`screenshots written to ${process.env['E2E_SCREENSHOTS']}`);
  } catch (error) {
    if (server) console.error(server.output().slice(-3000));
    throw error;
  } finally {
    await browser?.close();
    await server?.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
