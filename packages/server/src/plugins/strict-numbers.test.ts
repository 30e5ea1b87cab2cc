/**
 * Number fields through the real calls: an array, an object, a boolean, an empty string, an
 * exponent or hex string, or a fraction where an integer is expected is PARAMS_INVALID naming the
 * field, and nothing is bought, moved or stored; JSON numbers and strings of digits still work.
 */
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterRow, WorkRow } from '../db/schema.js';
import { buildChapter, buildComicPages, buildWork } from '../testing/catalogue-factory.js';
import { ledgerEntryCount, topUp } from '../testing/money-factory.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../testing/test-client.js';

const NOT_INTEGERS: unknown[] = [[2], { a: 1 }, true, '', '1e3', '0x10', 2.5, ' 2', '2.0', null];

let ctx: TestApp;
let client: TestClient;
let comic: WorkRow;
const coinChapters: ChapterRow[] = [];
let keySeq = 0;
const key = () => `strict-num-${Date.now()}-${(keySeq += 1)}`;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  comic = await buildWork(ctx.db, null, { type: 0, title: 'Strict Numbers' });
  await ctx.db.updateTable('works').set({ chapter_price: 10 }).where('id', '=', comic.id).execute();
  await buildChapter(ctx.db, { workId: comic.id, title: 'Free one' });
  for (let i = 0; i < 4; i += 1) coinChapters.push(await buildChapter(ctx.db, { workId: comic.id, pay: 1 }));
  for (const chapter of coinChapters) await buildComicPages(ctx.db, null, chapter.id, { count: 1 });
});
afterAll(async () => ctx.close());

async function userWithCoins(coins: number): Promise<TestSession> {
  const guest = await client.initGuest();
  await ctx.db.updateTable('users').set({ is_guest: 0 }).where('id', '=', guest.userId).execute();
  await topUp(ctx.db, ctx.app.services.money, guest.userId, { coins });
  return { ...guest, isGuest: false };
}

async function coinsOf(userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('users')
    .select('coins')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.coins);
}

async function unlockCount(userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('chapter_unlocks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a buy call', () => {
  it.each(NOT_INTEGERS.map((value) => [value]))(
    'refuses chapter_id %o and count %o as PARAMS_INVALID, buying nothing',
    async (bad) => {
      const user = await userWithCoins(100);
      const entries = await ledgerEntryCount(ctx.db, user.userId);
      const byChapter = await client.call(
        '/v3/comic/buy',
        { chapter_id: bad, idempotency_key: key() },
        { session: user },
      );
      expect(byChapter).toMatchObject({ code: ApiCode.PARAMS_INVALID, data: null });
      expect(byChapter.msg).toContain('"chapter_id"');
      const byCount = await client.call(
        '/v3/comic/buy',
        { chapter_id: coinChapters[0]!.id, count: bad, idempotency_key: key() },
        { session: user },
      );
      expect(byCount).toMatchObject({ code: ApiCode.PARAMS_INVALID, data: null });
      expect(byCount.msg).toContain('"count"');
      expect(await coinsOf(user.userId)).toBe(100);
      expect(await ledgerEntryCount(ctx.db, user.userId)).toBe(entries);
      expect(await unlockCount(user.userId)).toBe(0);
    },
  );

  it('buys with a JSON number, and with a string of digits', async () => {
    const user = await userWithCoins(100);
    const asNumber = await client.call(
      '/v3/comic/buy',
      { chapter_id: coinChapters[0]!.id, count: 1, idempotency_key: key() },
      { session: user },
    );
    expect(asNumber.code).toBe(1);
    const asDigits = await client.call(
      '/v3/comic/buy',
      { chapter_id: String(coinChapters[1]!.id), count: '2', idempotency_key: key() },
      { session: user },
    );
    expect(asDigits.code).toBe(1);
    expect(asDigits.data).toMatchObject({ chapter_ids: [coinChapters[1]!.id, coinChapters[2]!.id] });
    expect(await unlockCount(user.userId)).toBe(3);
  });
});

describe('a paged listing', () => {
  it.each(NOT_INTEGERS.filter((value) => value !== null).map((value) => [value]))(
    'refuses page or limit %o as PARAMS_INVALID',
    async (bad) => {
      const session = await client.initGuest();
      for (const field of ['page', 'limit']) {
        const result = await client.call('/v3/comic/chapters', { id: comic.id, [field]: bad }, { session });
        expect(result, `${field}=${JSON.stringify(bad)}`).toMatchObject({
          code: ApiCode.PARAMS_INVALID,
          data: null,
        });
        expect(result.msg).toContain(`"${field}"`);
      }
    },
  );

  it('pages with JSON numbers and with strings of digits', async () => {
    const session = await client.initGuest();
    const asNumbers = await client.call<{ list: { id: number }[] }>(
      '/v3/comic/chapters',
      { id: comic.id, page: 1, limit: 2 },
      { session },
    );
    expect(asNumbers.code).toBe(1);
    const asDigits = await client.call<{ list: { id: number }[] }>(
      '/v3/comic/chapters',
      { id: String(comic.id), page: '1', limit: '2' },
      { session },
    );
    expect(asDigits.code).toBe(1);
    expect(asDigits.data!.list.map((c) => c.id)).toEqual(asNumbers.data!.list.map((c) => c.id));
  });
});

describe('merged fields', () => {
  it.each([[[0]], [true], [''], ['1e0'], [{ a: 1 }]])('refuses is_guest %o', async (bad) => {
    const result = await client.call('/v3/app/start', {}, { merged: { is_guest: bad } });
    expect(result).toMatchObject({ code: ApiCode.PARAMS_INVALID });
    expect(result.msg).toContain('"is_guest"');
  });

  it('refuses a timestamp in exponent form or as an array', async () => {
    for (const timestamp of [`${Date.now() / 1e12}e12`, [Date.now()], String(Date.now()) + '.0']) {
      const result = await client.call('/v3/app/start', {}, { merged: { timestamp } });
      expect(result.code, JSON.stringify(timestamp)).toBe(ApiCode.PARAMS_INVALID);
    }
    expect((await client.call('/v3/app/start', {}, { merged: { timestamp: String(Date.now()) } })).code).toBe(
      1,
    );
  });
});
