/** Steps of the invite browser test and screenshot tour: register through the guard, read the code. */
import type { Page } from 'playwright-core';
import type { SmtpPeer } from '../../packages/server/src/testing/delivery-peers.js';
import { go, openApp, registerByEmail } from './app-session.js';

/** A guest heads for a guarded page (spec §2 guard): it lands on login. */
export async function openGuarded(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    location.hash = `#${to}`;
  }, path);
  await page.waitForFunction(() => location.hash.startsWith('#/pages/user/login/login'));
}

/** From the login page: opens registration and registers `email`. */
export async function registerFromLogin(page: Page, smtp: SmtpPeer, email: string): Promise<void> {
  await page.getByTestId('login-to-register').click();
  await registerByEmail(page, smtp, email, 'invite password');
}

/** The invite page's code and share link, as the user reads them. */
export async function readInvite(page: Page): Promise<{ code: string; link: string }> {
  await go(page, '/pages/user/invite/invite');
  const code = (await page.getByTestId('invite-code').textContent())!.trim();
  await page.getByTestId('invite-qr').waitFor();
  const link = (await page.getByTestId('invite-link').textContent())!.trim();
  return { code, link };
}

/**
 * Opens the balance page and answers a reader of its bonus coins. The page refreshes on opening:
 * this waits until that refresh is done (the wallet is no longer busy), so a figure shown from
 * before (a guest's, say) is never read as the answer.
 */
export async function balancePage(page: Page): Promise<() => Promise<number>> {
  await go(page, '/pages/user/vip/balance');
  await page.locator('[data-testid="balance-wallet"][aria-busy="false"]').waitFor();
  const bonus = page.getByTestId('balance-bonus');
  return async () => Number((await bonus.textContent())!.replace(/\D/g, ''));
}

/** A new visitor heads for a guarded invite page, is sent to login and registers there. */
export async function registerThroughGuard(
  page: Page,
  smtp: SmtpPeer,
  path: string,
  email: string,
): Promise<void> {
  await openApp(page);
  await openGuarded(page, path);
  await registerFromLogin(page, smtp, email);
}
