/**
 * The console's Money section in Chromium against the real built server: the owner (made with the
 * real CLI, TOTP sign-in) refunds a top-up a reader paid at the built-in cashier, and the reader's
 * balance page shows the coins gone; the owner raises a VIP plan's price and the app's VIP page
 * shows it; the owner saves a new app version with force update. Screenshots at 1440×900
 * (E2E_SCREENSHOTS): admin-money-*.png, admin-growth-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { go, openApp, registerByEmail, storedSession } from './support/app-session.js';
import { cspViolations } from './support/chromium.js';
import { startConsoleFixture, type ConsoleFixture } from './support/console-fixture.js';
import { queryServerDb } from './support/import-status.js';
import { openCashier, payAtCashier, seedMoneyCatalogue } from './support/money-flow.js';
import { keepScreenshot } from './support/screenshots.js';
import type { RunningServer } from './support/server.js';

let fixture: ConsoleFixture;
let smtp: SmtpPeer;
let server: RunningServer;
let reader: Page;
let console_: Page;
let uid = 0;

function db<T>(sqlText: string): T[] {
  return queryServerDb<T>(server, sqlText);
}

/** An antd InputNumber's <input>, whichever element carries the test id. */
function inputOf(testId: string) {
  return console_.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
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

beforeAll(async () => {
  fixture = await startConsoleFixture({
    name: 'admin-money',
    prepare: seedMoneyCatalogue,
    smtp: true,
  });
  ({ server, reader, operator: console_ } = fixture);
  smtp = fixture.smtp!;
}, 180_000);
afterAll(async () => fixture?.close());

describe('the console’s Money section', () => {
  it('refunds a top-up the reader paid at the cashier, and the reader’s balance shows it', async () => {
    await openApp(reader);
    await reader.evaluate(() => {
      location.hash = '#/pages/user/vip/balance';
    });
    await reader.waitForFunction(() => location.hash.startsWith('#/pages/user/login/login'));
    await reader.getByTestId('login-to-register').click();
    await registerByEmail(reader, smtp, `refund-${Date.now()}@example.test`, 'money password');
    uid = (await storedSession(reader)).uid;
    await go(reader, '/pages/user/vip/balance');
    const pkg = db<{ id: number }>('select id from coin_packages where coins = 300')[0]!;
    await reader.getByTestId(`balance-package-${pkg.id}`).click();
    await reader.getByTestId('pay-page').waitFor();
    await openCashier(reader);
    await payAtCashier(reader);
    await go(reader, '/pages/user/vip/balance');
    await expect.poll(() => reader.getByTestId('balance-coins').textContent()).toBe('300');

    await consolePage('/money/orders', '.ant-table-row');
    await inputOf('order-user').fill(String(uid));
    await console_.getByTestId('order-search').click();
    await expect.poll(() => console_.locator('.ant-table-row').count()).toBe(1);
    await keepScreenshot(console_, 'admin-money-orders');
    await console_.locator('.ant-table-row a').first().click();
    await console_.getByTestId('refund-order').click();
    await console_.getByTestId('refund-reason').fill('Bought by mistake');
    await console_.waitForTimeout(300);
    await keepScreenshot(console_, 'admin-money-refund');
    await console_.getByTestId('refund-confirm').click();
    await expect.poll(() => console_.getByTestId('order-status').textContent()).toBe('Refunded');
    await closeToasts();
    await keepScreenshot(console_, 'admin-money-order');

    const orders = db<{ status: string }>(`select status from payment_orders where user_id = ${uid}`);
    expect(orders.map((o) => o.status)).toEqual(['refunded']);
    expect(
      db<{ coins: number; ticket: number }>(`select coins, ticket from users where id = ${uid}`)[0],
    ).toEqual({
      coins: 0,
      ticket: 0,
    });
    await reader.reload();
    await reader.getByTestId('balance-page').waitFor();
    await expect.poll(() => reader.getByTestId('balance-coins').textContent()).toBe('0');

    await consolePage('/money/revenue', '[data-testid="revenue-net"]');
    expect(await console_.getByTestId('revenue-net').textContent()).toBe('0.00');
    await keepScreenshot(console_, 'admin-money-revenue');
    expect(await cspViolations(console_)).toEqual([]);
  }, 180_000);

  it('a VIP plan’s new price shows on the app’s VIP page', async () => {
    await consolePage('/money/products', '[data-testid="edit-vip-yearly"]');
    await keepScreenshot(console_, 'admin-money-products');
    await console_.getByTestId('edit-vip-yearly').click();
    const price = inputOf('price-input');
    await price.fill('19900');
    await console_.getByTestId('product-save').click();
    await console_.getByText('¥199.00').waitFor();
    await closeToasts();

    await go(reader, '/pages/user/vip/vip');
    await reader.reload();
    await reader.getByTestId('vip-page').waitFor();
    await expect.poll(() => reader.getByTestId('vip-plan-price-yearly').textContent()).toContain('199');
    const audit = db<{ n: number }>("select count(*) as n from audit_log where action = 'vip_plan.update'");
    expect(audit[0]!.n).toBe(1);
  }, 120_000);
});

describe('the console’s Growth section', () => {
  it('saves the app update config: a new version with force update', async () => {
    await consolePage('/growth/update', '[data-testid="update-version"]');
    await console_.getByTestId('update-version').fill('2.1.0');
    await console_.getByTestId('update-notes').fill('<p>Faster <b>reader</b></p>');
    await console_.getByTestId('update-force').click();
    await console_.getByTestId('update-save').click();
    await console_.locator('.ant-notification-notice').first().waitFor();
    expect(await console_.locator('.ant-notification-notice').first().innerText()).toContain(
      'Saved; the app shows it at its next launch',
    );
    await closeToasts();
    await keepScreenshot(console_, 'admin-growth-update');
    const rows = db<{ key: string; value: string }>(
      "select key, value from settings where key in ('update.versionName', 'update.force') order by key",
    );
    expect(rows).toEqual([
      { key: 'update.force', value: '1' },
      { key: 'update.versionName', value: '"2.1.0"' },
    ]);
  }, 60_000);
});
