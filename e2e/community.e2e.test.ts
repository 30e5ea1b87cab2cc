/**
 * Community on a phone, against the real built server on a seeded comic: two guests (two browser
 * contexts) comment, reply, like, attach a picture and expand replies; one reports and blocks the
 * other; a reply raises an unread badge that clears when read; feedback with a screenshot shows in
 * the log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerAndBrowser } from './support/harness.js';
import { executeServerDb } from './support/import-status.js';
import { newPhoneContext } from './support/chromium.js';
import { seedCatalogue, type SeededCatalogue } from './support/seed-catalogue.js';
import { keepScreenshot } from './support/screenshots.js';
import type { RunningServer } from './support/server.js';

let dataDir: string;
let seeded: SeededCatalogue;
let server: RunningServer;
let browser: Browser;
let aliceContext: BrowserContext;
let bobContext: BrowserContext;
let alice: Page;
let bob: Page;
let png: Buffer;

const reviewHash = () => `/#/pages/cartoon/review?column=${seeded.comics[0]!.id}`;

async function openReview(page: Page): Promise<void> {
  await page.goto(reviewHash());
  // A fresh load, as when the page is opened again later (the hash alone may not change).
  await page.reload();
  await page.getByTestId('comments-section').waitFor();
  await page.locator('[data-testid="comments-list"]:not([data-state="loading"])').waitFor();
}

async function post(page: Page, text: string): Promise<void> {
  await page.getByTestId('comment-text').fill(text);
  await page.getByTestId('comment-send').click();
  await page.getByText(text, { exact: true }).first().waitFor();
  // Sent means the box is empty again and no longer replying: the next step may start a new reply.
  await expect.poll(() => page.getByTestId('comment-text').inputValue()).toBe('');
  expect(await page.getByTestId('comment-reply-cancel').count()).toBe(0);
}

/** The id of the comment row whose text is exactly `text`. */
async function commentId(page: Page, text: string): Promise<number> {
  const row = page.locator('[data-testid^="comment-"][data-uid]', { hasText: text }).last();
  const testId = (await row.getAttribute('data-testid')) ?? '';
  return Number(testId.replace('comment-', ''));
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-community-'));
  seeded = await seedCatalogue(dataDir, { works: 1, chapters: 1, pages: 1, novels: 0 });
  [server, browser] = await startServerAndBrowser({ DATA_DIR: dataDir });
  aliceContext = await newPhoneContext(browser, server.baseURL);
  bobContext = await newPhoneContext(browser, server.baseURL);
  alice = await aliceContext.newPage();
  bob = await bobContext.newPage();
  png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#4477dd' } })
    .png()
    .toBuffer();
}, 120_000);

afterAll(async () => {
  await aliceContext?.close();
  await bobContext?.close();
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('comments between two users', () => {
  it('refuses a too-short comment, then posts, replies, likes and attaches a picture', async () => {
    await openReview(alice);
    await alice.getByTestId('comment-text').fill('ab');
    await alice.getByTestId('comment-send').click();
    await alice.getByText('comment too short!').waitFor();
    // The send button only shows with text or a picture.
    await alice.getByTestId('comment-text').fill('');
    expect(await alice.getByTestId('comment-send').count()).toBe(0);
    await post(alice, 'Alice thinks the art is wonderful');
    const top = await commentId(alice, 'Alice thinks the art is wonderful');
    expect(top).toBeGreaterThan(0);

    await openReview(bob);
    await bob.getByTestId(`comment-reply-${top}`).click();
    await post(bob, 'Bob agrees completely');
    await bob.getByTestId(`comment-like-${top}`).click();
    await expect.poll(() => bob.getByTestId(`comment-like-${top}`).textContent()).toContain('1');
    expect(await bob.getByTestId(`comment-like-${top}`).getAttribute('aria-pressed')).toBe('true');

    await bob
      .getByTestId('comment-image-file')
      .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: png });
    await bob.locator('.comment-input__thumb').first().waitFor();
    await post(bob, 'Bob shares a picture');
    const withPicture = await commentId(bob, 'Bob shares a picture');
    await bob.getByTestId(`comment-images-${withPicture}-0`).locator('img').waitFor();
    await bob.getByTestId(`comment-images-${withPicture}-0`).click();
    await bob.locator('.adm-image-viewer-content').waitFor();
    await bob.getByTestId('image-viewer-close').click();
    await bob.locator('.adm-image-viewer-content').waitFor({ state: 'hidden' });
  });

  it('shows the first 2 replies and expands the rest', async () => {
    const top = await commentId(alice, 'Alice thinks the art is wonderful');
    await bob.goto(reviewHash());
    await bob.getByTestId(`comment-reply-${top}`).click();
    await post(bob, 'Bob second reply');
    await bob.getByTestId(`comment-reply-${top}`).click();
    await post(bob, 'Bob third reply');
    // Age the replies past the "new" window, as if they were posted days ago.
    executeServerDb(
      server,
      `update comments set created_time = created_time - ${3 * 86_400} where father_id = ${top}`,
    );

    await openReview(alice);
    const replies = alice.getByTestId(`comment-replies-${top}`);
    await replies.getByText('Bob agrees completely').waitFor();
    expect(await replies.getByText('Bob third reply').count()).toBe(0);
    await expect.poll(() => alice.getByTestId(`comment-expand-${top}`).textContent()).toBe('Expand 1 reply');
    await alice.getByTestId(`comment-expand-${top}`).click();
    await replies.getByText('Bob third reply').waitFor();
    expect(await alice.getByTestId(`comment-expand-${top}`).textContent()).toBe('Collapse');
    await keepScreenshot(alice, 'community-comments');
  });

  it('raises an unread badge for the reply that clears when read', async () => {
    await alice.goto('/#/pages/user/cell/mes');
    await alice.getByTestId('messages-page').waitFor();
    await expect.poll(() => alice.getByTestId('messages-badge-reply').textContent()).toBe('3');
    await keepScreenshot(alice, 'community-messages');
    await alice.getByTestId('messages-tab-reply').click();
    const first = alice.locator('[data-testid^="message-"][data-read="0"]').first();
    await first.waitFor();
    await first.click();
    await alice.getByTestId('message-details').waitFor();
    await alice.goBack();
    await alice.getByTestId('messages-page').waitFor();
    await expect.poll(() => alice.getByTestId('messages-badge-reply').textContent()).toBe('2');
    await alice.getByTestId('messages-read-all').click();
    await expect.poll(() => alice.getByTestId('messages-badge-reply').count()).toBe(0);
  });

  it('marks the Me page bell with the unread count, 99+ past 99', async () => {
    await alice.goto('/#/pages/user/user');
    await alice.getByTestId('user-messages').waitFor();
    expect(await alice.getByTestId('user-unread').count()).toBe(0);
    // 1,001 notices for Alice (the owner of the replies above), as a busy account would have.
    executeServerDb(
      server,
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 1001)
       insert into messages (user_id, type, title, content, created_time)
       select (select user_id from messages where type = 2 order by id limit 1), 1, 'Notice ' || i, 'Body', ${Math.floor(Date.now() / 1000)} from n`,
    );
    await alice.reload();
    await expect.poll(() => alice.getByTestId('user-unread').textContent()).toBe('99+');
    expect(await alice.getByTestId('user-messages').getAttribute('aria-label')).toBe('Messages, 1001 unread');
    await keepScreenshot(alice, 'user-unread-bell');
  });

  it('reports and blocks an author, whose comments stay gone after a reload', async () => {
    await openReview(alice);
    const reply = await commentId(alice, 'Bob agrees completely');
    await alice.getByTestId(`comment-more-${reply}`).click();
    await alice.getByText('Report', { exact: true }).click();
    await alice.getByText('Insults or harassment').click();
    await alice.getByText(/Report successful, we will handle within 24 hours/).waitFor();

    await alice.getByTestId(`comment-more-${reply}`).click();
    await alice.getByText('Block', { exact: true }).click();
    await alice.locator('.adm-dialog-button', { hasText: 'Block' }).click();
    await alice.getByText('block succeeded').waitFor();
    await expect.poll(() => alice.getByText('Bob agrees completely').count()).toBe(0);

    // Another device knows nothing locally: the server's block list still hides Bob.
    await alice.evaluate(() => localStorage.removeItem('blacklist'));
    await openReview(alice);
    await alice.getByText('Alice thinks the art is wonderful').waitFor();
    expect(await alice.getByText('Bob shares a picture').count()).toBe(0);
    expect(await alice.getByText(/Bob /).count()).toBe(0);
    // Bob still sees everything.
    await openReview(bob);
    await bob.getByText('Bob shares a picture').waitFor();
  });

  it('unblocks the author from settings, and their comments come back', async () => {
    const bobUid = Number(await bob.evaluate(() => localStorage.getItem('uid')));
    await alice.goto('/#/pages/user/seting/seting');
    await alice.getByTestId('settings-blocked-users').click();
    const unblock = alice.getByTestId(`unblock-${bobUid}`);
    await unblock.waitFor();
    await unblock.click();
    await alice.getByText('unblock succeeded').waitFor();
    await alice.getByTestId('blocked-users-empty').waitFor();
    await openReview(alice);
    await alice.getByText('Bob shares a picture').waitFor();
  });
});

describe('feedback', () => {
  it('sends feedback with a screenshot and shows it in the log', async () => {
    await alice.goto('/#/pages/user/feedback/feedback');
    await alice.getByTestId('feedback-page').waitFor();
    await alice.getByTestId('feedback-type-1').click();
    await alice.getByTestId('feedback-content').fill('The reader skips page two on my phone');
    await alice
      .getByTestId('feedback-image-file')
      .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png });
    await alice.locator('.community-shots .comment-input__thumb').first().waitFor();
    await alice.getByTestId('feedback-submit').click();
    await alice.getByTestId('feedback-log-page').waitFor();
    await alice.getByText('The reader skips page two on my phone').waitFor();
    await alice.locator('[data-testid^="feedback-images-"] img').first().waitFor();
    await alice.getByText('Waiting for a reply').waitFor();
    await keepScreenshot(alice, 'community-feedback-log');
  });
});
