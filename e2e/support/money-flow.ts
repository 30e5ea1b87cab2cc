/**
 * Money steps the browser test and the money screenshot tour share: the seeded catalogue (a VIP
 * comic and a coin comic) and paying an order through the built-in demo cashier.
 */
import type { Page } from 'playwright-core';
import { seedCatalogue, type SeededWork } from './seed-catalogue.js';

export const COIN_PRICE = 25;

/** Two comics: the first ends with a VIP chapter, the second with a coin chapter at COIN_PRICE. */
export async function seedMoneyCatalogue(
  dataDir: string,
): Promise<{ vipComic: SeededWork; coinComic: SeededWork }> {
  const seeded = await seedCatalogue(dataDir, {
    works: 2,
    chapters: 3,
    pages: 2,
    novels: 0,
    coinComics: 1,
    coinPrice: COIN_PRICE,
  });
  return { vipComic: seeded.comics[0]!, coinComic: seeded.comics[1]! };
}

/** Waits for the pay page's answer about its order to reach `status`. */
export async function payResult(page: Page, status: string): Promise<void> {
  await page
    .locator(`[data-testid="pay-result-status"][data-status="${status}"]`)
    .waitFor({ timeout: 20_000 });
}

/** On the pay page: picks the demo cashier and confirms (`taps` times, at once); waits for the cashier. */
export async function openCashier(page: Page, taps = 1): Promise<void> {
  await page.getByTestId('pay-method-cashier').click();
  const confirm = page.getByTestId('pay-confirm');
  await Promise.all([
    confirm.click(),
    ...Array.from({ length: taps - 1 }, () => confirm.click({ force: true }).catch(() => undefined)),
  ]);
  await page.waitForURL(/\/cashier\//);
  await page.getByTestId('cashier-amount').waitFor();
}

/** On the cashier's page: pays, and waits for the app's pay page to say the order is fulfilled. */
export async function payAtCashier(page: Page): Promise<void> {
  await page.getByTestId('cashier-pay').click();
  await page.waitForFunction(
    () => location.hash.startsWith('#/pages/user/vip/pay') && location.hash.includes('order='),
  );
  await payResult(page, 'fulfilled');
}
