import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

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
