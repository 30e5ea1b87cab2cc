import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterRow, WorkRow } from '../../db/schema.js';
import {
  buildChapter,
  buildComicPages,
  buildNovelChapter,
  buildWork,
  makeVip,
} from '../../testing/catalogue-factory.js';
import { topUp } from '../../testing/money-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let comic: WorkRow;
let novel: WorkRow;
/** Comic chapters: 0 free, 1–8 coin chapters (price 10 from the work), 9 VIP. */
const comicChapters: ChapterRow[] = [];
let novelCoinChapter: ChapterRow;

const now = () => Math.floor(Date.now() / 1000);
let keySeq = 0;
const key = () => `test-key-${Date.now()}-${(keySeq += 1)}`;

/** A registered user (a converted guest) with `paid` coins from a fulfilled top-up and `bonus` granted coins. */
async function userWith(paid: number, bonus = 0, bonusExpires = 0): Promise<TestSession> {
  const guest = await client.initGuest();
  await ctx.db.updateTable('users').set({ is_guest: 0 }).where('id', '=', guest.userId).execute();
  const money = ctx.app.services.money;
  if (paid > 0) await topUp(ctx.db, money, guest.userId, { coins: paid });
  if (bonus > 0)
    await money.ledger.transaction((tx) =>
      money.wallet.grantBonus(tx, guest.userId, bonus, bonusExpires, {
        key: `grant:${key()}`,
        title: 'test',
      }),
    );
  return { ...guest, isGuest: false };
}

async function entryCount(userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function balances(userId: number) {
  return ctx.db
    .selectFrom('users')
    .select(['coins', 'ticket'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  comic = await buildWork(ctx.db, null, { type: 0, title: 'Coin Comic' });
  await ctx.db.updateTable('works').set({ chapter_price: 10 }).where('id', '=', comic.id).execute();
  comicChapters.push(await buildChapter(ctx.db, { workId: comic.id, title: 'Free one' }));
  for (let i = 1; i <= 8; i += 1)
    comicChapters.push(await buildChapter(ctx.db, { workId: comic.id, pay: 1 }));
  comicChapters.push(await buildChapter(ctx.db, { workId: comic.id, title: 'VIP one', pay: 2 }));
  for (const chapter of comicChapters) await buildComicPages(ctx.db, null, chapter.id, { count: 2 });
  novel = await buildWork(ctx.db, null, { type: 1, title: 'Coin Novel' });
  await buildNovelChapter(ctx.db, { workId: novel.id });
  novelCoinChapter = await buildNovelChapter(ctx.db, {
    workId: novel.id,
    pay: 1,
    priceCoins: 7,
    text: 'Paid words.',
  });
});

afterAll(async () => {
  await ctx.close();
});

describe('coin chapters', () => {
  it('are locked in lists and refused by the reader (CHAPTER_LOCKED) until bought, with their price', async () => {
    const user = await userWith(0);
    const list = await client.call<{
      list: { id: number; locked: number; price_coins: number; unlocked: number }[];
    }>('/v3/comic/chapters', { id: comic.id }, { session: user });
    const coin = list.data!.list.find((c) => c.id === comicChapters[1]!.id)!;
    expect(coin).toMatchObject({ locked: 1, price_coins: 10, unlocked: 0 });
    expect(list.data!.list.find((c) => c.id === comicChapters[0]!.id)).toMatchObject({
      locked: 0,
      price_coins: 0,
    });
    const read = await client.call('/v3/comic/read', { chapter_id: comicChapters[1]!.id }, { session: user });
    expect(read).toMatchObject({ code: ApiCode.CHAPTER_LOCKED, data: null });
    const vipChapter = await client.call(
      '/v3/comic/read',
      { chapter_id: comicChapters[9]!.id },
      { session: user },
    );
    expect(vipChapter.code).toBe(ApiCode.VIP_REQUIRED);
  });

  it('guests cannot buy (LOGIN_REQUIRED)', async () => {
    const guest = await client.initGuest();
    const result = await client.call(
      '/v3/comic/buy',
      { chapter_id: comicChapters[1]!.id, idempotency_key: key() },
      { session: guest },
    );
    expect(result.code).toBe(ApiCode.LOGIN_REQUIRED);
  });

  it('a short balance is refused with how much is missing, and nothing moves', async () => {
    const user = await userWith(4, 3);
    const before = await entryCount(user.userId);
    const result = await client.call(
      '/v3/comic/buy',
      { chapter_id: comicChapters[1]!.id, idempotency_key: key() },
      { session: user },
    );
    expect(result.code).toBe(ApiCode.BALANCE_SHORT);
    expect(result.msg).toContain('3');
    expect(await entryCount(user.userId)).toBe(before);
    expect(await balances(user.userId)).toEqual({ coins: 4, ticket: 3 });
    const read = await client.call('/v3/comic/read', { chapter_id: comicChapters[1]!.id }, { session: user });
    expect(read.code).toBe(ApiCode.CHAPTER_LOCKED);
  });

  it('buying spends bonus coins first, opens the chapter for good and shows in the logs', async () => {
    const user = await userWith(100, 4);
    const bought = await client.call<{
      coins: number;
      bonus_spent: number;
      cion: number;
      ticket: number;
      chapter_ids: number[];
    }>('/v3/comic/buy', { chapter_id: comicChapters[1]!.id, idempotency_key: key() }, { session: user });
    expect(bought.code).toBe(1);
    expect(bought.data).toMatchObject({
      coins: 10,
      bonus_spent: 4,
      cion: 94,
      ticket: 0,
      chapter_ids: [comicChapters[1]!.id],
    });
    expect(await balances(user.userId)).toEqual({ coins: 94, ticket: 0 });
    const read = await client.call<{ pages: unknown[]; charged: unknown }>(
      '/v3/comic/read',
      { chapter_id: comicChapters[1]!.id },
      { session: user },
    );
    expect(read.data!.pages).toHaveLength(2);
    expect(read.data!.charged).toBeNull();

    const list = await client.call<{
      list: { chapter_id: number; coins: number; work_name: string }[];
      total: number;
    }>('/v3/book_buy/list', { page: 1, limit: 10 }, { session: user });
    expect(list.data).toMatchObject({
      total: 1,
      list: [{ chapter_id: comicChapters[1]!.id, coins: 10, work_name: 'Coin Comic' }],
    });

    const expenses = await client.call<{
      list: { kind: string; coins: number; bonus: number; chapter_id: number }[];
    }>('/v3/pay/expenses', { page: 1, limit: 10 }, { session: user });
    expect(expenses.data!.list[0]).toMatchObject({
      kind: 'chapter_unlock',
      coins: -6,
      bonus: -4,
      chapter_id: comicChapters[1]!.id,
    });
    expect(expenses.data!.list.map((item) => item.kind)).toEqual(['chapter_unlock', 'bonus_grant', 'topup']);

    // Buying an open chapter again charges nothing.
    const again = await client.call<{ coins: number; chapter_ids: number[] }>(
      '/v3/comic/buy',
      { chapter_id: comicChapters[1]!.id, idempotency_key: key() },
      { session: user },
    );
    expect(again.data).toMatchObject({ coins: 0, chapter_ids: [] });
    expect(await balances(user.userId)).toEqual({ coins: 94, ticket: 0 });
  });

  it('a repeated idempotency key answers the first result and charges once; reused for another chapter it is refused', async () => {
    const user = await userWith(50);
    const requestKey = key();
    const payload = { chapter_id: comicChapters[2]!.id, idempotency_key: requestKey };
    const [first, second] = await Promise.all([
      client.call('/v3/comic/buy', payload, { session: user }),
      client.call('/v3/comic/buy', payload, { session: user }),
    ]);
    expect(first.data).toEqual(second.data);
    expect(await balances(user.userId)).toEqual({ coins: 40, ticket: 0 });
    const third = await client.call('/v3/comic/buy', payload, { session: user });
    expect(third.data).toEqual(first.data);
    const conflict = await client.call(
      '/v3/comic/buy',
      { chapter_id: comicChapters[3]!.id, idempotency_key: requestKey },
      { session: user },
    );
    expect(conflict.code).toBe(ApiCode.IDEMPOTENCY_CONFLICT);
    expect(await balances(user.userId)).toEqual({ coins: 40, ticket: 0 });
  });

  it('a batch unlocks the next N locked chapters at the tier discount, skipping bought ones', async () => {
    const user = await userWith(200);
    await client.call(
      '/v3/comic/buy',
      { chapter_id: comicChapters[3]!.id, idempotency_key: key() },
      { session: user },
    );
    const quote = await client.call<{
      reason: string;
      price: number;
      options: { count: number; coins: number; list_coins: number; discount_percent: number }[];
    }>('/v3/book_buy/quote', { chapter_id: comicChapters[1]!.id }, { session: user });
    // Locked ahead: 1, 2, 4, 5, 6, 7, 8 (3 is bought) and 9 (VIP) = 8 chapters.
    expect(quote.data!.reason).toBe('coins');
    expect(quote.data!.options.map((o) => o.count)).toEqual([1, 5, 8]);
    const five = quote.data!.options.find((o) => o.count === 5)!;
    expect(five).toMatchObject({ list_coins: 50, coins: 48, discount_percent: 5 });
    const bought = await client.call<{ chapter_ids: number[]; coins: number; discount_percent: number }>(
      '/v3/comic/buy',
      { chapter_id: comicChapters[1]!.id, count: 5, idempotency_key: key() },
      { session: user },
    );
    expect(bought.data!.chapter_ids).toEqual([1, 2, 4, 5, 6].map((i) => comicChapters[i]!.id));
    expect(bought.data).toMatchObject({ coins: 48, discount_percent: 5 });
    expect(await balances(user.userId)).toEqual({ coins: 200 - 10 - 48, ticket: 0 });
    const recorded = await ctx.db
      .selectFrom('chapter_unlocks')
      .select((eb) => eb.fn.sum<number>('coins').as('coins'))
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(Number(recorded.coins)).toBe(10 + 48);
  });

  it('VIP chapters open for VIP members without charge and can be bought with coins by others', async () => {
    const vip = await userWith(50);
    await makeVip(ctx.db, vip.userId);
    const free = await client.call<{ coins: number }>(
      '/v3/comic/buy',
      { chapter_id: comicChapters[9]!.id, idempotency_key: key() },
      { session: vip },
    );
    expect(free.data!.coins).toBe(0);
    const other = await userWith(50);
    const quote = await client.call<{ reason: string }>(
      '/v3/book_buy/quote',
      { chapter_id: comicChapters[9]!.id },
      { session: other },
    );
    expect(quote.data!.reason).toBe('vip');
    const bought = await client.call<{ coins: number }>(
      '/v3/comic/buy',
      { chapter_id: comicChapters[9]!.id, idempotency_key: key() },
      { session: other },
    );
    expect(bought.data!.coins).toBe(10);
    const read = await client.call(
      '/v3/comic/read',
      { chapter_id: comicChapters[9]!.id },
      { session: other },
    );
    expect(read.code).toBe(1);
  });

  it('free chapters are not for sale and a chapter of another kind is not found', async () => {
    const user = await userWith(50);
    const free = await client.call(
      '/v3/comic/buy',
      { chapter_id: comicChapters[0]!.id, idempotency_key: key() },
      { session: user },
    );
    expect(free.code).toBe(ApiCode.NOT_FOR_SALE);
    const wrongKind = await client.call(
      '/v3/book/buy',
      { chapter_id: comicChapters[1]!.id, idempotency_key: key() },
      { session: user },
    );
    expect(wrongKind.code).toBe(ApiCode.CONTENT_NOT_FOUND);
    const novelBuy = await client.call<{ coins: number }>(
      '/v3/book/buy',
      { chapter_id: novelCoinChapter.id, idempotency_key: key() },
      { session: user },
    );
    expect(novelBuy.data!.coins).toBe(7);
    const text = await client.call<{ text: string }>(
      '/v3/book/read',
      { chapter_id: novelCoinChapter.id },
      { session: user },
    );
    expect(text.data!.text).toBe('Paid words.');
    const bad = await client.call(
      '/v3/comic/buy',
      { chapter_id: comicChapters[1]!.id, idempotency_key: 'x' },
      { session: user },
    );
    expect(bad.code).toBe(ApiCode.PARAMS_INVALID);
    expect(await balances(user.userId)).toEqual({ coins: 43, ticket: 0 });
  });

  it('auto-unlock buys a locked chapter on opening, says what it charged, and stops when coins run short', async () => {
    const user = await userWith(15);
    const on = await client.call('/v3/book_buy/auto', { work_id: comic.id, enabled: 1 }, { session: user });
    expect(on.data).toEqual({ work_id: comic.id, enabled: 1 });
    const first = await client.call<{ charged: { coins: number; cion: number } | null; pages: unknown[] }>(
      '/v3/comic/read',
      { chapter_id: comicChapters[1]!.id },
      { session: user },
    );
    expect(first.data!.charged).toMatchObject({ coins: 10, cion: 5 });
    expect(first.data!.pages).toHaveLength(2);
    const reopened = await client.call<{ charged: unknown }>(
      '/v3/comic/read',
      { chapter_id: comicChapters[1]!.id },
      { session: user },
    );
    expect(reopened.data!.charged).toBeNull();
    const short = await client.call(
      '/v3/comic/read',
      { chapter_id: comicChapters[2]!.id },
      { session: user },
    );
    expect(short.code).toBe(ApiCode.CHAPTER_LOCKED);
    expect(await balances(user.userId)).toEqual({ coins: 5, ticket: 0 });
    const quote = await client.call<{ auto_unlock: number }>(
      '/v3/book_buy/quote',
      { chapter_id: comicChapters[2]!.id },
      { session: user },
    );
    expect(quote.data!.auto_unlock).toBe(1);
    await client.call('/v3/book_buy/auto', { work_id: comic.id, enabled: 0 }, { session: user });
    const off = await client.call<{ auto_unlock: number }>(
      '/v3/book_buy/quote',
      { chapter_id: comicChapters[2]!.id },
      { session: user },
    );
    expect(off.data!.auto_unlock).toBe(0);
  });

  it('expired bonus coins are not spent and leave the wallet through the ledger', async () => {
    const user = await userWith(10, 20, now() - 1);
    const wallet = await client.call<{ wallet: { cion: number; ticket: number; total: number } }>(
      '/v3/book_buy/quote',
      { chapter_id: comicChapters[1]!.id },
      { session: user },
    );
    expect(wallet.data!.wallet.cion).toBe(10);
    const bought = await client.call<{ bonus_spent: number; ticket: number }>(
      '/v3/comic/buy',
      { chapter_id: comicChapters[1]!.id, idempotency_key: key() },
      { session: user },
    );
    expect(bought.data).toMatchObject({ bonus_spent: 0, ticket: 0 });
    const expenses = await client.call<{ list: { kind: string; bonus: number }[] }>(
      '/v3/pay/expenses',
      { page: 1, limit: 10 },
      { session: user },
    );
    expect(expenses.data!.list.find((item) => item.kind === 'bonus_expired')).toMatchObject({ bonus: -20 });
  });
});

describe('the bonus expiry sweep', () => {
  it('moves lapsed bonus coins out of wallets of users who buy nothing, once', async () => {
    const user = await userWith(0, 12, now() - 5);
    expect(await balances(user.userId)).toEqual({ coins: 0, ticket: 12 });
    expect(await ctx.app.services.money.wallet.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await balances(user.userId)).toEqual({ coins: 0, ticket: 0 });
    const entries = await entryCount(user.userId);
    await ctx.app.services.money.wallet.sweepExpired();
    expect(await entryCount(user.userId)).toBe(entries);
  });
});

describe('friends help', () => {
  it('grants the sharer VIP hours once per new account, never for oneself, and within the daily cap', async () => {
    const sharer = await userWith(0);
    const overview = await client.call<{
      code: string;
      share_path: string;
      hours_per_helper: number;
      daily_cap: number;
    }>('/v3/assist/index', {}, { session: sharer });
    const code = overview.data!.code;
    expect(overview.data!.share_path).toContain(code);
    const self = await client.call<{ result: string }>('/v3/assist/help', { code }, { session: sharer });
    expect(self.data!.result).toBe('self');
    const unknown = await client.call<{ result: string }>(
      '/v3/assist/help',
      { code: 'NOPE1234' },
      { session: sharer },
    );
    expect(unknown.data!.result).toBe('unknown');

    const helper = await client.initGuest();
    const helped = await client.call<{ helped: number; result: string; hours: number }>(
      '/v3/assist/help',
      { code },
      { session: helper },
    );
    expect(helped.data).toMatchObject({ helped: 1, result: 'ok', hours: overview.data!.hours_per_helper });
    const twice = await client.call<{ result: string }>('/v3/assist/help', { code }, { session: helper });
    expect(twice.data!.result).toBe('already');
    const user = await client.call<{ user: { vip: number; vipday: number } }>(
      '/v3/user/index',
      {},
      { session: sharer },
    );
    expect(user.data!.user).toMatchObject({ vip: 1, vipday: 1 });

    for (let i = 1; i < overview.data!.daily_cap; i += 1) {
      const next = await client.initGuest();
      expect(
        (await client.call<{ result: string }>('/v3/assist/help', { code }, { session: next })).data!.result,
      ).toBe('ok');
    }
    const capped = await client.call<{ result: string }>(
      '/v3/assist/help',
      { code },
      { session: await client.initGuest() },
    );
    expect(capped.data!.result).toBe('cap');
    const after = await client.call<{ helpers_today: number; total_hours: number; helpers: unknown[] }>(
      '/v3/assist/index',
      {},
      { session: sharer },
    );
    expect(after.data).toMatchObject({
      helpers_today: overview.data!.daily_cap,
      total_hours: overview.data!.daily_cap * overview.data!.hours_per_helper,
    });
    expect(after.data!.helpers).toHaveLength(overview.data!.daily_cap);
  });

  it('an account older than the sharer does not help', async () => {
    const older = await client.initGuest();
    await ctx.db
      .updateTable('users')
      .set({ created_time: now() - 10 })
      .where('id', '=', older.userId)
      .execute();
    const sharer = await userWith(0);
    const { code } = (await client.call<{ code: string }>('/v3/assist/index', {}, { session: sharer })).data!;
    const result = await client.call<{ result: string }>('/v3/assist/help', { code }, { session: older });
    expect(result.data!.result).toBe('too_old');
  });
});
