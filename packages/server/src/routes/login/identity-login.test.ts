import { ApiCode } from '@dm51/shared';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAccountsHarness,
  newIp,
  sessionFrom,
  uniqueEmail,
  type AccountsHarness,
  type LoginData,
} from '../../testing/accounts.js';
import { newDeviceId } from '../../testing/test-client.js';

let h: AccountsHarness;
beforeAll(async () => {
  h = await buildAccountsHarness();
});
afterAll(async () => h.close());

interface Card {
  has_card: boolean;
  created_time: number;
  credential: string;
  qr: string;
}

function pngOf(dataUrl: string): Buffer {
  expect(dataUrl).toMatch(/^data:image\/png;base64,/);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The card as a user would save it: the QR on a larger, coloured picture, as a JPEG. */
async function cardPhoto(qrPng: Buffer): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 1200, channels: 3, background: '#fd586d' } })
    .composite([{ input: qrPng, left: 270, top: 420 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function identityLogin(file: Buffer | null, payload: Record<string, unknown> = {}, ip = newIp()) {
  return h.upload<LoginData>(
    '/v3/login/identity_login',
    file ? { bytes: file, filename: 'card.jpg', contentType: 'image/jpeg' } : null,
    { deviceid: newDeviceId(), ...payload },
    { noMerge: true, ip },
  );
}

describe('the identity card', () => {
  it('is made on first request, then only its status is shown; regenerating revokes the old card', async () => {
    const user = await h.registerByEmail(uniqueEmail(), 'password 1');
    const first = await h.call<Card>('/v3/user/card', {}, { session: user });
    expect(first).toMatchObject({ code: 1, data: { has_card: true } });
    expect(first.data!.credential).toMatch(new RegExp(`^DM51ID:1:${user.userId}:[\\w-]{43}$`));
    const again = await h.call<Card>('/v3/user/card', {}, { session: user });
    expect(again.data).toEqual({
      has_card: true,
      created_time: first.data!.created_time,
      credential: '',
      qr: '',
    });
    const stored = await h.ctx.db
      .selectFrom('identity_cards')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(first.data!.credential.split(':')[3]);

    const renewed = await h.call<Card>('/v3/user/card', { regenerate: true }, { session: user });
    expect(renewed.data!.credential).not.toBe(first.data!.credential);
    const old = await identityLogin(null, { credential: first.data!.credential });
    expect(old).toMatchObject({ code: ApiCode.IDENTITY_CARD_INVALID, data: null });
    expect(old.msg).toBe('Login failed, check whether the identity card is valid');
    expect((await identityLogin(null, { credential: renewed.data!.credential })).code).toBe(1);
  });

  it('logs in on another device from an uploaded photo of the card', async () => {
    const user = await h.registerByEmail(uniqueEmail(), 'password 1');
    const card = (await h.call<Card>('/v3/user/card', {}, { session: user })).data!;
    const result = await identityLogin(await cardPhoto(pngOf(card.qr)));
    expect(result).toMatchObject({ code: 1, data: { uid: user.userId, is_guest: false } });
    const info = await h.call<{ user: { id: number } }>(
      '/v3/user/index',
      {},
      { session: sessionFrom(result.data!, 'other') },
    );
    expect(info.data!.user.id).toBe(user.userId);
  });

  it('gives a guest its account back on another device', async () => {
    const guest = await h.client.initGuest();
    await h.ctx.db.updateTable('users').set({ coins: 7 }).where('id', '=', guest.userId).execute();
    const card = (await h.call<Card>('/v3/user/card', {}, { session: guest })).data!;
    const result = await identityLogin(pngOf(card.qr));
    expect(result).toMatchObject({ code: 1, data: { uid: guest.userId, is_guest: true } });
  });

  it.each([
    ['random bytes', () => Promise.resolve(Buffer.from('definitely not an image, just text'))],
    [
      'a truncated PNG',
      async () =>
        (
          await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
            .png()
            .toBuffer()
        ).subarray(0, 60),
    ],
    [
      'a picture without a QR code',
      () =>
        sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } })
          .png()
          .toBuffer(),
    ],
    [
      'a QR code that is not a card',
      async () => QRCode.toBuffer('https://example.com/hello', { width: 300 }),
    ],
  ])('answers "Invalid QR code" for %s', async (_label, make) => {
    const result = await identityLogin(await make());
    expect(result).toMatchObject({
      status: 200,
      code: ApiCode.QR_INVALID,
      msg: 'Invalid QR code',
      data: null,
    });
  });

  it('refuses an upload without a file, and a file over 5 MB', async () => {
    const none = await identityLogin(null);
    expect(none).toMatchObject({ code: ApiCode.PARAMS_INVALID });
    const huge = await identityLogin(Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(huge).toMatchObject({ code: ApiCode.UPLOAD_INVALID, data: null });
    expect(huge.msg).toMatch(/too large/);
  });

  it('stops working when the account is deleted', async () => {
    const user = await h.registerByEmail(uniqueEmail(), 'password 1');
    const card = (await h.call<Card>('/v3/user/card', {}, { session: user })).data!;
    expect((await h.call('/v3/user/write_off', { password: 'password 1' }, { session: user })).code).toBe(1);
    const result = await identityLogin(null, { credential: card.credential });
    expect(result.code).toBe(ApiCode.IDENTITY_CARD_INVALID);
  });

  it('limits failed attempts per address', async () => {
    const ip = newIp();
    const forged = `DM51ID:1:1:${'A'.repeat(43)}`;
    for (let i = 0; i < 10; i++)
      expect((await identityLogin(null, { credential: forged }, ip)).code).toBe(
        ApiCode.IDENTITY_CARD_INVALID,
      );
    const over = await identityLogin(null, { credential: forged }, ip);
    expect(over.code).toBe(ApiCode.RATE_LIMITED);
    expect(over.msg).toMatch(/try again in 15 minutes/);
  });

  it('refuses multipart on a call that takes no upload', async () => {
    const guest = await h.client.initGuest();
    const result = await h.upload('/v3/user/index', { bytes: Buffer.from('x') }, {}, { session: guest });
    expect(result.code).toBe(ApiCode.ENVELOPE_MISSING);
  });
});
