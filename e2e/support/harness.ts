import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { startServer, type RunningServer } from './server.js';

/**
 * The built server and Chromium, started together. If either fails to start, the other is shut
 * down before the error is thrown: the test file's afterAll never sees it, and a server left
 * running would outlive the test run.
 */
export async function startServerAndBrowser(
  env: Record<string, string> = {},
): Promise<[RunningServer, Browser]> {
  const [server, browser] = await Promise.allSettled([startServer(env), launchChromium()]);
  if (server.status === 'fulfilled' && browser.status === 'fulfilled') return [server.value, browser.value];
  if (server.status === 'fulfilled') await server.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
}
