/**
 * Steps every account-level browser test takes: open the app as a guest, move between hash
 * routes, read the session the app stored, and register by e-mail with the code a real SMTP peer
 * on loopback received.
 */
import type { Page } from 'playwright-core';
import { codeIn, type SmtpPeer } from '../../packages/server/src/testing/delivery-peers.js';

export function storedSession(p: Page) {
  return p.evaluate(() => ({
    uid: Number(localStorage.getItem('uid')),
    isGuest: localStorage.getItem('isGuest'),
    token: localStorage.getItem('token') ?? '',
  }));
}

/** Opens the app and waits for the guest session it starts with. */
export async function openApp(p: Page): Promise<void> {
  await p.goto('/');
  await p.waitForFunction(() => location.hash.startsWith('#/pages/home/home'));
  await p.waitForFunction(() => (localStorage.getItem('token') ?? '') !== '');
}

/**
 * Navigates the hash router to `path` (with its query) and waits until it is there. A navigation
 * the app was still making (leaving the register page for where the visitor came from, say) can
 * land after ours and replace it: then ours is made again, for up to 30 seconds in all.
 */
export async function go(p: Page, path: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await p.evaluate((to) => {
      location.hash = `#${to}`;
    }, path);
    try {
      await p.waitForFunction((to) => decodeURIComponent(location.hash.slice(1)) === to, path, {
        timeout: Math.max(1, Math.min(5_000, deadline - Date.now())),
      });
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
  }
}

/**
 * Waits for the session to switch. A login or registration also leaves the login pages once the
 * new user is loaded; waiting for that too keeps the test's next navigation from racing it.
 */
export async function waitForGuestFlag(p: Page, flag: '0' | '1', notUid?: number): Promise<void> {
  try {
    await p.waitForFunction(
      ([expected, other]) =>
        localStorage.getItem('isGuest') === expected &&
        (other === null || Number(localStorage.getItem('uid')) !== other) &&
        (expected === '1' || !location.hash.startsWith('#/pages/user/login/')),
      [flag, notUid ?? null] as const,
    );
  } catch (error) {
    // A timeout alone says nothing of why; what the user would see does.
    throw new Error(`the session did not become isGuest=${flag}: ${await describeScreen(p)}`, {
      cause: error,
    });
  }
}

/** From now on, remembers every toast the page shows (they are gone before a wait times out). */
export async function recordToasts(p: Page): Promise<void> {
  await p.evaluate(() => {
    const seen: string[] = [];
    (window as { __toastsSeen?: string[] }).__toastsSeen = seen;
    new MutationObserver(() => {
      for (const node of Array.from(document.querySelectorAll('.adm-toast-main'))) {
        const text = node.textContent?.trim();
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** Where the page is, its stored session and any toast or dialog text: for failure messages. */
export async function describeScreen(p: Page): Promise<string> {
  return p
    .evaluate(() => {
      const texts = Array.from(document.querySelectorAll('.adm-toast-main, .adm-dialog-body, [role="alert"]'))
        .map((node) => node.textContent?.trim())
        .filter(Boolean);
      const seen = (window as { __toastsSeen?: string[] }).__toastsSeen ?? [];
      return JSON.stringify({
        hash: location.hash,
        isGuest: localStorage.getItem('isGuest'),
        uid: localStorage.getItem('uid'),
        shown: texts,
        toastsSinceSubmit: seen,
      });
    })
    .catch((error: unknown) => `(page unreadable: ${String(error)})`);
}

/** Taps "send code", solves the '安全认证' popup and returns the code mailed to `email`. */
export async function requestMailedCode(p: Page, smtp: SmtpPeer, email: string): Promise<string> {
  await p.getByTestId('send-code').click();
  const picture = p.getByTestId('captcha-picture');
  await picture.waitFor();
  const answer = (await picture.getAttribute('data-answer'))!;
  await p.getByTestId('captcha-input').fill(answer);
  await p.getByTestId('captcha-popup').waitFor({ state: 'detached' });
  return codeIn((await smtp.nextMailTo(email, 10_000)).text);
}

/** From the registration page (already open): registers `email` with the mailed code. */
export async function registerByEmail(
  p: Page,
  smtp: SmtpPeer,
  email: string,
  password: string,
): Promise<void> {
  await p.getByTestId('register-account').fill(email);
  const code = await requestMailedCode(p, smtp, email);
  await p.getByTestId('code-input').fill(code);
  await p.getByTestId('register-password').fill(password);
  await recordToasts(p);
  await p.getByTestId('register-submit').click();
  await waitForGuestFlag(p, '0');
}
