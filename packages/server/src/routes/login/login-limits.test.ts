/**
 * Attempt limits under parallel bursts: each attempt is counted before it is evaluated, so of a
 * burst no more than the limit are evaluated (wrong passwords, identity cards, verification codes,
 * codes mailed), and failures from an attacker's address never lock the owner out elsewhere.
 */
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAccountsHarness,
  newIp,
  uniqueEmail,
  type AccountsHarness,
  type LoginData,
} from '../../testing/accounts.js';
import { newDeviceId } from '../../testing/test-client.js';
import { endBackoff } from '../../testing/rate-limits.js';

let h: AccountsHarness;
beforeAll(async () => {
  h = await buildAccountsHarness();
}, 60_000);
afterAll(async () => h.close());

const PASSWORD = 'correct horse';
const BURST = 60;

async function login(account: string, password: string, ip: string) {
  return h.call<LoginData>(
    '/v3/login/index',
    { account, password, deviceid: newDeviceId() },
    { noMerge: true, ip },
  );
}

function tally(results: { code: number }[]) {
  const count = (code: number) => results.filter((result) => result.code === code).length;
  return { count, total: results.length };
}

describe('password login under a burst', () => {
  it('evaluates at most 5 wrong passwords from one address, and the owner logs in from another', async () => {
    const email = uniqueEmail();
    await h.registerByEmail(email, PASSWORD);
    const ip = newIp();
    const results = await Promise.all(Array.from({ length: 80 }, (_, i) => login(email, `wrong ${i}`, ip)));
    const { count } = tally(results);
    expect(count(ApiCode.LOGIN_FAILED)).toBeLessThanOrEqual(5);
    expect(count(ApiCode.LOGIN_FAILED) + count(ApiCode.RATE_LIMITED)).toBe(80);
    expect((await login(email, PASSWORD, ip)).code).toBe(ApiCode.RATE_LIMITED);
    expect((await login(email, PASSWORD, newIp())).code).toBe(1);
  });

  it('from many addresses, the account backs off (5 free, then one per delay) but is never locked', async () => {
    const email = uniqueEmail();
    await h.registerByEmail(email, PASSWORD);
    const ips = Array.from({ length: 30 }, () => newIp());
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: BURST }, (_, i) => login(email, `wrong ${i}`, ips[i % ips.length]!)),
    );
    // 5 free, then one per delay (each at least a second): one more for each second the burst took.
    const allowed = 6 + Math.ceil((Date.now() - started) / 1000);
    const { count } = tally(results);
    expect(count(ApiCode.LOGIN_FAILED)).toBeLessThanOrEqual(allowed);
    const limited = results.filter((result) => result.code === ApiCode.RATE_LIMITED);
    expect(limited.length).toBeGreaterThanOrEqual(BURST - allowed);
    for (const result of limited) expect(result.msg).toMatch(/try again in \d+ seconds/);
    // The back-off is short (at most 30 seconds); once it passed the owner's password works.
    await endBackoff(h.ctx.app, `login-fail:email:${email}`);
    expect((await login(email, PASSWORD, newIp())).code).toBe(1);
    // …and the success cleared the account's back-off.
    expect((await login(email, 'wrong again', newIp())).code).toBe(ApiCode.LOGIN_FAILED);
  });

  it('counts at most 100 failures per address, whatever accounts it tries', async () => {
    const ip = newIp();
    const results = await Promise.all(
      Array.from({ length: 130 }, (_, i) => login(`nobody-${i}-${uniqueEmail()}`, 'some password', ip)),
    );
    const { count } = tally(results);
    expect(count(ApiCode.LOGIN_FAILED)).toBeLessThanOrEqual(100);
    expect(count(ApiCode.RATE_LIMITED)).toBeGreaterThanOrEqual(30);
  }, 60_000);

  it('evaluates at most 10 identity cards per address', async () => {
    const ip = newIp();
    const forged = `DM51ID:1:1:${'A'.repeat(43)}`;
    const results = await Promise.all(
      Array.from({ length: BURST }, () =>
        h.upload<LoginData>(
          '/v3/login/identity_login',
          null,
          { deviceid: newDeviceId(), credential: forged },
          { noMerge: true, ip },
        ),
      ),
    );
    const { count } = tally(results);
    expect(count(ApiCode.IDENTITY_CARD_INVALID)).toBeLessThanOrEqual(10);
    expect(count(ApiCode.IDENTITY_CARD_INVALID) + count(ApiCode.RATE_LIMITED)).toBe(BURST);
  });
});

describe('verification codes under a burst', () => {
  it('compares at most 5 guesses at one registration code', async () => {
    const email = uniqueEmail();
    const code = await h.mailCode(email, 'reg');
    const wrong = code === '000000' ? '111111' : '000000';
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        h.call<LoginData>(
          '/v3/login/reg',
          { account: email, code: wrong, password: PASSWORD },
          { noMerge: true, ip: newIp() },
        ),
      ),
    );
    const compared = results.filter((result) => /^Wrong verification code/.test(result.msg));
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(results.every((result) => result.code === ApiCode.CODE_INVALID)).toBe(true);
    const row = await h.ctx.db
      .selectFrom('verification_codes')
      .select('attempts')
      .where('target', '=', `email:${email}`)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });

  it('compares at most 5 guesses at one recovery code, a right one racing them included', async () => {
    const email = uniqueEmail();
    await h.registerByEmail(email, PASSWORD);
    const code = await h.mailCode(email, 'find');
    const wrong = code === '000000' ? '111111' : '000000';
    const guess = (value: string) =>
      h.call<LoginData>(
        '/v3/login/find_pass',
        { account: email, code: value, password: 'brand new pass' },
        { ip: newIp() },
      );
    const results = await Promise.all([
      ...Array.from({ length: 100 }, () => guess(wrong)),
      guess(code),
      ...Array.from({ length: 99 }, () => guess(wrong)),
    ]);
    const wrongAnswers = results.filter((result) => /^Wrong verification code/.test(result.msg));
    const accepted = results.filter((result) => result.code === 1);
    // The right code and the wrong guesses share the 5 attempts; every wrong one compared is counted.
    expect(wrongAnswers.length + accepted.length).toBeLessThanOrEqual(5);
    expect(accepted.length).toBeLessThanOrEqual(1);
  });

  it('mails one code to an address however many ask at once', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(
      Array.from({ length: 90 }, () => h.call('/v3/login/mailcode', { email, type: 'reg' }, { ip: newIp() })),
    );
    expect(results.filter((result) => result.code === 1)).toHaveLength(1);
    expect(results.filter((result) => result.code === ApiCode.RATE_LIMITED)).toHaveLength(89);
    await h.smtp.nextMailTo(email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.smtp.messages.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it('mails at most 20 codes from one address however many ask at once', async () => {
    const ip = newIp();
    const results = await Promise.all(
      Array.from({ length: BURST }, () =>
        h.call('/v3/login/mailcode', { email: uniqueEmail(), type: 'reg' }, { ip }),
      ),
    );
    expect(results.filter((result) => result.code === 1).length).toBeLessThanOrEqual(20);
    expect(results.filter((result) => result.code === ApiCode.RATE_LIMITED).length).toBeGreaterThanOrEqual(
      BURST - 20,
    );
  });
});
