/**
 * System and AI in the operator console, in Chromium against the real built server: the owner
 * (created with the CLI) sees the database reachable on Health and the server's Node version on
 * Versions; Configuration shows a secret masked and never its value; lowering the AI price (more
 * free tries a day) is what a guest's AI tab then shows; hiding one of the guest's generated
 * images takes it out of their gallery. Screenshots at 1440×900 (E2E_SCREENSHOTS).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLeft, generate, openAiTab, uploadPhoto } from './support/ai-flow.js';
import { openApp } from './support/app-session.js';
import { cspViolations } from './support/chromium.js';
import { startConsoleFixture, type ConsoleFixture } from './support/console-fixture.js';
import { keepScreenshot } from './support/screenshots.js';

const CHAT_KEY = 'sk-e2e-chat-provider-secret-4242';

let fixture: ConsoleFixture;
let reader: Page;
let console_: Page;

async function consolePage(path: string, ready: string): Promise<void> {
  await console_.goto(`/admin${path}`);
  await console_.locator(ready).first().waitFor();
  await console_.waitForTimeout(400);
}

beforeAll(async () => {
  fixture = await startConsoleFixture({
    name: 'admin-sysai',
    env: () => ({ DEMO_LIBRARY: 'off', AI_CHAT_API_KEY: CHAT_KEY }),
  });
  ({ reader, operator: console_ } = fixture);
}, 180_000);
afterAll(async () => fixture?.close());

describe('System and AI in the console', () => {
  it('shows the database reachable on Health and the Node version on Versions', async () => {
    await consolePage('/system/health', '[data-testid="health-database"]');
    // The embedded default, or PostgreSQL when the run is a scaled deployment (E2E_CLUSTER).
    const engine = fixture.server.databaseUrl ? 'postgres' : 'sqlite';
    expect(await console_.getByTestId('health-database').textContent()).toBe(`${engine} · reachable`);
    expect(await console_.getByTestId('health-latency').textContent()).toMatch(/Latency [\d.]+ ms/);
    expect(await console_.getByTestId('health-ffmpeg').textContent()).toMatch(/\d/);
    await keepScreenshot(console_, 'admin-system-health');

    await consolePage('/system/versions', '[data-testid="version-node"]');
    expect(await console_.getByTestId('version-node').textContent()).toBe(process.version);
    expect(await console_.getByTestId('version-database').textContent()).toMatch(
      engine === 'sqlite' ? /^sqlite 3\.\d+/ : /^postgres(ql)? \d+/i,
    );
    await keepScreenshot(console_, 'admin-system-versions');

    await consolePage('/system/sizes', '[data-testid="sizes-database"]');
    expect(await console_.getByTestId('sizes-database').textContent()).toMatch(/[\d.]+ (KiB|MiB)/);
    await keepScreenshot(console_, 'admin-system-sizes');
    expect(await cspViolations(console_)).toEqual([]);
  });

  it('shows a secret masked on Configuration, never its value', async () => {
    await consolePage('/system/config', '[data-testid="config-value-AI_CHAT_API_KEY"]');
    expect(await console_.getByTestId('config-value-AI_CHAT_API_KEY').textContent()).toBe('••••42');
    expect(await console_.getByTestId('config-value-DEMO_LIBRARY').textContent()).toBe('off');
    expect(await console_.content()).not.toContain(CHAT_KEY);
    await keepScreenshot(console_, 'admin-system-config');
    await consolePage('/ai/settings', '[data-testid="ai-chat-key"]');
    expect(await console_.getByTestId('ai-chat-key').textContent()).toBe('••••42');
    expect(await console_.content()).not.toContain(CHAT_KEY);
  });

  it('gives guests more free tries a day, and the app shows them', async () => {
    await openApp(reader);
    await openAiTab(reader);
    expect(await freeLeft(reader)).toBe('3/3');

    await consolePage('/ai/settings', '[data-testid="ai-free-daily"]');
    const input = console_.getByTestId('ai-free-daily');
    await input.fill('5');
    await console_.getByTestId('ai-prices-save').click();
    await console_.getByText('Prices saved').waitFor();
    await keepScreenshot(console_, 'admin-ai-settings');

    await reader.reload();
    await openAiTab(reader);
    await reader.locator('[data-testid="ai-free-left"]', { hasText: '5/5' }).waitFor();
  });

  it("hides one of a guest's generated images, and it leaves their gallery", async () => {
    await uploadPhoto(reader);
    expect(await generate(reader, 'manga')).toBe('done');
    expect(await generate(reader, 'pixel')).toBe('done');
    await reader.locator('[data-testid="ai-gallery-item"]').nth(1).waitFor();

    await consolePage('/ai/usage', '[data-testid="ai-usage-total"]');
    expect(await console_.getByTestId('ai-usage-total').textContent()).toBe('2');
    await keepScreenshot(console_, 'admin-ai-usage');

    await consolePage('/ai/results', '[data-testid^="ai-hide-"]');
    expect(await console_.locator('[data-testid^="ai-result-"] img').count()).toBe(2);
    await keepScreenshot(console_, 'admin-ai-results');
    const newest = console_.locator('[data-testid^="ai-hide-"]').first();
    await newest.click();
    await console_.locator('.ant-popconfirm .ant-btn-primary').click();
    await console_.getByText('Image hidden').waitFor();
    await console_.locator('.ant-tag', { hasText: 'hidden' }).first().waitFor();

    await reader.reload();
    await openAiTab(reader);
    await reader.locator('[data-testid="ai-gallery-item"]').first().waitFor();
    // Give a late second item every chance to appear before counting.
    await reader.waitForTimeout(500);
    expect(await reader.locator('[data-testid="ai-gallery-item"]').count()).toBe(1);
    expect(await freeLeft(reader)).toBe('3/5');
  });
});
