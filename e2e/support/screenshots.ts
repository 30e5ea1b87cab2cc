import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { newPhoneContext } from './chromium.js';

/** The themes the screenshot tours take every picture in. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * Where browser tests keep the screenshots they take along the way: E2E_SCREENSHOTS=<dir>
 * (`E2E_SCREENSHOTS=docs/screenshots npm run test:e2e` refreshes the docs' pictures). Unset, none
 * are written, so running the tests never rewrites files of the repository.
 */
function screenshotDir(): string | null {
  const dir = process.env['E2E_SCREENSHOTS'];
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function keepScreenshot(target: Page | Locator, name: string): Promise<void> {
  const dir = screenshotDir();
  if (dir) await target.screenshot({ path: join(dir, `${name}.png`) });
}

/** A phone-sized context whose every page opens in `theme`, from the first paint on. */
export async function newThemedContext(
  browser: Browser,
  baseURL: string,
  theme: Theme,
): Promise<BrowserContext> {
  const context = await newPhoneContext(browser, baseURL);
  // The app reads its theme from this key before the first paint (the settings toggle writes it).
  await context.addInitScript((name) => localStorage.setItem('themeName', name), theme);
  return context;
}

/** Waits until every image on screen has arrived and decoded, then lets transitions finish. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Array.from(document.images)
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.bottom > 0 && box.top < innerHeight && box.width > 0;
        })
        .every((img) => img.complete),
    null,
    { timeout: 20_000 },
  );
  await page.waitForTimeout(800);
}
