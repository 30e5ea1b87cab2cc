/**
 * `npm run screenshots:ai`: the docs' AI cos pictures at 375×812, light and dark, taken from the
 * product with the built-in filter provider: the AI tab with a photo, a fresh result and three
 * pictures in the gallery (ai-tab-*.png), a picture opened from the gallery (ai-result-*.png) and the AI log (ai-log-*.png). Writes
 * into E2E_SCREENSHOTS (default docs/screenshots).
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { go, openApp } from './support/app-session.js';
import { AI_LOG_PATH, generate, openAiTab, uploadPhoto } from './support/ai-flow.js';
import { startServerAndBrowser } from './support/harness.js';
import { keepScreenshot, newThemedContext, settle, THEMES } from './support/screenshots.js';
import { REPO_ROOT, type RunningServer } from './support/server.js';

async function main(): Promise<void> {
  process.env['E2E_SCREENSHOTS'] ??= join(REPO_ROOT, 'docs/screenshots');
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    [server, browser] = await startServerAndBrowser({ DEMO_LIBRARY: 'off' });
    for (const theme of THEMES) {
      const context = await newThemedContext(browser, server.baseURL, theme);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
      await openApp(page);
      await openAiTab(page);
      await uploadPhoto(page);
      await generate(page, 'manga');
      await generate(page, 'pixel');
      await generate(page, 'anime');
      await page.locator('[data-testid="ai-gallery-item"]').nth(2).waitFor();
      await settle(page);
      await keepScreenshot(page, `ai-tab-${theme}`);
      // The gallery's view of a picture: save, share and delete.
      await page.getByTestId('ai-gallery-item').first().click();
      await page.locator('.adm-popup [data-testid="ai-result"]').waitFor();
      await page.waitForTimeout(400); // the sheet's slide-in
      await settle(page);
      await keepScreenshot(page, `ai-result-${theme}`);
      await page
        .locator('.adm-mask')
        .first()
        .click({ position: { x: 10, y: 10 } });
      await go(page, AI_LOG_PATH);
      await page.locator('[data-testid="ai-log-row"]').nth(2).waitFor();
      await settle(page);
      await keepScreenshot(page, `ai-log-${theme}`);
      await context.close();
    }
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
