import type { Page } from 'playwright-core';

/** When each path was first asked for and first answered, on the test's clock (launch-order tests). */
export interface RequestTimes {
  sent: Map<string, number>;
  done: Map<string, number>;
}

/** Records from now on the first request and the first finished answer of every path `page` loads. */
export function recordRequestTimes(page: Page, onRequest?: (path: string) => void): RequestTimes {
  const times: RequestTimes = { sent: new Map(), done: new Map() };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    onRequest?.(path);
    if (!times.sent.has(path)) times.sent.set(path, Date.now());
  });
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (!times.done.has(path)) times.done.set(path, Date.now());
  });
  return times;
}
