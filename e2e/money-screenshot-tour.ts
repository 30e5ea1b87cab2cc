/**
 * `npm run screenshots:money`: the docs' money pictures, taken again from the product as a user
 * sees it. Seeds a small catalogue (a VIP comic and a coin comic), starts the built server on it
 * with a real SMTP peer on loopback, and in the light and the dark theme at 375×812 walks a new
 * user through the money loop: registers by e-mail, sees the VIP page, picks a coin package on the
 * balance page, pays it through the demo cashier and sees the result and the balance; opens the
 * unlock sheet of a coin chapter and unlocks it, opens the sheet of a VIP chapter, buys VIP from
 * there and sees VIP active on the VIP page and on Me; leaves a top-up waiting and cancels it; then
 * the order and expense logs (top-up, unlock, VIP, the cancelled order) and the friends help page,
 * after a guest helped through its link, and that guest's view. Writes money-<page>-<theme>.png
 * into E2E_SCREENSHOTS (default docs/screenshots); the cashier, the server's own page without a
 * dark theme, only in light.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSmtpPeer, type SmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { go, openApp, registerByEmail } from './support/app-session.js';
import { startServerAndBrowser } from './support/harness.js';
import { queryServerDb } from './support/import-status.js';
import { keepScreenshot, newThemedContext, settle, THEMES, type Theme } from './support/screenshots.js';
import { openCashier, payAtCashier, payResult, seedMoneyCatalogue } from './support/money-flow.js';
import type { SeededWork } from './support/seed-catalogue.js';
import { REPO_ROOT, type RunningServer } from './support/server.js';

/** The coin package the user tops up with (¥30.00, plus bonus coins). */
const TOPUP_COINS = 300;

interface TourSetup {
  browser: Browser;
  server: RunningServer;
  smtp: SmtpPeer;
  /** Its last chapter is VIP. */
  vipComic: SeededWork;
  /** Its last chapter is a coin chapter at COIN_PRICE. */
  coinComic: SeededWork;
}

function lastChapter(work: SeededWork): number {
  return work.chapters[work.chapters.length - 1]!.id;
}

async function tour(setup: TourSetup, theme: Theme): Promise<void> {
  const { browser, server, smtp, vipComic, coinComic } = setup;
  const context = await newThemedContext(browser, server.baseURL, theme);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.warn(`[${theme}] page error: ${error.message}`));
  const shot = async (name: string, on: Page = page) => {
    await settle(on);
    await keepScreenshot(on, `money-${name}-${theme}`);
  };

  // A new user per theme, so both themes show the same story.
  await openApp(page);
  await go(page, '/pages/user/login/login');
  await page.getByTestId('login-to-register').click();
  await registerByEmail(page, smtp, `reader-${theme}@example.test`, 'money password');
  // The welcome toast would cover the first picture: let it come and go.
  const toast = page.locator('.adm-toast-mask');
  await toast.waitFor({ timeout: 3_000 }).catch(() => undefined);
  await toast.waitFor({ state: 'detached' });

  await go(page, '/pages/user/vip/vip');
  await page.getByTestId('vip-plan-monthly').waitFor();
  await page.getByTestId('vip-buy').waitFor();
  await shot('vip');

  // A top-up: package, pay page, the demo cashier, the result, the balance it left.
  const [pkg] = queryServerDb<{ id: number }>(
    server,
    `select id from coin_packages where coins = ${TOPUP_COINS}`,
  );
  await go(page, '/pages/user/vip/balance');
  await page.getByTestId(`balance-package-${pkg!.id}`).click();
  await page.getByTestId('pay-confirm').waitFor();
  await page.getByTestId('pay-method-cashier').click();
  await shot('pay');
  await openCashier(page);
  // The cashier is the server's own page, outside the app: it has no dark theme to show.
  if (theme === 'light') await shot('cashier');
  await payAtCashier(page);
  await shot('pay-result');
  await go(page, '/pages/user/vip/balance');
  await page.getByTestId('balance-wallet').waitFor();
  await page.locator('[data-testid^="balance-package-"]').first().waitFor();
  await shot('balance');

  // A coin chapter: the unlock sheet, then one chapter bought.
  await go(page, `/pages/cartoon/reader?column=${coinComic.id}&chapter=${lastChapter(coinComic)}`);
  await page.getByTestId('unlock-open').click();
  await page.getByTestId('unlock-sheet').waitFor();
  await page.getByTestId('unlock-buy').waitFor();
  await shot('unlock-sheet');
  await page.getByTestId('unlock-option-1').click();
  await page.getByTestId('unlock-buy').click();
  await page.locator('[data-testid="comic-scroll"] img').first().waitFor();

  // A VIP chapter: its sheet (coins are offered too), then VIP bought from the chapter's call to action.
  await go(page, `/pages/cartoon/reader?column=${vipComic.id}&chapter=${lastChapter(vipComic)}`);
  await page.getByTestId('unlock-open').click();
  await page.getByTestId('unlock-sheet').waitFor();
  await page.getByTestId('unlock-buy').or(page.getByTestId('unlock-topup')).waitFor();
  await shot('unlock-sheet-vip');
  await page.getByTestId('unlock-close').click();
  await page.getByTestId('unlock-sheet').waitFor({ state: 'hidden' });
  await page.getByTestId('vip-locked-cta').click();
  await page.getByTestId('vip-page').waitFor();
  await page.getByTestId('vip-plan-monthly').click();
  await page.getByTestId('vip-buy').click();
  await page.getByTestId('pay-confirm').waitFor();
  await openCashier(page);
  await payAtCashier(page);
  await shot('pay-vip-result');

  await go(page, '/pages/user/vip/vip');
  await page.locator('[data-testid="vip-status"].vip-hero--on').waitFor();
  await shot('vip-active');
  await go(page, '/pages/user/user');
  await page.locator('[data-testid="user-vip-state"][data-active="1"]').waitFor({ timeout: 10_000 });
  await shot('mine-vip');

  // A top-up left at the cashier: the pay page waits for it, then it is cancelled.
  await go(page, '/pages/user/vip/balance');
  await page.getByTestId(`balance-package-${pkg!.id}`).click();
  await page.getByTestId('pay-confirm').waitFor();
  await openCashier(page);
  const orderNo = (await page.getByTestId('cashier-order').textContent())!.trim();
  await page.goto(`/#/pages/user/vip/pay?order=${orderNo}`);
  await payResult(page, 'created');
  await shot('pay-waiting');
  await page.getByTestId('pay-cancel').click();
  await payResult(page, 'cancelled');
  await shot('pay-cancelled');

  await go(page, '/pages/quest/orderLog');
  await page.getByTestId('order-row').nth(2).waitFor({ timeout: 10_000 });
  await shot('order-log');
  await go(page, '/pages/quest/expenseLog');
  await page.getByTestId('expense-row').nth(2).waitFor({ timeout: 10_000 });
  await shot('expense-log');

  // Friends help: a guest opens the link, then the sharer's page lists the helper.
  await go(page, '/pages/user/assist');
  const link = (await page.getByTestId('assist-link').textContent())!.trim();
  const friend = await newThemedContext(browser, server.baseURL, theme);
  const friendPage = await friend.newPage();
  await friendPage.goto(link);
  await friendPage
    .locator('[data-testid="assist-result"]:not([data-result="pending"])')
    .waitFor({ timeout: 30_000 });
  const helped = await friendPage.getByTestId('assist-result').getAttribute('data-result');
  if (helped !== 'ok') console.warn(`[${theme}] the friend's help answered '${helped}'`);
  await shot('assist-help', friendPage);
  await friend.close();
  await page.reload();
  await page.getByTestId('assist-qr').waitFor();
  await page.getByTestId('assist-helpers').waitFor({ timeout: 10_000 });
  await shot('assist');

  await context.close();
}

async function main(): Promise<void> {
  process.env['E2E_SCREENSHOTS'] ??= join(REPO_ROOT, 'docs/screenshots');
  const dataDir = mkdtempSync(join(tmpdir(), 'dm51-money-shots-'));
  const { vipComic, coinComic } = await seedMoneyCatalogue(dataDir);
  const smtp = await startSmtpPeer();
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    [server, browser] = await startServerAndBrowser({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: '51动漫 <no-reply@example.test>',
    });
    const setup: TourSetup = {
      browser,
      server,
      smtp,
      vipComic,
      coinComic,
    };
    for (const theme of THEMES) await tour(setup, theme);
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
