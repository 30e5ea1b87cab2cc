/**
 * `npm run screenshots:admin-system-ai`: the docs' pictures of System → Health, Versions, Sizes,
 * Configuration and the AI section at 1440×900, taken from the product after a guest made three
 * AI images (one hidden by the operator). Writes into E2E_SCREENSHOTS (default docs/screenshots).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  createOwnerWithCli,
  freshTotpCode,
  newDesktopContext,
  signInToConsole,
} from './support/admin-console.js';
import { generate, openAiTab, uploadPhoto } from './support/ai-flow.js';
import { openApp } from './support/app-session.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { keepScreenshot } from './support/screenshots.js';
import { REPO_ROOT, type RunningServer } from './support/server.js';

async function shoot(page: Page, path: string, ready: string, name: string): Promise<void> {
  await page.goto(`/admin${path}`);
  await page.locator(ready).first().waitFor();
  await page.waitForTimeout(600); // antd's entrance animations
  await keepScreenshot(page, name);
}

async function main(): Promise<void> {
  process.env['E2E_SCREENSHOTS'] ??= join(REPO_ROOT, 'docs/screenshots');
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    [server, browser] = await startServerAndBrowser({
      DEMO_LIBRARY: 'off',
      AI_CHAT_API_KEY: 'sk-tour-chat-provider-secret-0042',
    });
    const phone = await newPhoneContext(browser, server.baseURL);
    const reader = await phone.newPage();
    await openApp(reader);
    await openAiTab(reader);
    await uploadPhoto(reader);
    for (const style of ['anime', 'manga', 'pixel']) await generate(reader, style);

    const desktop = await newDesktopContext(browser, server.baseURL);
    const page = await desktop.newPage();
    page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
    const owner = await createOwnerWithCli(server, 'tour-owner');
    await signInToConsole(page, owner, await freshTotpCode(owner.secret, new Set()));

    await shoot(page, '/system/health', '[data-testid="health-database"]', 'admin-system-health');
    await shoot(page, '/system/versions', '[data-testid="version-node"]', 'admin-system-versions');
    await shoot(page, '/system/sizes', '[data-testid="sizes-database"]', 'admin-system-sizes');
    await shoot(
      page,
      '/system/config',
      '[data-testid="config-value-AI_CHAT_API_KEY"]',
      'admin-system-config',
    );
    await shoot(page, '/ai/settings', '[data-testid="ai-free-daily"]', 'admin-ai-settings');
    await shoot(page, '/ai/usage', '[data-testid="ai-usage-total"]', 'admin-ai-usage');
    await page.goto('/admin/ai/results');
    await page.locator('[data-testid^="ai-hide-"]').nth(1).click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await page.locator('.ant-tag', { hasText: 'hidden' }).first().waitFor();
    for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click();
    await page.waitForTimeout(800);
    await shoot(page, '/ai/results', '[data-testid^="ai-result-"] img', 'admin-ai-results');
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
