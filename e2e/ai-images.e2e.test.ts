/**
 * AI cos in the browser against the real built server, whose image provider is an
 * OpenAI-compatible server on loopback that this test starts and switches between answering and
 * failing: a guest makes a picture with a free try and finds it in the gallery and the AI log; a
 * failed job gives its free try back (the log says refunded); once the tries are used up, Generate
 * and Buy ask the guest to bind.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiImagesPeer, type Peer } from '../packages/server/src/testing/ai-peers.js';
import { go, openApp } from './support/app-session.js';
import { AI_LOG_PATH, freeLeft, generate, openAiTab, uploadPhoto } from './support/ai-flow.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import type { RunningServer } from './support/server.js';

let peer: Peer;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  peer = await startOpenAiImagesPeer('ok');
  [server, browser] = await startServerAndBrowser({
    AI_IMAGE_PROVIDER: 'openai',
    AI_OPENAI_BASE_URL: peer.url,
    AI_JOB_TIMEOUT_S: '10',
    DEMO_LIBRARY: 'off',
  });
  context = await newPhoneContext(browser, server.baseURL);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await peer?.close();
});

describe('AI cos', () => {
  it('gives a guest free tries, keeps the results, refunds a failure and asks to bind when out', async () => {
    await openApp(page);
    await openAiTab(page);
    expect(await freeLeft(page)).toBe('3/3');
    await uploadPhoto(page);

    expect(await generate(page, 'anime')).toBe('done');
    await page.locator('[data-testid="ai-free-left"]', { hasText: '2/3' }).waitFor();
    await page.getByTestId('ai-gallery-item').first().waitFor();
    expect(peer.requests.some((line) => line.startsWith('POST /v1/images/edits'))).toBe(true);

    // The provider fails: the job fails and its free try comes back.
    peer.mode = 'fail';
    expect(await generate(page, 'manga')).toBe('failed');
    await page.locator('[data-testid="ai-free-left"]', { hasText: '2/3' }).waitFor();

    peer.mode = 'ok';
    expect(await generate(page, 'watercolor')).toBe('done');
    expect(await generate(page, 'pixel')).toBe('done');
    await page.locator('[data-testid="ai-free-left"]', { hasText: '0/3' }).waitFor();
    await page.locator('[data-testid="ai-gallery-item"]').nth(2).waitFor();

    // Out of tries: Generate asks the guest to bind, and so does Buy.
    await page.locator('[data-testid="ai-generate"]:enabled').click();
    await page.getByTestId('guest-prompt').waitFor();
    await page.getByTestId('guest-prompt-cancel').click();
    await page.getByTestId('guest-prompt').waitFor({ state: 'detached' });
    await page.getByTestId('ai-buy-open').click();
    await page.getByTestId('guest-prompt').waitFor();
    await page.getByTestId('guest-prompt-cancel').click();

    // The log lists all four jobs, the failed one refunded.
    await go(page, AI_LOG_PATH);
    await page.locator('[data-testid="ai-log-row"]').nth(3).waitFor();
    const statuses = await page
      .locator('[data-testid="ai-log-row"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));
    expect(statuses).toEqual(['done', 'done', 'failed', 'done']);
    await page.locator('[data-status="failed"] .ai-refunded').first().waitFor();
  });
});
