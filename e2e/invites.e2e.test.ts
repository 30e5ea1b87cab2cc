/**
 * The invite programme in the browser against the real built server: user A registers (sent to
 * login by the guard from the invite page), reads their code and share link; user B, in another
 * browser, opens that link as a new visitor, is sent to login, registers with the code pre-filled
 * from the link, and both see their bonus coins change on the balance page; B's write page says who
 * invited them, A's invite page and log show the friend.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { go, registerByEmail } from './support/app-session.js';
import { newPhoneContext } from './support/chromium.js';
import { startServerAndBrowser } from './support/harness.js';
import { balancePage, readInvite, registerThroughGuard } from './support/invite-flow.js';
import type { RunningServer } from './support/server.js';

let smtp: SmtpPeer;
let server: RunningServer;
let browser: Browser;
let contexts: BrowserContext[] = [];

async function newPage(): Promise<Page> {
  const context = await newPhoneContext(browser, server.baseURL);
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  [server, browser] = await startServerAndBrowser({
    SMTP_URL: smtp.url,
    MAIL_FROM: '51动漫 <no-reply@example.test>',
  });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  contexts = [];
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('the invite programme', () => {
  it('a friend who registers through the share link gets coins, and so does the inviter', async () => {
    const alice = await newPage();
    await registerThroughGuard(alice, smtp, '/pages/user/invite/invite', `alice-${Date.now()}@example.test`);
    const invite = await readInvite(alice);
    expect(invite.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(invite.link).toBe(
      `${server.baseURL}/#/pages/user/invite/write?code=${invite.code}&channelCode=51dm`,
    );
    const aliceBefore = await (await balancePage(alice))();

    const bob = await newPage();
    await bob.goto(invite.link);
    await bob.waitForFunction(() => location.hash.startsWith('#/pages/user/login/login'));
    await bob.getByTestId('login-to-register').click();
    expect(await bob.getByTestId('register-invite').inputValue()).toBe(invite.code);
    await registerByEmail(bob, smtp, `bob-${Date.now()}@example.test`, 'invite password');

    await expect.poll(await balancePage(bob)).toBe(50);
    await go(bob, '/pages/user/invite/write');
    await bob.getByTestId('invite-bound').waitFor();
    expect(await bob.getByTestId('invite-bound').textContent()).toContain(invite.code);

    // Alice, still on her balance page, comes back to it through the invite page.
    await go(alice, '/pages/user/invite/invite');
    await alice.getByTestId('invite-friends').getByText('1').waitFor();
    expect(await alice.getByTestId('invite-earned-coins').textContent()).toContain('100');
    await expect.poll(await balancePage(alice)).toBe(aliceBefore + 100);
    await go(alice, '/pages/user/invite/inviteLog');
    await alice.getByTestId('invite-friend').waitFor();
    expect(await alice.getByTestId('invite-friend').count()).toBe(1);
    expect(await alice.getByTestId('invite-friend-reward').textContent()).toContain('100');
  });

  it('a refused code is explained on the write page and changes nothing', async () => {
    const carol = await newPage();
    await registerThroughGuard(carol, smtp, '/pages/user/invite/write', `carol-${Date.now()}@example.test`);
    const own = await readInvite(carol);
    await go(carol, '/pages/user/invite/write');
    await carol.getByTestId('invite-input').fill(own.code);
    await carol.getByTestId('invite-submit').click();
    await carol.getByTestId('invite-error').waitFor();
    expect(await carol.getByTestId('invite-error').textContent()).toContain('own');
    expect(await (await balancePage(carol))()).toBe(0);
  });
});
