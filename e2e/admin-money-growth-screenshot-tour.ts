/**
 * `npm run screenshots:admin-money-growth`: the docs' console pictures of Money and Growth at
 * 1440×900, taken from the product: a reader tops up at the built-in cashier, then the owner (made
 * with the real CLI, TOTP sign-in) opens the orders list (admin-money-orders.png), the order with
 * its ledger entries and the refund dialog (admin-money-refund.png), the refunded order
 * (admin-money-order.png), VIP plans & coins (admin-money-products.png), revenue
 * (admin-money-revenue.png) and the app update page (admin-growth-update.png). Writes into
 * E2E_SCREENSHOTS (default docs/screenshots).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSmtpPeer, type SmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import {
  createOwnerWithCli,
  freshTotpCode,
  newDesktopContext,
  signInToConsole,
} from './support/admin-console.js';
import { go, openApp, registerByEmail } from './support/app-session.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { queryServerDb } from './support/import-status.js';
import { openCashier, payAtCashier, seedMoneyCatalogue } from './support/money-flow.js';
import { keepScreenshot } from './support/screenshots.js';
import { REPO_ROOT, type RunningServer } from './support/server.js';

async function show(page: Page, path: string, ready: string, name: string): Promise<void> {
  await page.goto(`/admin${path}`);
  await page.locator(ready).first().waitFor();
  await page.waitForTimeout(500);
  await keepScreenshot(page, name);
}

async function main(): Promise<void> {
  process.env['E2E_SCREENSHOTS'] ??= join(REPO_ROOT, 'docs/screenshots');
  const dataDir = mkdtempSync(join(tmpdir(), 'dm51-tour-admin-money-'));
  let smtp: SmtpPeer | null = null;
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    await seedMoneyCatalogue(dataDir);
    smtp = await startSmtpPeer();
    [server, browser] = await startServerAndBrowser({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: '51动漫 <no-reply@example.test>',
    });
    const phone = await newPhoneContext(browser, server.baseURL);
    const reader = await phone.newPage();
    await openApp(reader);
    await reader.evaluate(() => {
      location.hash = '#/pages/user/vip/balance';
    });
    await reader.waitForFunction(() => location.hash.startsWith('#/pages/user/login/login'));
    await reader.getByTestId('login-to-register').click();
    await registerByEmail(reader, smtp, `tour-${Date.now()}@example.test`, 'money password');
    await go(reader, '/pages/user/vip/balance');
    const pkg = queryServerDb<{ id: number }>(server, 'select id from coin_packages where coins = 980')[0]!;
    await reader.getByTestId(`balance-package-${pkg.id}`).click();
    await reader.getByTestId('pay-page').waitFor();
    await openCashier(reader);
    await payAtCashier(reader);

    const desk = await newDesktopContext(browser, server.baseURL);
    const page = await desk.newPage();
    page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
    const owner = await createOwnerWithCli(server, 'tour-owner');
    await signInToConsole(page, owner, await freshTotpCode(owner.secret, new Set()));
    await show(page, '/money/orders', '.ant-table-row', 'admin-money-orders');
    await page.locator('.ant-table-row a').first().click();
    await page.getByTestId('refund-order').click();
    await page.getByTestId('refund-reason').fill('Bought by mistake');
    await page.waitForTimeout(400);
    await keepScreenshot(page, 'admin-money-refund');
    await page.getByTestId('refund-confirm').click();
    await page.locator('[data-testid="order-status"]', { hasText: 'Refunded' }).waitFor();
    for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click();
    await page.waitForTimeout(500);
    await keepScreenshot(page, 'admin-money-order');
    await show(page, '/money/products', '[data-testid="edit-vip-yearly"]', 'admin-money-products');
    await show(page, '/money/revenue', '[data-testid="revenue-net"]', 'admin-money-revenue');
    await show(page, '/growth/update', '[data-testid="update-version"]', 'admin-growth-update');
  } finally {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
