/**
 * `npm run screenshots:invites`: the invite pages as a user sees them, at 375×812 in the light
 * theme. Starts the built server with a real SMTP peer on loopback; Alice registers and reads her
 * code; Bob registers through her share link (code pre-filled); Carol, registered without a code,
 * opens Alice's link and sees the write page filled in, then enters it; Alice sees her invite page
 * and her invite log with both friends. Writes invite-register.png (Bob's form, code filled in), invite-index.png, invite-write.png,
 * invite-write-bound.png, invite-log.png, invite-index-rules-zh-CN.png (the rules, in Chinese) and invite-index-dark-zh-CN.png into E2E_SCREENSHOTS (default docs/screenshots).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { go, registerByEmail } from './support/app-session.js';
import { startServerAndBrowser } from './support/harness.js';
import { readInvite, registerThroughGuard } from './support/invite-flow.js';
import { keepScreenshot, newThemedContext, settle } from './support/screenshots.js';
import { REPO_ROOT, type RunningServer } from './support/server.js';

async function waitForToasts(page: Page): Promise<void> {
  const toast = page.locator('.adm-toast-mask');
  await toast.waitFor({ timeout: 3_000 }).catch(() => undefined);
  await toast.waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

async function tour(
  browser: Browser,
  server: RunningServer,
  smtp: Awaited<ReturnType<typeof startSmtpPeer>>,
) {
  const pageOf = async () => (await newThemedContext(browser, server.baseURL, 'light')).newPage();
  const shot = async (page: Page, name: string) => {
    await waitForToasts(page);
    await settle(page);
    await keepScreenshot(page, name);
  };

  const alice = await pageOf();
  await registerThroughGuard(alice, smtp, '/pages/user/invite/invite', 'alice@example.test');
  const invite = await readInvite(alice);

  const bob = await pageOf();
  await bob.goto(invite.link);
  await bob.waitForFunction(() => location.hash.startsWith('#/pages/user/login/login'));
  await bob.getByTestId('login-to-register').click();
  await bob.getByTestId('register-invite').waitFor();
  await shot(bob, 'invite-register');
  await registerByEmail(bob, smtp, 'bob@example.test', 'invite password');

  const carol = await pageOf();
  await registerThroughGuard(carol, smtp, '/pages/user/invite/write', 'carol@example.test');
  await go(carol, `/pages/user/invite/write?code=${invite.code}`);
  await carol.getByTestId('invite-input').waitFor();
  await shot(carol, 'invite-write');
  await carol.getByTestId('invite-submit').click();
  await carol.getByTestId('invite-bound').waitFor();
  await shot(carol, 'invite-write-bound');

  await go(alice, '/pages/user/invite/inviteLog');
  await alice.getByTestId('invite-friend').nth(1).waitFor();
  await shot(alice, 'invite-log');
  await go(alice, '/pages/user/invite/invite');
  await alice.getByTestId('invite-friends').getByText('2').waitFor();
  await shot(alice, 'invite-index');
  // The same page in Chinese (the spec's language), to check the wording and the layout.
  await alice.evaluate(() => localStorage.setItem('locale', 'zh-CN'));
  await alice.reload();
  await alice.getByTestId('invite-code').waitFor();
  await alice.getByTestId('invite-qr').waitFor();
  await alice.getByTestId('invite-rules').scrollIntoViewIfNeeded();
  await shot(alice, 'invite-index-rules-zh-CN');
  // And in the dark theme: Alice's session in a context that paints dark from the start.
  const session = await alice.evaluate(() => ({ ...localStorage }));
  const dark = await newThemedContext(browser, server.baseURL, 'dark');
  await dark.addInitScript((stored: Record<string, string>) => {
    for (const key of ['token', 'uid', 'isGuest', 'stats', 'locale']) {
      const value = stored[key];
      if (value !== undefined) localStorage.setItem(key, value);
    }
  }, session);
  const aliceDark = await dark.newPage();
  await aliceDark.goto('/#/pages/user/invite/invite');
  await aliceDark.getByTestId('invite-qr').waitFor();
  await shot(aliceDark, 'invite-index-dark-zh-CN');
}

async function main(): Promise<void> {
  process.env['E2E_SCREENSHOTS'] ??= join(REPO_ROOT, 'docs/screenshots');
  const smtp = await startSmtpPeer();
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    [server, browser] = await startServerAndBrowser({
      SMTP_URL: smtp.url,
      MAIL_FROM: '51动漫 <no-reply@example.test>',
    });
    // The server's log goes with a failure: a tour breaks mostly on what the server said.
    await tour(browser, server, smtp).catch((error: unknown) => {
      console.error(server?.output().slice(-3000));
      throw error;
    });
    console.log(`screenshots written to ${process.env['E2E_SCREENSHOTS']}`);
  } finally {
    await browser?.close();
    await server?.stop();
    await smtp.close();
  }
}

await main();
