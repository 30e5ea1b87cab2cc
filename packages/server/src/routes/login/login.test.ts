import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAccountsHarness,
  newIp,
  sessionFrom,
  uniqueEmail,
  uniqueTel,
  type AccountsHarness,
  type LoginData,
} from '../../testing/accounts.js';
import { newDeviceId, type TestSession } from '../../testing/test-client.js';
import { clearRateLimits, setRateWindowStart } from '../../testing/rate-limits.js';

let h: AccountsHarness;
beforeAll(async () => {
  h = await buildAccountsHarness();
});
afterAll(async () => h.close());

const PASSWORD = 'correct horse';

async function login(account: string, password: string, ip = newIp()) {
  return h.call<LoginData>(
    '/v3/login/index',
    { account, password, deviceid: newDeviceId() },
    { noMerge: true, ip },
  );
}

async function userIndex(session: TestSession) {
  return h.call<{ guest: unknown; user: Record<string, unknown> }>('/v3/user/index', {}, { session });
}

describe('registration', () => {
  it('turns the calling guest into the account: same id, coins kept, no longer a guest', async () => {
    const guest = await h.client.initGuest();
    await h.ctx.db.updateTable('users').set({ coins: 42 }).where('id', '=', guest.userId).execute();
    const email = uniqueEmail();
    const user = await h.registerByEmail(email, PASSWORD, guest);

    expect(user.userId).toBe(guest.userId);
    expect(user.isGuest).toBe(false);
    expect(user.token).not.toBe(guest.token);
    const info = await userIndex(user);
    expect(info.data).toMatchObject({
      guest: null,
      user: { id: guest.userId, cion: 42, email, is_guest: false },
    });
    expect(String(info.data!.user['nichen'])).toMatch(/^用户/);
    // The guest token is gone with the guest.
    expect(await userIndex(guest)).toMatchObject({ status: 401, code: ApiCode.SESSION_INVALID });
  });

  it('gives the converted guest’s device a new guest at init, never the account', async () => {
    const guest = await h.client.initGuest();
    const user = await h.registerByEmail(uniqueEmail(), PASSWORD, guest);
    const again = await h.client.initGuest(guest.deviceid);
    expect(again.isGuest).toBe(true);
    expect(again.userId).not.toBe(user.userId);
    expect((await userIndex(again)).data!.user).toMatchObject({ is_guest: true, email: '' });
  });

  it('registers by phone with an SMS code (sent to the HTTP provider with its auth header)', async () => {
    const guest = await h.client.initGuest();
    const tel = uniqueTel();
    const code = await h.telCode(tel, 'reg', guest);
    const sms = h.sms.requests.at(-1)!;
    expect(sms).toMatchObject({ method: 'POST', url: '/send' });
    expect(sms.headers['authorization']).toBe('Bearer sms-test-key');
    expect(sms.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sms.body)).toEqual({ to: tel, code });

    const result = await h.call<LoginData>(
      '/v3/login/reg',
      { account: tel, code, password: PASSWORD },
      { noMerge: true },
    );
    expect(result).toMatchObject({ code: 1, data: { is_guest: false } });
    expect(result.data!.uid).not.toBe(guest.userId); // no guest_token: a fresh account
    expect((await login(tel, PASSWORD)).code).toBe(1);
  });

  it('refuses an address that already has an account, before sending a code', async () => {
    const email = uniqueEmail();
    await h.registerByEmail(email, PASSWORD);
    // (The minute limit of the code used to register is over by the time anyone tries this again.)
    await clearRateLimits(h.ctx.app, `code-min:reg:email:${email}`);
    const before = h.smtp.messages.length;
    const sent = await h.call('/v3/login/mailcode', { email, type: 'reg' }, { ip: newIp() });
    expect(sent).toMatchObject({ code: ApiCode.ACCOUNT_TAKEN, data: null });
    expect(sent.msg).toMatch(/already registered/);
    expect(h.smtp.messages.length).toBe(before);
  });

  it('validates addresses and passwords on the server (spec §5)', async () => {
    for (const [payload, field] of [
      [{ tel: '23800000000', type: 'reg' }, 'tel'],
      [{ tel: '1380000000', type: 'reg' }, 'tel'],
      [{ tel: '13800000000', type: 'nope' }, 'type'],
    ] as const) {
      const result = await h.call('/v3/login/telcode', payload, { ip: newIp() });
      expect(result.code).toBe(ApiCode.PARAMS_INVALID);
      expect(result.msg).toContain(`"${field}"`);
    }
    const badMail = await h.call(
      '/v3/login/mailcode',
      { email: 'not-an-address', type: 'reg' },
      { ip: newIp() },
    );
    expect(badMail).toMatchObject({ code: ApiCode.PARAMS_INVALID });
    const shortPassword = await h.call(
      '/v3/login/reg',
      { account: uniqueEmail(), code: '123456', password: '12345' },
      { noMerge: true },
    );
    expect(shortPassword.code).toBe(ApiCode.PARAMS_INVALID);
    expect(shortPassword.msg).toContain('"password"');
    const badCode = await h.call(
      '/v3/login/reg',
      { account: uniqueEmail(), code: '12a456', password: PASSWORD },
      { noMerge: true },
    );
    expect(badCode.msg).toContain('"code"');
  });
});

describe('verification codes', () => {
  async function register(email: string, code: string) {
    return h.call<LoginData>(
      '/v3/login/reg',
      { account: email, code, password: PASSWORD },
      { noMerge: true },
    );
  }

  it('refuses a wrong code and counts down the attempts, then refuses even the right one', async () => {
    const email = uniqueEmail();
    const code = await h.mailCode(email, 'reg');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const result = await register(email, wrong);
      expect(result).toMatchObject({ code: ApiCode.CODE_INVALID, data: null });
      expect(result.msg).toBe(`Wrong verification code (${left} attempts left)`);
    }
    expect((await register(email, wrong)).msg).toMatch(/request a new one/);
    expect((await register(email, code)).msg).toMatch(/Too many wrong attempts/);
    expect(await h.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('accepts a code once', async () => {
    const email = uniqueEmail();
    const code = await h.mailCode(email, 'reg');
    expect((await register(email, code)).code).toBe(1);
    const reused = await h.call(
      '/v3/login/find_pass',
      { account: email, code, password: 'another pass' },
      { ip: newIp() },
    );
    // A reg code is not a recovery code, and a used one stays used.
    expect(reused.code).toBe(ApiCode.CODE_INVALID);
    const again = await register(email, code);
    expect(again.code).toBe(ApiCode.ACCOUNT_TAKEN);
  });

  it('refuses a reused code with a clear message', async () => {
    const email = uniqueEmail();
    await h.registerByEmail(email, PASSWORD);
    const code = await h.mailCode(email, 'find');
    expect(
      (await h.call('/v3/login/find_pass', { account: email, code, password: 'new password 1' })).code,
    ).toBe(1);
    const reused = await h.call('/v3/login/find_pass', { account: email, code, password: 'new password 2' });
    expect(reused).toMatchObject({ code: ApiCode.CODE_INVALID });
    expect(reused.msg).toMatch(/already been used/);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    const code = await h.mailCode(email, 'reg');
    await h.ctx.db
      .updateTable('verification_codes')
      .set({ expires_time: Math.floor(Date.now() / 1000) - 1 })
      .where('target', '=', `email:${email}`)
      .execute();
    const result = await register(email, code);
    expect(result).toMatchObject({ code: ApiCode.CODE_INVALID });
    expect(result.msg).toMatch(/expired/);
  });

  it('stores only a salted hash of the code', async () => {
    const email = uniqueEmail();
    const code = await h.mailCode(email, 'reg');
    const rows = await h.ctx.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', `email:${email}`)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('only the latest code works', async () => {
    const email = uniqueEmail();
    const first = await h.mailCode(email, 'reg');
    await clearRateLimits(h.ctx.app, `code-min:reg:email:${email}`);
    const second = await h.mailCode(email, 'reg');
    if (first !== second) expect((await register(email, first)).code).toBe(ApiCode.CODE_INVALID);
    expect((await register(email, second)).code).toBe(1);
  });
});

describe('rate limits on codes', () => {
  it('allows one code a minute per address, saying how long to wait', async () => {
    const email = uniqueEmail();
    await h.mailCode(email, 'reg');
    const again = await h.call('/v3/login/mailcode', { email, type: 'reg' }, { ip: newIp() });
    expect(again).toMatchObject({ code: ApiCode.RATE_LIMITED, data: null });
    expect(again.msg).toMatch(/wait \d+ seconds/);
  });

  it('limits codes per network address', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      const result = await h.call(
        '/v3/login/mailcode',
        { email: uniqueEmail(), type: 'reg' },
        { ip, merged: { deviceid: newDeviceId() } },
      );
      expect(result.code).toBe(1);
    }
    const over = await h.call(
      '/v3/login/mailcode',
      { email: uniqueEmail(), type: 'reg' },
      { ip, merged: { deviceid: newDeviceId() } },
    );
    expect(over.code).toBe(ApiCode.RATE_LIMITED);
    expect(over.msg).toMatch(/this network/);
  });

  it('limits codes per device', async () => {
    const deviceid = newDeviceId();
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await h.call(
            '/v3/login/mailcode',
            { email: uniqueEmail(), type: 'reg' },
            { ip: newIp(), merged: { deviceid } },
          )
        ).code,
      ).toBe(1);
    }
    const over = await h.call(
      '/v3/login/mailcode',
      { email: uniqueEmail(), type: 'reg' },
      { ip: newIp(), merged: { deviceid } },
    );
    expect(over.code).toBe(ApiCode.RATE_LIMITED);
    expect(over.msg).toMatch(/this device/);
  });
});

describe('login', () => {
  it('logs in with e-mail (any case) and password, rotating the token at each login', async () => {
    const email = uniqueEmail();
    const registered = await h.registerByEmail(email, PASSWORD);
    const first = await login(email.toUpperCase(), PASSWORD);
    const second = await login(email, PASSWORD);
    expect(first).toMatchObject({ code: 1, data: { uid: registered.userId, is_guest: false } });
    expect(second.data!.token).not.toBe(first.data!.token);
    expect((await userIndex(sessionFrom(first.data!, 'd'))).data!.user).toMatchObject({
      id: registered.userId,
    });
  });

  it('answers the same for an unknown account and a wrong password', async () => {
    const email = uniqueEmail();
    await h.registerByEmail(email, PASSWORD);
    const wrong = await login(email, 'wrong password');
    const unknown = await login(uniqueEmail(), PASSWORD);
    expect(wrong).toMatchObject({ code: ApiCode.LOGIN_FAILED, msg: 'Wrong account or password', data: null });
    expect(unknown).toMatchObject({
      code: ApiCode.LOGIN_FAILED,
      msg: 'Wrong account or password',
      data: null,
    });
  });

  it('locks an account for 15 minutes from the address that failed 5 times, not from another', async () => {
    const email = uniqueEmail();
    await h.registerByEmail(email, PASSWORD);
    const ip = newIp();
    for (let i = 0; i < 5; i++)
      expect((await login(email, `guess ${i}`, ip)).code).toBe(ApiCode.LOGIN_FAILED);
    const locked = await login(email, PASSWORD, ip);
    expect(locked).toMatchObject({ code: ApiCode.RATE_LIMITED, data: null });
    expect(locked.msg).toMatch(/Too many failed logins; please try again in 15 minutes/);
    // The owner, elsewhere, is not locked out by those failures.
    expect((await login(email, PASSWORD, newIp())).code).toBe(1);
    // Once the window has passed, the right password works from that address again.
    await setRateWindowStart(
      h.ctx.app,
      `login-fail-pair:email:${email}|${ip}`,
      Math.floor(Date.now() / 1000) - 15 * 60,
    );
    expect((await login(email, PASSWORD, ip)).code).toBe(1);
  });

  it('stores the password as a salted scrypt hash', async () => {
    const email = uniqueEmail();
    await h.registerByEmail(email, PASSWORD);
    const row = await h.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    // Tests hash at a cheaper N; password-upgrade.test.ts checks the production N=2^17.
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  });

  it('leaves a guest’s data with the guest when an existing account logs in on its device', async () => {
    const email = uniqueEmail();
    const account = await h.registerByEmail(email, PASSWORD);
    const guest = await h.client.initGuest();
    const result = await h.call<LoginData>(
      '/v3/login/index',
      { account: email, password: PASSWORD, deviceid: guest.deviceid },
      { noMerge: true },
    );
    expect(result.data!.uid).toBe(account.userId);
    // After logout, init on the device gives the device's own guest back.
    expect((await h.client.initGuest(guest.deviceid)).userId).toBe(guest.userId);
  });
});

describe('sessions and roles', () => {
  it('answers LOGIN_REQUIRED when a guest makes a call for registered users', async () => {
    const guest = await h.client.initGuest();
    const result = await h.call(
      '/v3/user/password',
      { old_password: 'x', password: PASSWORD },
      { session: guest },
    );
    expect(result).toMatchObject({ status: 200, code: ApiCode.LOGIN_REQUIRED, data: null });
  });

  it("refuses one user's token used with another user's id with HTTP 401", async () => {
    const alice = await h.registerByEmail(uniqueEmail('alice'), PASSWORD);
    const bob = await h.registerByEmail(uniqueEmail('bob'), PASSWORD);
    const result = await h.call(
      '/v3/user/edit',
      { nickname: 'pwned' },
      { session: { ...alice, userId: bob.userId } },
    );
    expect(result).toMatchObject({ status: 401, code: ApiCode.SESSION_INVALID });
    const bobInfo = await userIndex(bob);
    expect(bobInfo.data!.user['nichen']).not.toBe('pwned');
  });
});

describe('password recovery', () => {
  it('does not reveal whether an account exists', async () => {
    const known = uniqueEmail();
    await h.registerByEmail(known, PASSWORD);
    const unknown = uniqueEmail();
    const a = await h.call('/v3/login/mailcode', { email: known, type: 'find' }, { ip: newIp() });
    const b = await h.call('/v3/login/mailcode', { email: unknown, type: 'find' }, { ip: newIp() });
    expect(a).toEqual(b);
    await h.smtp.nextMailTo(known);
    const x = await h.call('/v3/login/find_pass', {
      account: known,
      code: '000001',
      password: 'new password',
    });
    const y = await h.call('/v3/login/find_pass', {
      account: unknown,
      code: '000001',
      password: 'new password',
    });
    expect({ ...x, msg: x.msg.replace(/\d+ attempts/, 'N attempts') }).toEqual({
      ...y,
      msg: y.msg.replace(/\d+ attempts/, 'N attempts'),
    });
    // Nothing was mailed to the unknown address.
    await new Promise((r) => setTimeout(r, 200));
    expect(h.smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('sets the new password, revokes every session and logs the caller in', async () => {
    const email = uniqueEmail();
    const user = await h.registerByEmail(email, PASSWORD);
    const other = await login(email, PASSWORD);
    const code = await h.mailCode(email, 'find');
    const mail = h.smtp.messages.at(-1)!;
    expect(mail.subject).toContain(code);
    expect(mail.text).toMatch(/reset your password/);

    const result = await h.call<LoginData>('/v3/login/find_pass', {
      account: email,
      code,
      password: 'brand new pass',
    });
    expect(result).toMatchObject({ code: 1, data: { uid: user.userId, is_guest: false } });
    expect((await userIndex(user)).status).toBe(401);
    expect((await userIndex(sessionFrom(other.data!, 'd'))).status).toBe(401);
    expect((await userIndex(sessionFrom(result.data!, user.deviceid))).code).toBe(1);
    expect((await login(email, PASSWORD)).code).toBe(ApiCode.LOGIN_FAILED);
    expect((await login(email, 'brand new pass')).code).toBe(1);
  });
});
