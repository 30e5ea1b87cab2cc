/**
 * The money loop in the browser against the real built server: a guest registers, tops up through
 * the built-in cashier, unlocks a coin chapter and reads it, buys VIP and reads a VIP chapter; the
 * order and expense logs show each step; a reload changes nothing; a second tap on "pay" does not
 * charge twice. The server's own database is read alongside to check what the ledger holds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { go, openApp, registerByEmail, storedSession } from './support/app-session.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { queryServerDb } from './support/import-status.js';
import { openCashier, payAtCashier, seedMoneyCatalogue } from './support/money-flow.js';
import { keepScreenshot, settle, THEMES, type Theme } from './support/screenshots.js';
import type { SeededWork } from './support/seed-catalogue.js';
import type { RunningServer } from './support/server.js';

const EMAIL = `buyer-${Date.now()}@example.test`;

let dataDir: string;
let smtp: SmtpPeer;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Its last chapter is VIP (pay 2). */
let vipComic: SeededWork;
/** Its last chapter is a coin chapter (pay 1) at COIN_PRICE. */
let coinComic: SeededWork;

function db<T>(sqlText: string): T[] {
  return queryServerDb<T>(server, sqlText);
}

function ledgerFacts(uid: number) {
  return {
    entries: db<{ n: number }>(`select count(*) as n from ledger_entries where user_id = ${uid}`)[0]!.n,
    orders: db<{ status: string }>(
      `select status from payment_orders where user_id = ${uid} order by id`,
    ).map((row) => row.status),
    user: db<{ coins: number; ticket: number; vip: number }>(
      `select coins, ticket, vip from users where id = ${uid}`,
    )[0]!,
  };
}

/** On the pay page: picks the demo cashier, confirms (twice, quickly), pays there and comes back. */
async function payThroughCashier(p: Page): Promise<void> {
  await openCashier(p, 2);
  await payAtCashier(p);
}

/** The page in a theme: the app reads the stored theme name when it starts, so a reload applies it. */
async function useTheme(p: Page, theme: Theme): Promise<void> {
  await p.evaluate((name) => localStorage.setItem('themeName', name), theme);
  await p.reload();
  // Let the reloaded app finish starting (its launch call, the page it reopens) before a test
  // navigates on: a hash change made while it starts can be overtaken by its own navigation.
  await p.waitForFunction(() => document.querySelector('#root [data-testid]') !== null);
  await p.waitForLoadState('networkidle');
}

/**
 * The locked panel (the reader's gate, the screen that sells) in both themes: its buttons are
 * antd-mobile buttons a thumb can hit, at least 44 px tall (a column's flex once squashed them to
 * 24 px with browser padding). Ends in the light theme.
 */
async function checkLockedPanel(p: Page, testId: 'vip-locked' | 'coin-locked', shot: string): Promise<void> {
  for (const theme of THEMES) {
    await useTheme(p, theme);
    await p.getByTestId(testId).waitFor();
    const buttons = p.getByTestId(testId).locator('.locked-chapter__actions button');
    const found = await buttons.evaluateAll((els) =>
      els.map((el) => ({
        height: el.getBoundingClientRect().height,
        antd: el.classList.contains('adm-button'),
      })),
    );
    expect(found.length).toBe(testId === 'vip-locked' ? 2 : 1);
    expect(found.every((button) => button.antd)).toBe(true);
    expect(Math.min(...found.map((button) => button.height))).toBeGreaterThanOrEqual(44);
    await settle(p);
    await keepScreenshot(p, `${shot}-${theme}`);
  }
  await useTheme(p, 'light');
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-money-'));
  ({ vipComic, coinComic } = await seedMoneyCatalogue(dataDir));
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

describe('the money loop', () => {
  let uid = 0;

  it('sends a guest to login for the balance page, and a registered user tops up through the cashier', async () => {
    await openApp(page);
    // The guard replaces the balance page with login for a guest.
    await page.evaluate(() => {
      location.hash = '#/pages/user/vip/balance';
    });
    await page.waitForFunction(() => location.hash.startsWith('#/pages/user/login/login'));
    await page.getByTestId('login-to-register').click();
    await registerByEmail(page, smtp, EMAIL, 'money password');
    uid = (await storedSession(page)).uid;

    await go(page, '/pages/user/vip/balance');
    await page.getByTestId('balance-page').waitFor();
    const pkg = db<{ id: number }>('select id from coin_packages where coins = 300')[0]!;
    await page.getByTestId(`balance-package-${pkg.id}`).click();
    await page.getByTestId('pay-page').waitFor();
    expect(await page.getByTestId('pay-amount').textContent()).toContain('30.00');
    await payThroughCashier(page);

    const facts = ledgerFacts(uid);
    expect(facts.orders).toEqual(['fulfilled']);
    expect(facts.user).toMatchObject({ coins: 300, ticket: 30 });
    await page.reload();
    await page.getByTestId('pay-result-status').waitFor();
    expect(await page.getByTestId('pay-result-status').getAttribute('data-status')).toBe('fulfilled');
    expect(ledgerFacts(uid)).toEqual(facts);
  });

  it('unlocks a coin chapter from the reader and reads it', async () => {
    const chapter = coinComic.chapters[2]!;
    expect(chapter.pay).toBe(1);
    // The chapter before says how the locked one opens: with coins, not "VIP".
    await go(page, `/pages/cartoon/reader?column=${coinComic.id}&chapter=${coinComic.chapters[1]!.id}`);
    await expect.poll(() => page.getByTestId('reader-next').textContent()).toContain('Next (coins)');
    await go(page, `/pages/cartoon/reader?column=${coinComic.id}&chapter=${chapter.id}`);
    await checkLockedPanel(page, 'coin-locked', 'locked-chapter-coins');
    await page.getByTestId('unlock-open').click();
    await page.getByTestId('unlock-sheet').waitFor();
    expect(await page.getByTestId('unlock-wallet').textContent()).toContain('330');
    await page.getByTestId('unlock-option-1').click();
    await page.getByTestId('unlock-buy').click();
    await page.getByTestId('comic-reader').waitFor();
    await page.locator('[data-testid="comic-scroll"] img').first().waitFor();
    // Bonus coins go first: 25 of the 30 bonus coins.
    expect(ledgerFacts(uid).user).toMatchObject({ coins: 300, ticket: 5 });
    await page.reload();
    await page.getByTestId('comic-reader').waitFor();
    expect(ledgerFacts(uid).user).toMatchObject({ coins: 300, ticket: 5 });
  });

  it('buys VIP with one order even when "pay" is tapped twice, and then reads a VIP chapter', async () => {
    const vipChapter = vipComic.chapters[2]!;
    expect(vipChapter.pay).toBe(2);
    await go(page, `/pages/cartoon/reader?column=${vipComic.id}&chapter=${vipChapter.id}`);
    await checkLockedPanel(page, 'vip-locked', 'locked-chapter-vip');
    await page.getByTestId('vip-locked-cta').click();
    await page.getByTestId('vip-page').waitFor();
    // A first-time buyer pays 6.00 for the first month (0.20 a day), less per day than the yearly
    // plan (228.00, 0.62 a day): the first month wears "Best value", not the yearly plan, and is
    // the one chosen.
    await page.getByTestId('vip-plan-price-monthly').waitFor();
    expect(await page.getByTestId('vip-plan-monthly').textContent()).toContain('Best value');
    expect(await page.getByTestId('vip-plan-yearly').textContent()).not.toContain('Best value');
    expect(await page.getByTestId('vip-plan-quarterly').textContent()).not.toContain('Best value');
    expect(await page.getByTestId('vip-plan-monthly').getAttribute('aria-checked')).toBe('true');
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.getByTestId('vip-plan-price-monthly').waitFor();
      await settle(page);
      await keepScreenshot(page, `vip-plans-${theme}`);
    }
    await useTheme(page, 'light');
    await page.getByTestId('vip-plan-monthly').click();
    await page.getByTestId('vip-buy').click();
    await page.getByTestId('pay-page').waitFor();
    await payThroughCashier(page);
    const facts = ledgerFacts(uid);
    expect(facts.orders).toEqual(['fulfilled', 'fulfilled']);
    expect(facts.user.vip).toBe(1);

    await go(page, `/pages/cartoon/reader?column=${vipComic.id}&chapter=${vipChapter.id}`);
    await page.getByTestId('comic-reader').waitFor();
    await page.locator('[data-testid="comic-scroll"] img').first().waitFor();
    await go(page, '/pages/user/user');
    await expect
      .poll(() => page.getByTestId('user-vip-state').getAttribute('data-active'), { timeout: 10_000 })
      .toBe('1');
  });

  it('shows every step in the order and expense logs, and a reload changes nothing', async () => {
    await go(page, '/pages/quest/orderLog');
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 10_000 }).toBe(2);
    await go(page, '/pages/quest/expenseLog');
    await expect.poll(() => page.getByTestId('expense-row').count(), { timeout: 10_000 }).toBe(3);
    const kinds = await page
      .getByTestId('expense-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')));
    expect(kinds).toEqual(['vip_purchase', 'chapter_unlock', 'topup']);
    const paid = await page.getByTestId('expense-money').allTextContents();
    expect(paid).toEqual([expect.stringContaining('6.00'), expect.stringContaining('30.00')]);
    const before = ledgerFacts(uid);
    await page.reload();
    await expect.poll(() => page.getByTestId('expense-row').count(), { timeout: 10_000 }).toBe(3);
    expect(ledgerFacts(uid)).toEqual(before);
    // Every entry's legs sum to zero in each unit (fen, coins, seconds of VIP).
    const unbalanced = db<{ n: number }>(
      `select count(*) as n from (
         select l.entry_id, case when a.kind like 'cash_%' then 'fen' when a.kind like 'vip_%' then 's' else 'coin' end as unit
         from ledger_legs l join ledger_accounts a on a.id = l.account_id
         group by l.entry_id, unit having sum(l.amount) <> 0) t`,
    );
    expect(unbalanced[0]!.n).toBe(0);
  });

  it('shows the order and expense titles in Chinese in the Chinese app', async () => {
    // What each of this user's orders is called in Chinese, newest first (the plan's name as typed).
    const wanted = db<{ type: string; coins: number; bonus: number; plan: string | null }>(
      `select o.product_type as type, o.coins, o.bonus, p.name as plan from payment_orders o
       left join vip_plans p on o.product_type = 'vip' and p.id = o.product_id
       where o.user_id = ${uid} order by o.id desc`,
    ).map((o) => (o.type === 'vip' ? `VIP 会员 · ${o.plan}` : `${o.coins} + ${o.bonus} 金币`));
    expect(wanted).toContain('300 + 30 金币');
    const titles = (testId: string, kinds = '') =>
      page.locator(`[data-testid="${testId}"]${kinds} .money-row__title`).allTextContents();
    await go(page, '/pages/user/seting/seting');
    await page.getByTestId('language-option-zh-CN').click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await go(page, '/pages/quest/orderLog');
    await expect.poll(() => titles('order-row'), { timeout: 10_000 }).toEqual(wanted);
    await go(page, '/pages/quest/expenseLog');
    const bought = ':is([data-kind="topup"], [data-kind="vip_purchase"])';
    await expect.poll(() => titles('expense-row', bought), { timeout: 10_000 }).toEqual(wanted);
    await keepScreenshot(page, 'expense-log-zh-CN');
    await go(page, '/pages/user/seting/seting');
    await page.getByTestId('language-option-en').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
  });

  it("draws a confirm dialog's confirm in the spec's #007aff and its cancel as a plain way out", async () => {
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await go(page, '/pages/user/seting/seting');
      await page.getByTestId('settings-logout').click();
      const dialog = page.locator('.adm-dialog');
      const confirm = dialog.getByText('Log out', { exact: true });
      const cancel = dialog.getByText('Cancel', { exact: true });
      await confirm.waitFor();
      // Let the 300 ms pop-in finish before reading colours and taking the picture.
      await page.waitForTimeout(400);
      const colour = (label: typeof confirm) =>
        label.evaluate((el) => getComputedStyle(el.closest('button')!).color);
      expect(await colour(confirm)).toBe('rgb(0, 122, 255)');
      const cancelColour = await colour(cancel);
      expect(cancelColour).not.toBe('rgb(0, 122, 255)');
      // Not the theme's pink-red (light) or teal (dark), which made Cancel look like "Block".
      expect(['rgb(253, 88, 109)', 'rgb(20, 184, 166)']).not.toContain(cancelColour);
      await keepScreenshot(page, `confirm-dialog-${theme}`);
      await cancel.click();
      await dialog.waitFor({ state: 'detached' });
      // Cancel kept the session.
      expect((await storedSession(page)).uid).toBe(uid);
    }
    await useTheme(page, 'light');
  });
});
