/**
 * The web app's service worker leaves the server's pages alone. Once the worker controls the page,
 * its navigation fallback (the cached index.html, so the app opens offline) must answer only for the
 * app's own document: the operator console at /admin still opens, an e-reader app still gets the
 * OPDS catalogue as Atom, and no other route the server registers is answered with the app.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../packages/server/src/db/database.js';
import { AppTokenRepository } from '../packages/server/src/opds/app-token.repository.js';
import { hashSyncKey, hashToken, md5Hex } from '../packages/server/src/opds/app-token.service.js';
import { registeredRoutes } from '../packages/server/src/testing/route-table.js';
import { buildTestApp } from '../packages/server/src/testing/test-app.js';
import { startServerAndBrowser } from './support/harness.js';
import { seedCatalogue } from './support/seed-catalogue.js';
import { REPO_ROOT, type RunningServer } from './support/server.js';

const TOKEN_SECRET = 'dm51_service-worker-e2e-token-0123456789';

let dataDir: string;
let readerId: number;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A registered reader with an app token, written before the server starts on the folder. */
async function seedReaderWithToken(folder: string): Promise<number> {
  const db = createDatabase({ databaseUrl: null, sqlitePath: join(folder, 'app.db') });
  try {
    const now = Math.floor(Date.now() / 1000);
    const user = await db
      .insertInto('users')
      .values({
        nickname: 'e-reader',
        is_guest: 0,
        uuid: 'service-worker-e2e-reader',
        invite_code: 'SWE2E001',
        created_time: now,
        updated_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await new AppTokenRepository(db).insert({
      userId: user.id,
      name: 'KOReader',
      tokenHash: hashToken(TOKEN_SECRET),
      syncKeyHash: hashSyncKey(md5Hex(TOKEN_SECRET)),
      hint: TOKEN_SECRET.slice(-4),
      now,
    });
    return user.id;
  } finally {
    await db.destroy();
  }
}

/** Every GET route the server registers, its parameters and wildcards filled in. */
async function serverGetPaths(): Promise<string[]> {
  const app = await buildTestApp({
    webDir: join(REPO_ROOT, 'packages/web/dist'),
    adminDir: join(REPO_ROOT, 'packages/admin/dist'),
  });
  try {
    return (
      registeredRoutes(app.app, 'GET')
        // A file's precompressed copies are routes of their own, with the same fate as the file.
        .filter((route) => !/\.(br|gz)$/.test(route))
        .map((route) => route.replace(/:[A-Za-z_]\w*/g, '1').replace(/\*/g, 'x'))
    );
  } finally {
    await app.close();
  }
}

/** Opens the app and waits until its service worker controls the page. */
async function openControlledApp(): Promise<void> {
  await page.goto('/');
  await page.waitForFunction(() => location.hash.startsWith('#/pages/home/home'));
  // The worker is registered after the landing (lib/after-landing.ts) and claims the page once
  // active (clientsClaim).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-sw-'));
  await seedCatalogue(dataDir, { works: 1, novels: 1 });
  readerId = await seedReaderWithToken(dataDir);
  [server, browser] = await startServerAndBrowser({ DATA_DIR: dataDir });
  // The e-reader's credentials answer the catalogue's Basic challenge, as KOReader's would.
  context = await browser.newContext({
    baseURL: server.baseURL,
    httpCredentials: { username: String(readerId), password: TOKEN_SECRET },
  });
  page = await context.newPage();
  await openControlledApp();
}, 90_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the service worker in control', () => {
  it('opens the operator console at /admin', async () => {
    const response = await page.goto('/admin');
    expect(response?.fromServiceWorker()).toBe(false);
    await page.getByTestId('login-card').waitFor();
    // Still under the worker's scope and controlled by it: the fallback simply let the page through.
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await page.getByTestId('tab-mine').count()).toBe(0);
  });

  it('answers /opds with the Atom catalogue', async () => {
    const response = await page.goto('/opds');
    expect(response?.status()).toBe(200);
    expect(response?.fromServiceWorker()).toBe(false);
    expect(response?.headers()['content-type']).toMatch(/^application\/atom\+xml/);
    expect(await response?.text()).toContain('<feed');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  });

  it('answers no route the server registers with the app', async () => {
    const paths = await serverGetPaths();
    expect(paths).toEqual(expect.arrayContaining(['/admin', '/opds', '/docs', '/healthz']));
    const answeredByWorker: string[] = [];
    // And a console page deep link, a payment return, and a path nothing serves yet.
    for (const path of [...paths, '/admin/catalogue/works', '/pay/return?order=1', '/not-yet-a-route']) {
      if (path === '/' || path === '/index.html') continue;
      const response = await page.goto(path).catch(() => null);
      // A navigation the browser turned into a download or refused never came from the fallback,
      // which answers with the cached index.html.
      if (response?.fromServiceWorker()) answeredByWorker.push(path);
    }
    expect(answeredByWorker).toEqual([]);
  });

  it('still opens the app offline, and only the app', async () => {
    await openControlledApp();
    await context.setOffline(true);
    try {
      const app = await page.goto('/?channelCode=OFFLINE#/pages/home/home');
      expect(app?.fromServiceWorker()).toBe(true);
      expect(await app?.text()).toContain('boot-splash');
      await expect(page.goto('/admin')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
    } finally {
      await context.setOffline(false);
    }
  });
});
