/**
 * Steps the task-centre browser test and its screenshot tour share: a server whose task clock a
 * test can move (DM51_TEST_CLOCK=1 + TASK_CLOCK_OFFSET_FILE, honoured only with both set), a new
 * registered user, reading chapters in the comic reader, and checking in on the quest page.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { SmtpPeer } from '../../packages/server/src/testing/delivery-peers.js';
import { go, openApp, registerByEmail } from './app-session.js';
import type { SeededWork } from './seed-catalogue.js';

export const QUEST_PATH = '/pages/quest/quest';
export const QUEST_LOG_PATH = '/pages/quest/questLog';

/** The server env that lets this test move the task clock through a file in the data folder. */
export function taskClockEnv(dataDir: string): Record<string, string> {
  return { DM51_TEST_CLOCK: '1', TASK_CLOCK_OFFSET_FILE: taskClockFile(dataDir) };
}

function taskClockFile(dataDir: string): string {
  return join(dataDir, 'task-clock-offset');
}

/**
 * Moves the server's task clock (read on every request) to the first minute of a task day plus
 * `days`: day 0 is the next midnight in the server's default zone (Asia/Shanghai, UTC+8, no DST),
 * so a run near midnight never sees the day change between two steps.
 */
export function setTaskClockDays(dataDir: string, days: number): void {
  const shanghaiSecondOfDay = (Math.floor(Date.now() / 1000) + 8 * 3600) % 86_400;
  const toNextDay = 86_400 - shanghaiSecondOfDay + 60;
  writeFileSync(taskClockFile(dataDir), String(toNextDay + days * 86_400));
}

/** Opens the app as a guest and registers `email` (from the login page) with a mailed code. */
export async function registerNewUser(page: Page, smtp: SmtpPeer, email: string): Promise<void> {
  await openApp(page);
  await go(page, '/pages/user/login/login');
  await page.getByTestId('login-to-register').click();
  await registerByEmail(page, smtp, email, 'tasks password');
  // The welcome toast would cover what comes next: let it come and go.
  const toast = page.locator('.adm-toast-mask');
  await toast.waitFor({ timeout: 3_000 }).catch(() => undefined);
  await toast.waitFor({ state: 'detached' });
}

/** Opens the first `count` chapters of a comic in the reader, each until its first page shows. */
export async function readChapters(page: Page, comic: SeededWork, count: number): Promise<void> {
  for (const chapter of comic.chapters.slice(0, count)) {
    await go(page, `/pages/cartoon/reader?column=${comic.id}&chapter=${chapter.id}`);
    await page.locator(`[data-testid="comic-reader"][data-chapter-id="${chapter.id}"]`).waitFor();
    await page.locator('[data-testid="comic-scroll"] img').first().waitFor();
  }
}

/** Opens the quest page fresh and waits for its check-in card. */
export async function openQuest(page: Page): Promise<void> {
  await go(page, '/pages/home/home');
  await go(page, QUEST_PATH);
  await page.getByTestId('quest-checkin').waitFor();
}

/** Taps check-in and waits until the card shows today checked with `streak`. */
export async function checkInToday(page: Page, streak: number): Promise<void> {
  await page.getByTestId('quest-checkin-button').click();
  await page.locator(`[data-testid="quest-checkin"][data-streak="${streak}"]`).waitFor();
  await page.getByTestId('quest-checkin-button').and(page.locator(':disabled')).waitFor();
}
