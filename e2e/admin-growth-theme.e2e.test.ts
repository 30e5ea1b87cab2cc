/**
 * Growth → Themes in Chromium against the real built server: the owner (real CLI, TOTP sign-in)
 * sets the light theme's primary colour in the console; the reader's phone (375×812) picks it up
 * when idle and, after a reload, paints the tab bar's selected item and <meta name="theme-color">
 * in that colour from the start. A colour with too little contrast is flagged in the form and
 * refused by the server. Screenshots (E2E_SCREENSHOTS): admin-growth-theme.png (1440×900) and
 * app-theme-operator-colour.png (375×812).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations } from './support/chromium.js';
import { startConsoleFixture, type ConsoleFixture } from './support/console-fixture.js';
import { queryServerDb } from './support/import-status.js';
import { keepScreenshot } from './support/screenshots.js';
import type { RunningServer } from './support/server.js';

let fixture: ConsoleFixture;
let server: RunningServer;
let reader: Page;
let console_: Page;

const BUILTIN = 'rgb(253, 88, 109)'; // #FD586D
const VIOLET = 'rgb(124, 58, 237)'; // #7C3AED

/** The selected tab's text colour and the browser colour, as the reader's phone has them now. */
async function readerColours(): Promise<{ tab: string; meta: string | null }> {
  return reader.evaluate(() => ({
    tab: getComputedStyle(document.querySelector('.tab-bar__item--active')!).color,
    meta: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null,
  }));
}

async function openReaderHome(): Promise<void> {
  await reader.locator('.tab-bar__item--active').waitFor();
}

beforeAll(async () => {
  fixture = await startConsoleFixture({ name: 'admin-theme' });
  ({ server, reader, operator: console_ } = fixture);
}, 180_000);
afterAll(async () => fixture?.close());

describe('the console’s Growth → Themes', () => {
  it('the operator’s light primary colour becomes the reader’s tab bar and browser colour', async () => {
    await reader.goto('/');
    await openReaderHome();
    expect(await readerColours()).toEqual({ tab: BUILTIN, meta: '#FD586D' });

    await console_.goto('/admin/growth/theme');
    const primary = console_.locator('input[data-testid="theme-light-primary"]');
    await primary.waitFor();
    // Too pale for a UI accent on white: the form says so before the server refuses it.
    await primary.fill('#FFC0CB');
    await expect
      .poll(() => console_.getByTestId('theme-light-primary-contrast').innerText())
      .toMatch(/1\.5:1/);
    expect(await console_.getByTestId('theme-light-primary-contrast').locator('.ant-tag-red').count()).toBe(
      1,
    );
    await console_.getByTestId('theme-save').click();
    await console_.locator('.ant-notification-notice-error').waitFor();
    expect(await console_.locator('.ant-notification-notice-error').innerText()).toMatch(
      /light\.primary.*1\.5:1/,
    );
    for (const close of await console_.locator('.ant-notification-notice-close').all()) await close.click();
    expect(queryServerDb(server, "select value from settings where key = 'theme.overrides'")).toEqual([]);

    await primary.fill('#7C3AED');
    await expect
      .poll(() =>
        console_.getByTestId('theme-preview-light-tab-selected').evaluate((el) => getComputedStyle(el).color),
      )
      .toBe(VIOLET);
    expect(await console_.getByTestId('theme-light-primary-contrast').locator('.ant-tag-green').count()).toBe(
      1,
    );
    await console_.waitForTimeout(300);
    await keepScreenshot(console_, 'admin-growth-theme');
    await console_.getByTestId('theme-save').click();
    await console_.locator('.ant-notification-notice-success').waitFor();
    const audit = queryServerDb<{ after_json: string }>(
      server,
      "select after_json from audit_log where action = 'theme.update'",
    );
    expect(audit.map((row) => JSON.parse(row.after_json) as unknown)).toEqual([
      { light: { primary: '#7C3AED' }, dark: {} },
    ]);

    // The open app fetches the colours when idle and repaints; the next launch has them from the start.
    await reader.reload();
    await openReaderHome();
    await expect.poll(readerColours, { timeout: 15_000 }).toEqual({ tab: VIOLET, meta: '#7C3AED' });
    await reader.reload();
    await openReaderHome();
    expect(await readerColours()).toEqual({ tab: VIOLET, meta: '#7C3AED' });
    await reader.waitForTimeout(500);
    await keepScreenshot(reader, 'app-theme-operator-colour');
    expect(await cspViolations(reader)).toEqual([]);
  });

  it('reset to built-in brings the pink-red back on the reader’s next launch', async () => {
    await console_.getByTestId('theme-light-reset').click();
    await console_.getByTestId('theme-save').click();
    await console_.locator('.ant-notification-notice-success').last().waitFor();
    await reader.reload();
    await openReaderHome();
    await expect.poll(readerColours, { timeout: 15_000 }).toEqual({ tab: BUILTIN, meta: '#FD586D' });
  });
});
