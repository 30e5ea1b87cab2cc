/**
 * "Not interested" on home's For you: the reader hides a recommended work from its card's menu, it
 * stays gone after a reload, Undo brings a card straight back, and Settings → Hidden from
 * recommendations shows a hidden work again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServerAndBrowser } from './support/harness.js';
import { cspViolations } from './support/chromium.js';
import { keepScreenshot, newThemedContext, settle, THEMES } from './support/screenshots.js';
import { seedCatalogue } from './support/seed-catalogue.js';
import type { RunningServer } from './support/server.js';

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-not-interested-'));
  await seedCatalogue(dataDir, { works: 8, chapters: 1, pages: 1, novels: 0 });
  [server, browser] = await startServerAndBrowser({ DATA_DIR: dataDir });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(async () => {
  for (const open of context.pages()) expect(await cspViolations(open)).toEqual([]);
  await context.close();
});

const forYou = () => page.getByTestId('home-for-you');

async function openHome(): Promise<void> {
  await page.goto('/');
  await page.getByTestId('home-feed').waitFor();
  await forYou().waitFor();
  await forYou().scrollIntoViewIfNeeded();
}

/** The work ids of the For you cards, in order. */
async function cardIds(): Promise<number[]> {
  const ids = await forYou()
    .locator('[data-testid^="work-card-"]')
    .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-testid')!.slice(10))));
  return ids;
}

async function hideFromMenu(id: number, screenshot?: string): Promise<void> {
  await forYou().getByTestId(`for-you-menu-${id}`).click();
  const action = page.getByTestId('for-you-not-interested');
  await action.waitFor();
  if (screenshot) {
    await settle(page);
    await keepScreenshot(page, screenshot);
  }
  await action.click();
}

describe('not interested', () => {
  it.each(THEMES)(
    'hides a recommended work for good, undoes at once, and shows it again from Settings (%s)',
    async (theme) => {
      context = await newThemedContext(browser, server.baseURL, theme);
      page = await context.newPage();
      await openHome();
      const [first, second] = await cardIds();
      expect(first).toBeGreaterThan(0);

      // "⋯" → Not interested: the card leaves at once, and the toast offers Undo.
      await hideFromMenu(first!, `not-interested-menu-${theme}`);
      await forYou().getByTestId(`work-card-${first}`).waitFor({ state: 'detached' });
      await page.getByTestId('for-you-hidden-toast').waitFor();
      await page.waitForTimeout(400); // the toast's fade-in
      await keepScreenshot(page, `not-interested-toast-${theme}`);

      // Gone after a reload too: the server keeps the list.
      await page.reload();
      await openHome();
      await forYou().getByTestId(`work-card-${second}`).waitFor();
      expect(await cardIds()).not.toContain(first);

      // Undo puts a card straight back.
      await hideFromMenu(second!);
      await forYou().getByTestId(`work-card-${second}`).waitFor({ state: 'detached' });
      await page.getByTestId('for-you-undo').click();
      await forYou().getByTestId(`work-card-${second}`).waitFor();

      // Settings → Hidden from recommendations lists the first one; Show again brings it back.
      await page.goto('/#/pages/user/seting/seting');
      await page.getByTestId('settings-hidden-works').click();
      const sheet = page.getByTestId('hidden-works');
      await sheet.getByTestId(`hidden-work-${first}`).waitFor();
      expect(await sheet.locator('[data-testid^="hidden-work-"]').count()).toBe(1);
      await settle(page);
      await keepScreenshot(page, `not-interested-settings-${theme}`);
      await sheet.getByTestId(`show-again-${first}`).click();
      await sheet.getByTestId('hidden-works-empty').waitFor();

      await openHome();
      await forYou().getByTestId(`work-card-${first}`).waitFor();
    },
    90_000,
  );
});
