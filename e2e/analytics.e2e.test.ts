/**
 * First-party analytics in Chromium against the built server: page views (the route path only) and
 * a search reach the server in a batch, a hidden page sends its queue by beacon, and after the
 * user turns the settings switch off nothing more is sent. Takes the switch's screenshot
 * (analytics-settings-optout) when E2E_SCREENSHOTS is set.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { go, openApp, registerByEmail, storedSession } from './support/app-session.js';
import { startServerAndBrowser } from './support/harness.js';
import { queryServerDb } from './support/import-status.js';
import { keepScreenshot, newThemedContext, settle } from './support/screenshots.js';
import type { RunningServer } from './support/server.js';

let smtp: SmtpPeer;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let uid: number;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  [server, browser] = await startServerAndBrowser({ SMTP_URL: smtp.url });
  context = await newThemedContext(browser, server.baseURL, 'light');
  page = await context.newPage();
  await openApp(page);
  uid = (await storedSession(page)).uid;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const events = () =>
  queryServerDb<{ name: string; label: string; params: string }>(
    server,
    `select name, label, params from analytics_events where user_id = ${uid} order by id`,
  );

async function waitForEvents(count: number): Promise<void> {
  await expect.poll(() => events().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
}

/** What the browser does when the user switches away: the page becomes hidden. */
async function hidePage(): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });
}

describe('analytics in the browser', () => {
  it('reports page views by path and searches in a batch', async () => {
    await go(page, '/pages/home/search/searchList?keyword=night+shift');
    await waitForEvents(3);
    const names = events().map((event) => [event.name, JSON.parse(event.params)]);
    expect(names).toContainEqual(['page_view', { route: '/pages/home/home' }]);
    expect(names).toContainEqual(['page_view', { route: '/pages/home/search/searchList' }]);
    expect(events().find((event) => event.name === 'search')?.label).toBe('night shift');
  });

  it('sends the queue by beacon when the page is hidden', async () => {
    const before = events().length;
    // Count the beacons the page hands to the browser, so the test knows which path delivered the
    // page view: the 2 s batch timer would deliver it too, and on a loaded machine timing cannot tell.
    await page.evaluate(() => {
      const sendBeacon = navigator.sendBeacon.bind(navigator);
      const counted = window as unknown as { beaconsTaken: number };
      counted.beaconsTaken = 0;
      navigator.sendBeacon = (url, body) => {
        const taken = sendBeacon(url, body);
        if (taken) counted.beaconsTaken += 1;
        return taken;
      };
    });
    const beaconsTaken = () =>
      page.evaluate(() => (window as unknown as { beaconsTaken: number }).beaconsTaken);
    await go(page, '/pages/user/user');
    // The page view is queued by an effect after the route renders; hide as soon as it is there
    // (hiding an empty queue sends nothing), well before the batch timer could take it.
    await expect
      .poll(
        async () => {
          await hidePage();
          return beaconsTaken();
        },
        { timeout: 1_500, interval: 25 },
      )
      .toBe(1);
    await expect.poll(() => events().length, { timeout: 10_000 }).toBe(before + 1);
    expect(JSON.parse(events().at(-1)!.params)).toEqual({ route: '/pages/user/user' });
    expect(await beaconsTaken()).toBe(1);
  });

  it('reports a registration and a nickname change by how, never the address', async () => {
    await go(page, '/pages/user/login/register');
    await registerByEmail(page, smtp, 'reader@example.test', 'analytics pw 1');
    await go(page, '/pages/user/seting/name');
    await page.getByTestId('name-input').fill('Night reader');
    await page.getByTestId('name-save').click();
    await expect
      .poll(() => events().filter((event) => event.name === 'profile_update').length, { timeout: 10_000 })
      .toBe(1);
    const reported = events();
    expect(JSON.parse(reported.find((event) => event.name === 'register')!.params)).toEqual({
      method: 'email',
    });
    expect(JSON.parse(reported.find((event) => event.name === 'profile_update')!.params)).toEqual({
      field: 'nickname',
    });
    expect(JSON.stringify(reported)).not.toContain('reader@example.test');
  });

  it('sends nothing after the user turns statistics off in settings', async () => {
    await go(page, '/pages/user/seting/seting');
    const toggle = page.getByTestId('analytics-toggle');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('dm51.analyticsOptOut'))).toBe('1');
    await page.getByTestId('analytics-settings').scrollIntoViewIfNeeded();
    await settle(page);
    await keepScreenshot(page, 'analytics-settings-optout');

    await page.waitForTimeout(2_500);
    const before = events().length;
    await go(page, '/pages/home/home');
    await page.waitForTimeout(2_500);
    await hidePage();
    await page.waitForTimeout(500);
    expect(events().length).toBe(before);
  });
});
