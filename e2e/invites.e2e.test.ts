/**
 * The invite programme in the browser against the real built server: user A registers (sent to
 * login by the guard from the invite page), reads their code and share link; user B, in another
 * browser, opens that link as a new visitor, is sent to login, registers with the code pre-filled
 * from the link, and both see their bonus coins change on the balance page; B's write page says who
 * invited them, A's invite page and log show the friend. What others change (an operator's
 * feedback reply, a friend joining) shows in an open app without a reload: when it comes back to the
 * foreground, or when a page is opened again.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../packages/server/src/testing/delivery-peers.js';
import { createOwnerWithCli, freshTotpCode, type CreatedOperator } from './support/admin-console.js';
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

/** The operator answers a feedback through the console's API (signed in with a TOTP code). */
async function operatorReplies(owner: CreatedOperator, feedbackId: number, reply: string): Promise<void> {
  const api = `${server.baseURL}/admin/api`;
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: owner.name,
      password: owner.password,
      code: await freshTotpCode(owner.secret, new Set()),
    }),
  });
  expect(login.status).toBe(200);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const answer = await fetch(`${api}/community/feedback/${feedbackId}/reply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
    body: JSON.stringify({ reply }),
  });
  expect(answer.status).toBe(200);
}

/** The phone's app comes back to the foreground (the browser says so with visibilitychange). */
async function backToForeground(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
}

/** The Me page's bonus coins (the invite reward lands there). */
async function mePageBonus(page: Page): Promise<() => Promise<number>> {
  await go(page, '/pages/user/user');
  const bonus = page.getByTestId('user-bonus').locator('dd');
  await bonus.waitFor();
  return async () => Number((await bonus.textContent())!.replace(/\D/g, ''));
}

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

describe('what others change, in an open app', () => {
  it("shows the operator's feedback reply, the unread mark and a friend's reward without a reload", async () => {
    const dana = await newPage();
    await registerThroughGuard(dana, smtp, '/pages/user/invite/invite', `dana-${Date.now()}@example.test`);
    const invite = await readInvite(dana);
    expect(await dana.getByTestId('invite-friends').textContent()).toContain('0');
    await go(dana, '/pages/user/invite/inviteLog');
    await dana.locator('[data-testid="invite-friends"][data-state="empty"]').waitFor();
    const danaBonus = await mePageBonus(dana);
    const bonusBefore = await danaBonus();
    expect(await dana.getByTestId('user-unread').count()).toBe(0);

    // Dana sends a feedback and stays on her feedback log; the operator answers it meanwhile.
    const feedbackText = `The chapter list jumps to the top ${Date.now()}`;
    await go(dana, '/pages/user/feedback/feedback');
    await dana.getByTestId('feedback-page').waitFor();
    await dana.getByTestId('feedback-type-1').click();
    await dana.getByTestId('feedback-content').fill(feedbackText);
    await dana.getByTestId('feedback-submit').click();
    const card = dana.locator('article[data-testid^="feedback-"]', { hasText: feedbackText });
    await card.waitFor();
    const feedbackId = Number((await card.getAttribute('data-testid'))!.replace('feedback-', ''));
    const reply = dana.getByTestId(`feedback-reply-${feedbackId}`);
    const answer = 'Thanks Dana, fixed in the next release';
    expect(await reply.textContent()).not.toContain(answer);
    const owner = await createOwnerWithCli(server, `e2e-invites-owner-${Date.now()}`);
    await operatorReplies(owner, feedbackId, answer);

    await backToForeground(dana);
    await expect.poll(() => reply.textContent(), { timeout: 5_000 }).toContain(answer);
    expect(await dana.getByTestId('feedback-log-page').count()).toBe(1);
    // Back on the Me page, opened before the reply: the bell has the unread mark.
    await go(dana, '/pages/user/user');
    await expect.poll(() => dana.getByTestId('user-unread').textContent(), { timeout: 5_000 }).toBe('1');

    // A friend registers with Dana's code; Dana's invite pages, opened again, show it.
    const erin = await newPage();
    await erin.goto(invite.link);
    await erin.waitForFunction(() => location.hash.startsWith('#/pages/user/login/login'));
    await erin.getByTestId('login-to-register').click();
    await registerByEmail(erin, smtp, `erin-${Date.now()}@example.test`, 'invite password');
    await expect.poll(await balancePage(erin)).toBe(50);

    await go(dana, '/pages/user/invite/invite');
    await expect.poll(() => dana.getByTestId('invite-friends').textContent()).toContain('1');
    expect(await dana.getByTestId('invite-earned-coins').textContent()).toContain('100');
    await go(dana, '/pages/user/invite/inviteLog');
    await dana.getByTestId('invite-friend').waitFor();
    expect(await dana.getByTestId('invite-friend-reward').textContent()).toContain('100');
    await expect.poll(await mePageBonus(dana)).toBe(bonusBefore + 100);
  });
});
