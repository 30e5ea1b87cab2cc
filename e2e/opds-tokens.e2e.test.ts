/**
 * App tokens for e-reader apps in the browser against the built server (OPDS): a guest who
 * opens Settings → E-reader apps is asked to bind first; after registering, the user creates a
 * token, sees it once with the catalogue URL and user name, and an OPDS request with exactly those
 * (HTTP Basic, as KOReader sends it) gets the catalogue; after "Done" and a reload the token is
 * nowhere on the page, the list shows its last use, and once revoked the catalogue refuses it.
 *
 * KOReader's progress sync with the same kind of token: a CBZ downloaded from the catalogue, a
 * page pushed as KOReader's kosync client pushes it, shows in the app's history as continued on
 * the e-reader and opens the reader at that page; a page read in the app is what KOReader pulls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { go, openApp, registerByEmail } from './support/app-session.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { keepScreenshot, settle } from './support/screenshots.js';
import { seedCatalogue, type SeededCatalogue } from './support/seed-catalogue.js';
import { shellPartialMd5Of } from '../packages/server/src/testing/koreader.js';
import { createHash } from 'node:crypto';
import type { RunningServer } from './support/server.js';

const OPDS_PAGE = '/pages/user/seting/opds';

let dataDir: string;
let smtp: SmtpPeer;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let seeded: SeededCatalogue;

async function opds(url: string, username: string, password: string) {
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  return fetch(url, { headers: { authorization } });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-opds-'));
  seeded = await seedCatalogue(dataDir, { works: 2, novels: 1 });
  smtp = await startSmtpPeer();
  [server, browser] = await startServerAndBrowser({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM: '51动漫 <no-reply@example.test>',
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

describe('e-reader app tokens', () => {
  it('asks a guest to bind an account before creating a token', async () => {
    await openApp(page);
    await go(page, '/pages/user/seting/seting');
    await page.getByTestId('settings-entry-settingOpds').click();
    await page.getByTestId('opds-page').waitFor();
    await page.getByTestId('guest-prompt').waitFor();
    expect(await page.getByTestId('guest-prompt').textContent()).toContain('bind a phone or e-mail');
    await page.getByTestId('guest-prompt-cancel').click();
    await page.getByTestId('opds-guest').waitFor();
    expect(await page.getByTestId('opds-create').count()).toBe(0);
  });

  it('creates a token shown once that opens the catalogue, lists its use, and revokes it', async () => {
    await go(page, '/pages/user/login/register');
    await registerByEmail(page, smtp, `reader-${Date.now()}@example.test`, 'reader password');
    await go(page, OPDS_PAGE);
    await page.getByTestId('opds-name').fill('Kobo KOReader');
    await page.getByTestId('opds-create').click();
    const secret = (await page.getByTestId('opds-secret').textContent())!;
    expect(secret).toMatch(/^dm51_[A-Za-z0-9_-]{32}$/);
    const url = (await page.getByTestId('opds-url').textContent())!;
    const username = (await page.getByTestId('opds-username').textContent())!;
    expect(url).toBe(`${server.baseURL}/opds`);
    expect(await page.getByTestId('opds-created').textContent()).toContain('shown only this once');
    // The registration's welcome toast is gone before the picture.
    await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await settle(page);
    await keepScreenshot(page, 'opds-tokens');

    // What the page told the user to type into KOReader works.
    const root = await opds(url, username, secret);
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toContain('profile=opds-catalog');
    expect(await root.text()).toContain('<title>51动漫</title>');

    await page.getByTestId('opds-created-done').click();
    await page.reload();
    const token = page.getByTestId('opds-token');
    await token.waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await token.textContent()).toContain(`Kobo KOReader…${secret.slice(-4)}`);
    await expect.poll(() => token.textContent()).toContain('last used');

    await page.getByTestId('opds-revoke').click();
    await page.locator('.adm-dialog-button', { hasText: 'Revoke' }).click();
    await expect.poll(() => page.getByTestId('opds-token').count()).toBe(0);
    await page.getByText('No app tokens yet.').waitFor();
    const refused = await opds(url, username, secret);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic/);
  });
});

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('KOReader progress sync', () => {
  it('shows a page pushed by KOReader in history, opens it, and gives KOReader the page read in the app', async () => {
    // The user registered above; a new token for the e-reader.
    await go(page, OPDS_PAGE);
    await page.getByTestId('opds-name').fill('Kobo Clara');
    await page.getByTestId('opds-create').click();
    const secret = (await page.getByTestId('opds-secret').textContent())!;
    const username = (await page.getByTestId('opds-username').textContent())!;
    const syncUrl = (await page.getByTestId('kosync-url').textContent())!;
    expect(syncUrl).toBe(`${server.baseURL}/kosync`);
    await page.getByTestId('opds-created-done').click();
    await page.getByTestId('kosync-section').scrollIntoViewIfNeeded();
    await settle(page);
    await keepScreenshot(page, 'koreader-sync-settings');

    const kosync = (path: string, init: { method?: string; body?: unknown } = {}) =>
      fetch(`${syncUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/vnd.koreader.v1+json',
          'x-auth-user': username,
          'x-auth-key': md5(secret),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });
    const auth = await kosync('/users/auth');
    expect(auth.status).toBe(200);
    expect(auth.headers.get('content-type')).toBe('application/json');

    // KOReader downloads the first chapter of a comic and reads to page 3.
    const comic = seeded.comics[0]!;
    const chapter = comic.chapters[0]!;
    const basic = `Basic ${Buffer.from(`${username}:${secret}`).toString('base64')}`;
    const cbz = await fetch(`${server.baseURL}/opds/chapters/${chapter.id}/cbz`, {
      headers: { authorization: basic },
    });
    expect(cbz.status).toBe(200);
    const documentId = shellPartialMd5Of(Buffer.from(await cbz.arrayBuffer()), dataDir);
    const pushed = await kosync('/syncs/progress', {
      method: 'PUT',
      body: {
        document: documentId,
        progress: '3',
        percentage: 0.75,
        device: 'Kobo Clara',
        device_id: 'kobo-1',
      },
    });
    expect(pushed.status).toBe(200);

    await page.goto('/#/pages/book/history');
    const item = page.getByTestId(`history-item-${comic.id}`);
    await item.waitFor();
    expect(await item.getAttribute('data-page-index')).toBe('2');
    expect(await item.textContent()).toContain('Kobo Clara');
    await settle(page);
    await keepScreenshot(page, 'history-koreader-sync');

    // One tap continues in the app at KOReader's page, and the app reads on to page 4.
    await item.click();
    const scroller = page.getByTestId('comic-scroll');
    await expect.poll(() => scroller.getAttribute('data-current')).toBe('2');
    await page.waitForFunction(() => document.querySelector('.comic-page__img') !== null);
    // Pages are 720×1600: at 375 px wide each is 833 px tall.
    await scroller.evaluate((el) => el.scrollTo(0, 833 * 3 + 10));
    await expect.poll(() => scroller.getAttribute('data-current')).toBe('3');
    await expect
      .poll(
        async () => (await (await kosync(`/syncs/progress/${documentId}`)).json()) as Record<string, unknown>,
      )
      .toMatchObject({ document: documentId, progress: '4', device: '51动漫' });
  });
});
