/**
 * The operator console in Chromium against the real built server: the owner is created with the
 * real CLI, signs in with password and TOTP, approves a pending comment that a reader then sees in
 * the app, answers a feedback that arrives in the reader's messages, handles a report by hiding the
 * comment and banning its author (whose next comment is refused), grants coins the reader's balance
 * shows, and finds all of it in the audit log. Screenshots at 1440×900 (E2E_SCREENSHOTS).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { totpCode } from '../packages/server/src/admin/auth/totp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../packages/server/src/db/database.js';
import {
  createOwnerWithCli,
  freshTotpCode,
  newDesktopContext,
  signInToConsole,
  type CreatedOperator,
} from './support/admin-console.js';
import { cspViolations, newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { queryServerDb } from './support/import-status.js';
import { keepScreenshot } from './support/screenshots.js';
import { seedCatalogue, type SeededCatalogue } from './support/seed-catalogue.js';
import type { RunningServer } from './support/server.js';

let dataDir: string;
let seeded: SeededCatalogue;
let server: RunningServer;
let browser: Browser;
let readerContext: BrowserContext;
let otherContext: BrowserContext;
let operatorContext: BrowserContext;
let alice: Page;
let bob: Page;
let console_: Page;
let owner: CreatedOperator;
const usedCodes = new Set<string>();

const PENDING_TEXT = 'Alice waits for a moderator';
const FEEDBACK_TEXT = 'The reader skips page two on my phone';
const REPLY_TEXT = 'Thanks Alice, fixed in the next release';

async function openReview(page: Page): Promise<void> {
  await page.goto(`/#/pages/cartoon/review?column=${seeded.comics[0]!.id}`);
  await page.reload();
  await page.getByTestId('comments-section').waitFor();
  await page.locator('[data-testid="comments-list"]:not([data-state="loading"])').waitFor();
}

/** Closes the console's toasts, so a picture shows the page under them. */
async function closeToasts(): Promise<void> {
  for (const close of await console_.locator('.ant-notification-notice-close').all()) await close.click();
  await expect.poll(() => console_.locator('.ant-notification-notice').count()).toBe(0);
}

async function consolePage(path: string, ready: string): Promise<void> {
  await console_.goto(`/admin${path}`);
  await console_.locator(ready).first().waitFor();
  // Let antd finish its entrance animations before a picture is taken.
  await console_.waitForTimeout(400);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-admin-'));
  seeded = await seedCatalogue(dataDir, { works: 2, chapters: 1, pages: 1, novels: 0 });
  // Hold new comments for review, as a moderated site does.
  const db = createDatabase({ databaseUrl: null, sqlitePath: join(dataDir, 'app.db') });
  await db
    .insertInto('settings')
    .values({ key: 'community.comment_publish_directly', value: 'false', updated_time: 1 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'false' }))
    .execute();
  await db.destroy();
  [server, browser] = await startServerAndBrowser({ DATA_DIR: dataDir });
  readerContext = await newPhoneContext(browser, server.baseURL);
  otherContext = await newPhoneContext(browser, server.baseURL);
  operatorContext = await newDesktopContext(browser, server.baseURL);
  alice = await readerContext.newPage();
  bob = await otherContext.newPage();
  console_ = await operatorContext.newPage();
}, 180_000);

afterAll(async () => {
  await readerContext?.close();
  await otherContext?.close();
  await operatorContext?.close();
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the operator console', () => {
  it('creates the owner with the CLI and signs in with password and TOTP', async () => {
    owner = await createOwnerWithCli(server, 'e2e-owner');
    expect(owner.role).toBe('owner');
    expect(owner.uri).toMatch(/^otpauth:\/\/totp\//);

    await console_.goto('/admin/community/moderation');
    await console_.getByTestId('login-card').waitFor();
    await keepScreenshot(console_, 'admin-login');
    // A wrong code is refused with the server's message and no session.
    await console_.getByTestId('login-name').fill(owner.name);
    await console_.getByTestId('login-password').fill(owner.password);
    await console_.getByTestId('login-submit').click();
    await console_.getByTestId('login-code').fill('000000');
    await console_.getByTestId('login-submit').click();
    await console_.getByTestId('login-error').waitFor();

    await signInToConsole(console_, owner, await freshTotpCode(owner.secret, usedCodes));
    expect(await console_.getByTestId('operator').textContent()).toContain('e2e-owner');
    expect(await cspViolations(console_)).toEqual([]);
  });

  it('approves a pending comment, which then appears in the app for another reader', async () => {
    await openReview(alice);
    await alice.getByTestId('comment-text').fill(PENDING_TEXT);
    await alice.getByTestId('comment-send').click();
    await alice.getByText(PENDING_TEXT, { exact: true }).first().waitFor();
    await openReview(bob);
    expect(await bob.getByText(PENDING_TEXT).count()).toBe(0);

    await consolePage('/community/moderation', '[data-testid="comment-content"]');
    const row = console_.locator('tr', { hasText: PENDING_TEXT });
    await row.waitFor();
    await keepScreenshot(console_, 'admin-moderation');
    await row.getByRole('button', { name: 'Approve' }).click();
    await console_.getByText('1 comment(s) published').waitFor();
    await expect.poll(() => console_.locator('tr', { hasText: PENDING_TEXT }).count()).toBe(0);

    await openReview(bob);
    await bob.getByText(PENDING_TEXT, { exact: true }).waitFor();
  });

  it('answers a feedback, and the reader gets the answer as a message', async () => {
    await alice.goto('/#/pages/user/feedback/feedback');
    await alice.getByTestId('feedback-page').waitFor();
    await alice.getByTestId('feedback-type-1').click();
    await alice.getByTestId('feedback-content').fill(FEEDBACK_TEXT);
    await alice.getByTestId('feedback-submit').click();
    await alice.getByTestId('feedback-log-page').waitFor();

    await consolePage('/community/feedback', '[data-testid="feedback-content"]');
    const row = console_.locator('tr', { hasText: FEEDBACK_TEXT });
    await row.getByRole('button', { name: 'Reply' }).click();
    await console_.getByTestId('reply-text').fill(REPLY_TEXT);
    // The dialog's zoom-in has ended before the picture.
    await expect
      .poll(() => console_.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter').count())
      .toBe(0);
    await keepScreenshot(console_, 'admin-feedback-reply');
    await console_.locator('.ant-modal-footer .ant-btn-primary').click();
    await console_.getByText('Reply sent to the user as a message').waitFor();

    await alice.goto('/#/pages/user/cell/mes');
    await alice.getByTestId('messages-page').waitFor();
    await expect.poll(() => alice.getByTestId('messages-badge-system').textContent()).toBe('1');
    await alice.getByTestId('messages-tab-system').click();
    await alice.getByText('Reply to your feedback').first().waitFor();
    await alice.goto('/#/pages/user/feedback/log');
    await alice.reload();
    await alice.locator('[data-testid^="feedback-reply-"]', { hasText: REPLY_TEXT }).waitFor();
  });

  it('hides a reported comment and bans its author, whose next comment is refused', async () => {
    await openReview(bob);
    const row = bob.locator('[data-testid^="comment-"][data-uid]', { hasText: PENDING_TEXT }).last();
    const id = Number(((await row.getAttribute('data-testid')) ?? '').replace('comment-', ''));
    await bob.getByTestId(`comment-more-${id}`).click();
    await bob.getByText('Report', { exact: true }).click();
    await bob.getByText('Insults or harassment').click();
    await bob.getByText(/Report successful/).waitFor();

    await consolePage('/community/reports', `[data-testid="resolve-${id}"]`);
    await keepScreenshot(console_, 'admin-reports');
    await console_.getByTestId(`resolve-${id}`).click();
    const dialog = console_.locator('.ant-modal-content');
    await dialog.getByText('Hide', { exact: true }).click();
    await dialog.getByText('Also ban the author from posting').click();
    await dialog.locator('#reason').fill('Harassing other readers');
    await dialog.locator('.ant-btn-primary').click();
    await console_.getByText('Done').first().waitFor();

    await openReview(bob);
    expect(await bob.getByText(PENDING_TEXT).count()).toBe(0);
    await openReview(alice);
    await alice.getByTestId('comment-text').fill('Alice tries again after the ban');
    await alice.getByTestId('comment-send').click();
    await alice.getByText(/You cannot post comments until/).waitFor();
  });

  it('finds the reader, grants coins through the ledger, and the app shows the new balance', async () => {
    const [reader] = queryServerDb<{ id: number }>(
      server,
      `select user_id as id from feedback order by id desc limit 1`,
    );
    await consolePage('/users', '[data-testid="user-search"]');
    await console_.getByTestId('user-search').fill(String(reader!.id));
    await console_.getByTestId('user-search').press('Enter');
    await console_.locator('tr', { hasText: 'Banned' }).first().waitFor();
    await keepScreenshot(console_, 'admin-users');
    await console_.goto(`/admin/users/${reader!.id}`);
    await console_.getByTestId('user-profile').waitFor();
    await console_.getByTestId('grant-user').click();
    const dialog = console_.locator('.ant-modal-content');
    await dialog.locator('#amount').fill('50');
    await dialog.locator('#reason').fill('Thanks for the bug report');
    await dialog.locator('.ant-btn-primary').click();
    await console_.getByText('Granted').first().waitFor();
    await expect.poll(() => console_.getByTestId('user-profile').textContent()).toMatch(/Bonus coins\s*50/);
    await closeToasts();
    await keepScreenshot(console_, 'admin-user');

    // The reader is a guest: the Me page shows their coins (bonus coins under 'user-bonus').
    await alice.goto('/#/pages/user/user');
    await alice.reload();
    await expect.poll(() => alice.getByTestId('user-bonus').locator('dd').textContent()).toBe('50');
  });

  it('shows every change in the audit log, filterable by action', async () => {
    await consolePage('/system/audit', 'tbody tr.ant-table-row');
    for (const action of ['comment.approve', 'feedback.reply', 'report.hide', 'user.ban', 'user.grant_coins'])
      await console_.locator('tbody').getByText(action, { exact: true }).first().waitFor();
    await keepScreenshot(console_, 'admin-audit');
    const rows = queryServerDb<{ action: string; operator_name: string }>(
      server,
      `select action, operator_name from audit_log where action <> 'auth.login' order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual([
      'comment.approve',
      'feedback.reply',
      'report.hide',
      'user.ban',
      'user.grant_coins',
    ]);
    expect(new Set(rows.map((r) => r.operator_name))).toEqual(new Set(['e2e-owner']));
    expect(await cspViolations(console_)).toEqual([]);
  });

  it('shows the dashboard and the word filter', async () => {
    await consolePage('/', '[data-testid="dashboard"] .recharts-surface');
    // The reported comment was hidden and the feedback answered: nothing waits for an operator.
    const queue = console_.locator('.ant-statistic', { hasText: 'Pending comments' });
    expect(await queue.locator('.ant-statistic-content-value').textContent()).toBe('0');
    await keepScreenshot(console_, 'admin-dashboard');
    await consolePage('/community/words', '[data-testid="word-list"] .ant-tag');
    await console_.getByTestId('word-input').fill('spoiler');
    await console_.getByTestId('word-input').press('Enter');
    await console_.getByTestId('word-save').click();
    await console_.getByText('Word filter saved').waitFor();
    await closeToasts();
    await keepScreenshot(console_, 'admin-words');
    expect(await cspViolations(console_)).toEqual([]);
  });

  it('creates a moderator, who signs in to moderation only: no dashboard, money, system or grants', async () => {
    await consolePage('/system/operators', 'tbody tr.ant-table-row');
    await console_.getByRole('button', { name: 'New operator' }).click();
    const dialog = console_.locator('.ant-modal-content');
    await dialog.locator('#name').fill('e2e-mod');
    await dialog.locator('#password').fill('moderator-password-1');
    // The role defaults to moderator.
    expect(await dialog.locator('.ant-select-selection-item').textContent()).toBe('Moderator');
    await dialog.locator('.ant-btn-primary').click();
    const qr = console_.locator('.ant-modal-content img[alt="TOTP QR"]');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = (await console_.locator('.ant-modal-content code').textContent())!.trim();
    await closeToasts();
    await keepScreenshot(console_, 'admin-operators');

    const modContext = await newDesktopContext(browser, server.baseURL);
    try {
      const mod = await modContext.newPage();
      await signInToConsole(
        mod,
        { id: 0, name: 'e2e-mod', role: 'moderator', secret, uri: '', password: 'moderator-password-1' },
        totpCode(secret),
      );
      expect(await mod.getByTestId('operator').textContent()).toContain('Moderator');
      // Moderation only: the console opens on the moderation queue, and the menu holds only
      // Community and Users (no dashboard, money, system or operator management).
      await mod.waitForURL(/\/admin\/community\/moderation/);
      await mod.getByTestId('status-filter').waitFor();
      const menu = mod.locator('.ant-layout-sider .ant-menu');
      await menu.getByText('Community', { exact: true }).waitFor();
      await menu.getByText('Users', { exact: true }).waitFor();
      for (const hidden of ['Dashboard', 'Money', 'System', 'Catalogue', 'Operators'])
        expect(await menu.getByText(hidden, { exact: true }).count(), hidden).toBe(0);
      await keepScreenshot(mod, 'admin-moderator');
      await mod.goto('/admin/users/1');
      await mod.getByTestId('user-profile').waitFor();
      expect(await mod.getByTestId('grant-user').count()).toBe(0);
      // A user's orders and ledger are money: not a moderator's to read.
      expect(await mod.getByRole('tab', { name: 'Orders' }).count()).toBe(0);
      expect(await mod.getByRole('tab', { name: 'Ledger' }).count()).toBe(0);
    } finally {
      await modContext.close();
    }
  });
});
