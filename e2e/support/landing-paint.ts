import type { Page } from 'playwright-core';

/**
 * When the page painted its landing image (the first largest-contentful-paint entry that is an
 * image: an <img> or a background image), on the page's own clock (`startTime`, what its resource
 * timings use) and on the browser's wall clock (`epochMs`, what Playwright's request timings use).
 */
export function landingImagePaint(page: Page): Promise<{ startTime: number; epochMs: number }> {
  return page.evaluate(
    () =>
      new Promise<{ startTime: number; epochMs: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const paint = list.getEntries().find((entry) => {
            const candidate = entry as PerformanceEntry & { url?: string; element?: Element | null };
            return candidate.element?.tagName === 'IMG' || Boolean(candidate.url);
          });
          if (paint)
            resolve({ startTime: paint.startTime, epochMs: performance.timeOrigin + paint.startTime });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}
