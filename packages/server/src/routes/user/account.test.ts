import { ApiCode, xorBytes } from '@dm51/shared';
import sharp from 'sharp';
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

let h: AccountsHarness;
beforeAll(async () => {
  h = await buildAccountsHarness();
});
afterAll(async () => h.close());

interface BindData {
  token: string;
  uid: number;
  is_token: string;
  is_uid: number;
  is_guest: boolean;
}
type UserInfo = Record<string, unknown> & { id: number; pic: string; nichen: string };

async function info(session: TestSession) {
  return h.call<{ user: UserInfo }>('/v3/user/index', {}, { session });
}

async function login(account: string, password: string) {
  return h.call<LoginData>(
    '/v3/login/index',
    { account, password, deviceid: newDeviceId() },
    { noMerge: true, ip: newIp() },
  );
}

describe('binding a phone number', () => {
  it('turns a guest into a registered user in place and rotates the session', async () => {
    const guest = await h.client.initGuest();
    await h.ctx.db
      .updateTable('users')
      .set({ coins: 15, nickname: 'Reader Rabbit' })
      .where('id', '=', guest.userId)
      .execute();
    const tel = uniqueTel();
    const code = await h.telCode(tel, 'bind', guest);
    const result = await h.call<BindData>(
      '/v3/app/bind_tel',
      { tel, code, password: 'guest pass 1' },
      { session: guest },
    );
    expect(result).toMatchObject({
      code: 1,
      data: { uid: guest.userId, is_uid: guest.userId, is_guest: false },
    });
    expect(result.data!.is_token).toBe(result.data!.token);
    expect((await info(guest)).status).toBe(401);
    const user = sessionFrom(result.data!, guest.deviceid);
    expect((await info(user)).data!.user).toMatchObject({
      tel,
      cion: 15,
      nichen: 'Reader Rabbit',
      is_guest: false,
    });
    expect((await login(tel, 'guest pass 1')).data!.uid).toBe(guest.userId);
    expect((await h.client.initGuest(guest.deviceid)).userId).not.toBe(guest.userId);
  });

  it('needs a password from a guest, and a valid code', async () => {
    const guest = await h.client.initGuest();
    const tel = uniqueTel();
    const code = await h.telCode(tel, 'bind', guest);
    const noPassword = await h.call('/v3/app/bind_tel', { tel, code }, { session: guest });
    expect(noPassword.code).toBe(ApiCode.PARAMS_INVALID);
    expect(noPassword.msg).toContain('"password"');
    const wrong = await h.call(
      '/v3/app/bind_tel',
      { tel, code: code === '999999' ? '000000' : '999999', password: 'pass word' },
      { session: guest },
    );
    expect(wrong.code).toBe(ApiCode.CODE_INVALID);
    expect((await info(guest)).data!.user).toMatchObject({ tel: '', is_guest: true });
  });

  it('refuses a number bound to another account, and a code sent for another purpose', async () => {
    const owner = await h.registerByEmail(uniqueEmail(), 'password 1');
    const tel = uniqueTel();
    const code = await h.telCode(tel, 'bind', owner);
    expect((await h.call('/v3/app/bind_tel', { tel, code }, { session: owner })).code).toBe(1);

    const guest = await h.client.initGuest();
    await h.forgetLimits();
    const taken = await h.call('/v3/login/telcode', { tel, type: 'bind' }, { session: guest, ip: newIp() });
    expect(taken.code).toBe(ApiCode.ACCOUNT_TAKEN);

    const other = uniqueTel();
    const regCode = await h.telCode(other, 'reg', guest);
    const misuse = await h.call(
      '/v3/app/bind_tel',
      { tel: other, code: regCode, password: 'pass word' },
      { session: guest },
    );
    expect(misuse).toMatchObject({ code: ApiCode.CODE_INVALID });
  });

  it('needs a session to ask for a binding code', async () => {
    const result = await h.call('/v3/login/telcode', { tel: uniqueTel(), type: 'bind' }, { ip: newIp() });
    expect(result.status).toBe(401);
  });
});

describe('binding an e-mail address', () => {
  it('changes the address of a registered user, who then logs in with the new one', async () => {
    const oldEmail = uniqueEmail();
    const user = await h.registerByEmail(oldEmail, 'password 1');
    const newEmail = uniqueEmail('new');
    const code = await h.mailCode(newEmail, 'bind', user);
    const result = await h.call<BindData>(
      '/v3/user/bind_email',
      { email: newEmail, code },
      { session: user },
    );
    expect(result).toMatchObject({ code: 1, data: { uid: user.userId } });
    expect((await login(newEmail, 'password 1')).code).toBe(1);
    expect((await login(oldEmail, 'password 1')).code).toBe(ApiCode.LOGIN_FAILED);
  });
});

describe('profile', () => {
  it('changes the nickname (trimmed), for guests too; refuses empty and overlong names', async () => {
    const guest = await h.client.initGuest();
    const result = await h.call<{ user: UserInfo }>(
      '/v3/user/edit',
      { nickname: '  Night Owl  ' },
      { session: guest },
    );
    expect(result.data!.user.nichen).toBe('Night Owl');
    for (const nickname of ['   ', 'x'.repeat(21)]) {
      const bad = await h.call('/v3/user/edit', { nickname }, { session: guest });
      expect(bad.code).toBe(ApiCode.PARAMS_INVALID);
    }
    expect((await info(guest)).data!.user.nichen).toBe('Night Owl');
  });
});

describe('avatar upload', () => {
  async function png(width: number, height: number) {
    return sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
      .png()
      .toBuffer();
  }

  it('re-encodes the image to a 256×256 JPEG stored XOR-encoded as _xfile', async () => {
    const guest = await h.client.initGuest();
    const result = await h.upload<{ pic: string; user: UserInfo }>(
      '/v3/user/uppic',
      { bytes: await png(640, 480), filename: 'me.png', contentType: 'image/png' },
      {},
      { session: guest },
    );
    expect(result.code).toBe(1);
    expect(result.data!.pic).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}_xfile\.jpg$/);
    expect(result.data!.user.pic).toBe(result.data!.pic);
    const served = await h.ctx.app.inject({ method: 'GET', url: result.data!.pic });
    expect(served.statusCode).toBe(200);
    const decoded = Buffer.from(xorBytes(served.rawPayload, h.ctx.config.imageXorKey));
    const meta = await sharp(decoded).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
  });

  it('refuses a file that is not an image, whatever its name and declared type', async () => {
    const guest = await h.client.initGuest();
    const result = await h.upload(
      '/v3/user/uppic',
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        filename: 'me.png',
        contentType: 'image/png',
      },
      {},
      { session: guest },
    );
    expect(result).toMatchObject({ code: ApiCode.UPLOAD_INVALID, data: null });
    expect(result.msg).toMatch(/not an image/);
    expect((await info(guest)).data!.user.pic).toBe('');
  });

  it('refuses a file over 5 MB', async () => {
    const guest = await h.client.initGuest();
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024, 7)]);
    const result = await h.upload('/v3/user/uppic', { bytes: big }, {}, { session: guest });
    expect(result).toMatchObject({ code: ApiCode.UPLOAD_INVALID });
    expect(result.msg).toMatch(/too large \(at most 5 MB\)/);
  });

  it('needs a session', async () => {
    const guest = await h.client.initGuest();
    const result = await h.upload(
      '/v3/user/uppic',
      { bytes: await png(10, 10) },
      {},
      { session: { ...guest, token: 'nope' } },
    );
    expect(result.status).toBe(401);
  });
});

describe('password change', () => {
  it('needs the current password, then revokes every session and hands the caller a new one', async () => {
    const email = uniqueEmail();
    const user = await h.registerByEmail(email, 'password 1');
    const elsewhere = sessionFrom((await login(email, 'password 1')).data!, 'other');
    const wrong = await h.call(
      '/v3/user/password',
      { old_password: 'nope', password: 'password 2' },
      { session: user },
    );
    expect(wrong).toMatchObject({ code: ApiCode.LOGIN_FAILED, msg: 'Wrong password' });

    const changed = await h.call<LoginData>(
      '/v3/user/password',
      { old_password: 'password 1', password: 'password 2' },
      { session: user },
    );
    expect(changed).toMatchObject({ code: 1, data: { uid: user.userId } });
    expect((await info(user)).status).toBe(401);
    expect((await info(elsewhere)).status).toBe(401);
    expect((await info(sessionFrom(changed.data!, user.deviceid))).code).toBe(1);
    expect((await login(email, 'password 2')).code).toBe(1);
  });
});

describe('logout', () => {
  it('revokes the session', async () => {
    const user = await h.registerByEmail(uniqueEmail(), 'password 1');
    expect((await h.call('/v3/user/logout', {}, { session: user })).code).toBe(1);
    expect((await info(user)).status).toBe(401);
  });
});

describe('account deletion', () => {
  it('erases personal data, revokes sessions, and frees the address', async () => {
    const email = uniqueEmail();
    const user = await h.registerByEmail(email, 'password 1');
    await h.call('/v3/user/edit', { nickname: 'Soon Gone' }, { session: user });
    const wrong = await h.call('/v3/user/write_off', { password: 'nope' }, { session: user });
    expect(wrong.code).toBe(ApiCode.LOGIN_FAILED);
    expect((await info(user)).code).toBe(1);

    expect((await h.call('/v3/user/write_off', { password: 'password 1' }, { session: user })).code).toBe(1);
    expect(await info(user)).toMatchObject({ status: 401, code: ApiCode.SESSION_INVALID });
    const row = await h.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ nickname: '', email: '', tel: '', name: '', pic: '', password_hash: null });
    expect(row.deleted_time).toBeGreaterThan(0);
    expect((await login(email, 'password 1')).code).toBe(ApiCode.LOGIN_FAILED);
    // The address can make a new account.
    await h.forgetLimits();
    const again = await h.registerByEmail(email, 'password 2');
    expect(again.userId).not.toBe(user.userId);
  });

  it('can be confirmed with a code sent to the bound address instead of the password', async () => {
    const email = uniqueEmail();
    const user = await h.registerByEmail(email, 'password 1');
    const elsewhere = await h.mailCode(uniqueEmail(), 'reg');
    const notBound = await h.call(
      '/v3/login/mailcode',
      { email: uniqueEmail(), type: 'writeoff' },
      { session: user, ip: newIp() },
    );
    expect(notBound.code).toBe(ApiCode.PARAMS_INVALID);
    const code = await h.mailCode(email, 'writeoff', user);
    expect(h.smtp.messages.at(-1)!.text).toMatch(/delete your account/);
    const wrong = await h.call('/v3/user/write_off', { code: elsewhere }, { session: user });
    expect(wrong.code).toBe(ApiCode.CODE_INVALID);
    expect((await h.call('/v3/user/write_off', { code }, { session: user })).code).toBe(1);
    expect((await info(user)).status).toBe(401);
  });

  it('is for registered users only', async () => {
    const guest = await h.client.initGuest();
    expect((await h.call('/v3/user/write_off', { password: 'x' }, { session: guest })).code).toBe(
      ApiCode.LOGIN_REQUIRED,
    );
  });
});
