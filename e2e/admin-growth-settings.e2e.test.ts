/**
 * Growth → Tasks, Invites, Start-up settings and Texts in Chromium against the real built server.
 * The owner (real CLI, TOTP sign-in) changes them in the console and a reader's phone (375×812)
 * follows: the new check-in reward on the quest page (and paid on checking in), a task's new target
 * and reward, the new about text, a new invitee reward paid to a friend who registers through the
 * reader's link (then listed among the top inviters), and the AI tab gone from the tab bar.
 * Screenshots (E2E_SCREENSHOTS) of the four console pages at 1440×900: admin-growth-tasks /
 * -invites / -startup / -texts.png, and two app pages.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { go, registerByEmail, storedSession } from './support/app-session.js';
import { cspViolations, newPhoneContext } from './support/chromium.js';
import { startConsoleFixture, type ConsoleFixture } from './support/console-fixture.js';
import { queryServerDb } from './support/import-status.js';
import { balancePage, readInvite } from './support/invite-flow.js';
import { keepScreenshot } from './support/screenshots.js';
import type { RunningServer } from './support/server.js';
import { openQuest, registerNewUser } from './support/task-flow.js';

let fixture: ConsoleFixture;
let smtp: SmtpPeer;
let server: RunningServer;
let browser: Browser;
let reader: Page;
let console_: Page;

function db<T>(sqlText: string): T[] {
  return queryServerDb<T>(server, sqlText);
}

/** An antd input's <input>, whichever element carries the test id. */
function inputOf(testId: string) {
  return console_
    .locator(
      `input[data-testid="${testId}"], textarea[data-testid="${testId}"], [data-testid="${testId}"] input`,
    )
    .first();
}

async function closeToasts(): Promise<void> {
  for (const close of await console_.locator('.ant-notification-notice-close').all()) await close.click();
  await expect.poll(() => console_.locator('.ant-notification-notice').count()).toBe(0);
}

async function consolePage(path: string, ready: string): Promise<void> {
  await console_.goto(`/admin${path}`);
  await console_.locator(ready).first().waitFor();
  await console_.waitForTimeout(400);
}

async function uidOf(page: Page): Promise<number> {
  return (await storedSession(page)).uid;
}

async function saved(): Promise<void> {
  await console_.locator('.ant-notification-notice-success').waitFor();
  await closeToasts();
}

beforeAll(async () => {
  fixture = await startConsoleFixture({
    name: 'admin-growthset',
    smtp: true,
  });
  ({ server, browser, reader, operator: console_ } = fixture);
  smtp = fixture.smtp!;
}, 180_000);
afterAll(async () => fixture?.close());

describe('the console’s Growth settings', () => {
  it('a new check-in reward shows on the reader’s quest page and is what a check-in pays', async () => {
    await registerNewUser(reader, smtp, `growth-${Date.now()}@example.test`);
    await openQuest(reader);
    await expect.poll(() => reader.getByTestId('quest-day-1').textContent()).toContain('5');

    await consolePage('/growth/tasks', '[data-testid="edit-task-daily_read_chapters"]');
    await keepScreenshot(console_, 'admin-growth-tasks');
    await inputOf('checkin-amount-1').fill('88');
    await inputOf('checkin-makeup').fill('35');
    await console_.getByTestId('checkin-save').click();
    await saved();
    expect(
      db<{ reward_amount: number }>('select reward_amount from task_checkin_days where day = 1')[0],
    ).toEqual({
      reward_amount: 88,
    });
    // A reward over the cap (100,000 coins) is stopped in the form and changes nothing.
    await inputOf('checkin-amount-2').fill('200000');
    await console_.getByTestId('checkin-save').click();
    await console_.locator('.ant-form-item-explain-error').first().waitFor();
    expect(
      db<{ reward_amount: number }>('select reward_amount from task_checkin_days where day = 2')[0],
    ).toEqual({
      reward_amount: 10,
    });

    await openQuest(reader);
    await expect.poll(() => reader.getByTestId('quest-day-1').textContent()).toContain('88');
    await keepScreenshot(reader, 'admin-growth-app-checkin');
    await reader.getByTestId('quest-checkin-button').click();
    await reader.locator('[data-testid="quest-checkin"][data-streak="1"]').waitFor();
    const uid = await uidOf(reader);
    expect(db<{ ticket: number }>(`select ticket from users where id = ${uid}`)[0]).toEqual({ ticket: 88 });
    const audit = db<{ after_json: string }>(
      `select after_json from audit_log where action = 'checkin.update'`,
    );
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json)).toMatchObject({ makeupCost: 35 });
  }, 180_000);

  it('a task’s new target and reward, edited in its dialog, show in the reader’s task centre', async () => {
    await consolePage('/growth/tasks', '[data-testid="edit-task-daily_read_chapters"]');
    await console_.getByTestId('edit-task-daily_read_chapters').click();
    await inputOf('task-target').fill('6');
    await inputOf('task-reward-amount').fill('12');
    await console_.getByTestId('task-save').click();
    await saved();
    await expect
      .poll(() => console_.getByTestId('task-reward-daily_read_chapters').textContent())
      .toBe('+12 coins');

    await openQuest(reader);
    await expect
      .poll(() => reader.getByTestId('quest-progress-daily_read_chapters').textContent())
      .toBe('0/6');
    expect(await reader.getByTestId('quest-task-daily_read_chapters').textContent()).toContain('12');
  }, 120_000);

  it('a new about text shows on the reader’s about page, as plain text', async () => {
    await consolePage('/growth/texts', '[data-testid="text-about-content"]');
    await inputOf('text-about-title').fill('About 51动漫');
    await inputOf('text-about-content').fill('Comics, novels and anime in one place. <b>Read</b> anywhere.');
    await console_.getByTestId('text-about-save').click();
    await saved();
    await console_.waitForTimeout(300);
    await keepScreenshot(console_, 'admin-growth-texts');

    await go(reader, '/pages/user/about/about');
    await reader.reload();
    await reader.getByTestId('about-page').waitFor();
    await expect
      .poll(() => reader.locator('[data-testid="about-page"] article').textContent())
      .toBe('About 51动漫Comics, novels and anime in one place. Read anywhere.');
    await keepScreenshot(reader, 'admin-growth-app-about');
    expect(db<{ n: number }>(`select count(*) as n from audit_log where action = 'text.update'`)[0]!.n).toBe(
      1,
    );
  }, 120_000);

  it('a new invitee reward is what a friend gets, and the friend shows among the top inviters', async () => {
    await consolePage('/growth/invites', '[data-testid="invite-save"]');
    expect(await inputOf('invite-invitee_coins').inputValue()).toBe('50');
    await inputOf('invite-invitee_coins').fill('66');
    await console_.getByTestId('invite-save').click();
    await saved();

    const invite = await readInvite(reader);
    const friendContext = await newPhoneContext(browser, server.baseURL);
    try {
      const friend = await friendContext.newPage();
      await friend.goto(invite.link);
      await friend.waitForFunction(() => location.hash.startsWith('#/pages/user/login/login'));
      await friend.getByTestId('login-to-register').click();
      expect(await friend.getByTestId('register-invite').inputValue()).toBe(invite.code);
      await registerByEmail(friend, smtp, `friend-${Date.now()}@example.test`, 'invite password');
      await expect.poll(await balancePage(friend)).toBe(66);
    } finally {
      await friendContext.close();
    }

    await consolePage('/growth/invites', '[data-testid="invite-save"]');
    await console_.locator('.ant-table-row').first().waitFor();
    expect(await console_.locator('.ant-table-row').count()).toBe(2); // one top inviter, one code entered
    expect(await console_.locator('.ant-table-row').first().textContent()).toContain(
      String(await uidOf(reader)),
    );
    await keepScreenshot(console_, 'admin-growth-invites');
  }, 180_000);

  it('switching the AI tab off in start-up settings takes it out of the reader’s tab bar', async () => {
    await go(reader, '/pages/home/home');
    await reader.getByTestId('tab-ai').waitFor();
    await consolePage('/growth/startup', '[data-testid="start-save"]');
    expect(await inputOf('start-app_start_countdown').inputValue()).toBe('5');
    await keepScreenshot(console_, 'admin-growth-startup');
    await console_.getByTestId('start-app_tabbar_ai_mode').click();
    await console_.getByTestId('start-save').click();
    await saved();
    expect(
      db<{ value: string }>(`select value from settings where key = 'start.app_tabbar_ai_mode'`)[0],
    ).toEqual({
      value: '0',
    });

    await reader.reload();
    await reader.getByTestId('tab-bar').waitFor();
    await reader.getByTestId('tab-comics').waitFor();
    await expect.poll(() => reader.getByTestId('tab-ai').count()).toBe(0);
    expect(await cspViolations(console_)).toEqual([]);
  }, 120_000);
});
