/**
 * Idempotency keys under attack and under concurrency, through the client protocol: a key is bound
 * to (user, call, request), so a key that bought one chapter is refused by every other buy call and
 * body and changes nothing; concurrent opens of one locked chapter with auto-unlock all read it, charged once. Then a
 * property test (fast-check) fires random batches of buys of the three kinds, coin top-ups, VIP
 * orders, payments and refunds concurrently, with keys drawn from a small pool so they repeat and
 * cross, and checks that every balance equals its ledger, its expense log and its order log.
 * Runs on SQLite, or on PostgreSQL with DATABASE_URL. MONEY_PROPERTY_RUNS scales the run count;
 * MONEY_PROPERTY_SEED replays a failure.
 */
import { ApiCode, type ExpenseItem, type Order, type Wallet } from '@dm51/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterRow, WorkRow } from '../db/schema.js';
import { buildChapter, buildComicPages, buildNovelChapter, buildWork } from '../testing/catalogue-factory.js';
import { ledgerViolations, topUp } from '../testing/money-factory.js';
import { coinPackage, pressPay, vipPlan, type InitAnswer } from '../testing/payments.js';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../testing/test-app.js';
import {
  createTestClient,
  type CallResult,
  type TestClient,
  type TestSession,
} from '../testing/test-client.js';

const RUNS = Number(process.env['MONEY_PROPERTY_RUNS'] ?? 12);
const SEED = process.env['MONEY_PROPERTY_SEED'] ? Number(process.env['MONEY_PROPERTY_SEED']) : undefined;
const BUY_CALLS = ['/v3/comic/buy', '/v3/book/buy', '/v3/anime/buy'] as const;

let ctx: TestApp;
let client: TestClient;
/** Coin chapters by buy call: each work has six at 10 (comic), 7 (novel) and 5 (anime) coins. */
const chapters = new Map<string, ChapterRow[]>();
let comic: WorkRow;
let keySeq = 0;
const uniqueKey = (label: string) => `${label}-${Date.now().toString(36)}-${(keySeq += 1)}`;

async function userWith(paid: number): Promise<TestSession> {
  const guest = await client.initGuest();
  await ctx.db.updateTable('users').set({ is_guest: 0 }).where('id', '=', guest.userId).execute();
  if (paid > 0) await topUp(ctx.db, ctx.app.services.money, guest.userId, { coins: paid });
  return { ...guest, isGuest: false };
}

async function coinWork(type: number, title: string, price: number): Promise<[WorkRow, ChapterRow[]]> {
  const work = await buildWork(ctx.db, null, { type, title });
  await ctx.db.updateTable('works').set({ chapter_price: price }).where('id', '=', work.id).execute();
  const list: ChapterRow[] = [];
  for (let i = 0; i < 6; i += 1)
    list.push(
      type === 1
        ? await buildNovelChapter(ctx.db, { workId: work.id, pay: 1, text: `Paid words ${i}.` })
        : await buildChapter(ctx.db, { workId: work.id, pay: 1 }),
    );
  if (type === 0) for (const chapter of list) await buildComicPages(ctx.db, null, chapter.id, { count: 1 });
  return [work, list];
}

async function unlockedIds(userId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('chapter_unlocks')
    .select('chapter_id')
    .where('user_id', '=', userId)
    .orderBy('chapter_id')
    .execute();
  return rows.map((row) => row.chapter_id);
}

async function entryCount(userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const walletOf = (session: TestSession): Promise<Wallet> =>
  ctx.app.services.money.wallet.wallet(session.userId);

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  const [comicWork, comicList] = await coinWork(0, 'Keyed Comic', 10);
  comic = comicWork;
  chapters.set('/v3/comic/buy', comicList);
  chapters.set('/v3/book/buy', (await coinWork(1, 'Keyed Novel', 7))[1]);
  chapters.set('/v3/anime/buy', (await coinWork(2, 'Keyed Anime', 5))[1]);
});

afterAll(async () => {
  await ctx?.close();
});

describe(`idempotency keys (${testDatabaseUrl() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a key that bought one chapter is refused by every other buy call and body and by orders, and changes nothing', async () => {
    const user = await userWith(100);
    const key = uniqueKey('crossed');
    const novel = chapters.get('/v3/book/buy')!;
    const first = await client.call(
      '/v3/book/buy',
      { chapter_id: novel[0]!.id, idempotency_key: key },
      { session: user },
    );
    expect(first.code, first.msg).toBe(1);
    const entries = await entryCount(user.userId);

    const attempts: [string, Record<string, unknown>][] = [
      ['/v3/comic/buy', { chapter_id: chapters.get('/v3/comic/buy')![0]!.id, count: 6 }],
      ['/v3/anime/buy', { chapter_id: chapters.get('/v3/anime/buy')![0]!.id, count: 6 }],
      ['/v3/book/buy', { chapter_id: novel[1]!.id }],
      ['/v3/book/buy', { chapter_id: novel[0]!.id, count: 3 }],
    ];
    for (const [path, body] of attempts) {
      const answer = await client.call(path, { ...body, idempotency_key: key }, { session: user });
      expect(answer.code, `${path} ${JSON.stringify(body)}`).toBe(ApiCode.IDEMPOTENCY_CONFLICT);
    }
    const pack = (await coinPackage(ctx.db, 300)).id;
    const order = await client.call(
      '/v3/pay/init',
      { product_type: 'coins', product_id: pack, method: 'cashier', idempotency_key: key },
      { session: user },
    );
    expect(order.code, order.msg).toBe(ApiCode.IDEMPOTENCY_CONFLICT);
    const orderKey = uniqueKey('order');
    const made = await client.call(
      '/v3/pay/init',
      { product_type: 'coins', product_id: pack, method: 'cashier', idempotency_key: orderKey },
      { session: user },
    );
    expect(made.code, made.msg).toBe(1);
    const buyWithOrderKey = await client.call(
      '/v3/book/buy',
      { chapter_id: novel[1]!.id, idempotency_key: orderKey },
      { session: user },
    );
    expect(buyWithOrderKey.code).toBe(ApiCode.IDEMPOTENCY_CONFLICT);
    const orders = await ctx.db
      .selectFrom('payment_orders')
      .select('idempotency_key')
      .where('user_id', '=', user.userId)
      .where('idempotency_key', '=', key)
      .execute();
    expect(orders).toEqual([]);
    const repeat = await client.call(
      '/v3/book/buy',
      { chapter_id: novel[0]!.id, idempotency_key: key },
      { session: user },
    );
    expect(repeat).toMatchObject({ code: 1, data: first.data });
    expect(await unlockedIds(user.userId)).toEqual([novel[0]!.id]);
    expect(await entryCount(user.userId)).toBe(entries);
    expect((await walletOf(user)).cion).toBe(93);
  });

  it('30 concurrent opens of a locked chapter with auto-unlock all read it, and it is charged once', async () => {
    const user = await userWith(100);
    const list = chapters.get('/v3/comic/buy')!;
    await client.call('/v3/book_buy/auto', { work_id: comic.id, enabled: 1 }, { session: user });
    const opens = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.call<{ charged: { coins: number } | null }>(
          '/v3/comic/read',
          { chapter_id: list[3]!.id },
          { session: user },
        ),
      ),
    );
    expect(opens.map((open) => open.code)).toEqual(Array(30).fill(1));
    expect(opens.filter((open) => open.data!.charged !== null)).toHaveLength(1);
    expect((await walletOf(user)).cion).toBe(90);
    expect(await unlockedIds(user.userId)).toEqual([list[3]!.id]);
  });

  it('concurrent buys, top-ups, VIP orders, payments and refunds with repeated and crossed keys keep every balance equal to its ledger, expense log and order log', async () => {
    const pack = (await coinPackage(ctx.db, 300)).id;
    const monthly = (await vipPlan(ctx.db, 'monthly')).id;
    const buyOp = fc.record({
      op: fc.constant('buy' as const),
      call: fc.constantFrom(...BUY_CALLS),
      chapter: fc.integer({ min: 0, max: 5 }),
      count: fc.integer({ min: 1, max: 3 }),
      key: fc.integer({ min: 0, max: 3 }),
    });
    const orderOp = fc.record({
      op: fc.constant('order' as const),
      product: fc.constantFrom('coins' as const, 'vip' as const),
      key: fc.integer({ min: 0, max: 3 }),
    });
    const laterOp = fc.oneof(
      buyOp,
      fc.record({ op: fc.constantFrom('pay' as const, 'refund' as const), order: fc.nat(5) }),
    );
    const seen = new Map<string, number>();
    const saw = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(buyOp, buyOp, orderOp), { minLength: 4, maxLength: 12 }),
        fc.array(laterOp, { minLength: 2, maxLength: 10 }),
        async (firstWave, secondWave) => {
          const user = await userWith(40);
          const run = uniqueKey('run');
          // Buys and orders draw from one pool of keys, so keys cross between them too.
          const buyKey = (index: number) => `${run}-key-${index}`;
          const orderKey = buyKey;
          const answers = new Map<string, { fingerprint: string; result: CallResult }[]>();
          const record = (key: string, fingerprint: string, result: CallResult) =>
            answers.set(key, [...(answers.get(key) ?? []), { fingerprint, result }]);

          const buy = async (step: { call: string; chapter: number; count: number; key: number }) => {
            const body = { chapter_id: chapters.get(step.call)![step.chapter]!.id, count: step.count };
            const result = await client.call(
              step.call,
              { ...body, idempotency_key: buyKey(step.key) },
              { session: user },
            );
            record(buyKey(step.key), JSON.stringify([step.call, body]), result);
            saw(result.code === 1 ? 'buy' : `buy ${result.code}`);
          };
          const orders: Order[] = [];
          const payUrls = new Map<string, string>();
          const order = async (step: { product: 'coins' | 'vip'; key: number }) => {
            const body = {
              product_type: step.product,
              product_id: step.product === 'coins' ? pack : monthly,
              method: 'cashier',
            };
            const result = await client.call<InitAnswer>(
              '/v3/pay/init',
              { ...body, idempotency_key: orderKey(step.key) },
              { session: user },
            );
            record(orderKey(step.key), JSON.stringify(body), result);
            saw(result.code === 1 ? `order ${step.product}` : `order ${result.code}`);
            if (result.code !== 1) return;
            if (!payUrls.has(result.data!.order.order_no)) orders.push(result.data!.order);
            payUrls.set(result.data!.order.order_no, result.data!.pay_url);
          };

          await Promise.all(firstWave.map((step) => (step.op === 'buy' ? buy(step) : order(step))));
          // Payments land while buys go on; then refunds race more buys.
          const later = async (step: (typeof secondWave)[number]) => {
            if (step.op === 'buy') return buy(step);
            const target = orders[step.order % Math.max(1, orders.length)];
            if (!target) return;
            if (step.op === 'pay') {
              const paid = await pressPay(ctx.app, payUrls.get(target.order_no)!);
              saw(`pay ${paid.statusCode}`);
              return;
            }
            const refunded = await ctx.app.services.money.payments.orders
              .refund(target.order_no, 'property test')
              .then(
                (result) => (result.refunded ? 'refund' : 'refund unchanged'),
                (error: { code?: number }) => `refund ${error.code ?? 'error'}`,
              );
            saw(refunded);
          };
          await Promise.all(secondWave.filter((step) => step.op !== 'refund').map(later));
          await Promise.all(secondWave.filter((step) => step.op !== 'pay').map(later));

          // A key answers one (call, body) only, and the same answer every time.
          for (const [key, list] of answers) {
            const succeeded = list.filter((item) => item.result.code === 1);
            expect(new Set(succeeded.map((item) => item.fingerprint)).size, key).toBeLessThanOrEqual(1);
            for (const item of succeeded) expect(item.result.data, key).toEqual(succeeded[0]!.result.data);
            for (const item of list)
              if (item.result.code !== 1 && succeeded.length > 0)
                expect(
                  [ApiCode.IDEMPOTENCY_CONFLICT, ApiCode.BALANCE_SHORT, ApiCode.ORDER_STATE],
                  `${key}: ${item.result.msg}`,
                ).toContain(item.result.code);
          }

          // The ledger: balanced, never negative, projections and unlocks agree.
          expect(await ledgerViolations(ctx.db)).toEqual([]);

          // The expense log adds up to the wallet.
          const wallet = await walletOf(user);
          const expenses = (
            await client.call<{ list: ExpenseItem[] }>(
              '/v3/pay/expenses',
              { page: 1, limit: 100 },
              { session: user },
            )
          ).data!.list;
          const sum = (pick: (item: ExpenseItem) => number) =>
            expenses.reduce((total, item) => total + pick(item), 0);
          expect(sum((item) => item.coins)).toBe(wallet.cion);
          expect(sum((item) => item.bonus)).toBe(wallet.ticket);

          // The order log adds up to the money and the coins the expense log shows.
          const orderLog = (
            await client.call<{ list: Order[] }>('/v3/pay/orders', { page: 1, limit: 100 }, { session: user })
          ).data!.list;
          const kept = orderLog.filter((row) => row.status === 'fulfilled');
          const everPaid = orderLog.filter((row) => row.status === 'fulfilled' || row.status === 'refunded');
          expect(sum((item) => item.amount_fen)).toBe(kept.reduce((total, row) => total + row.amount_fen, 0));
          const credited = expenses.filter((item) => item.kind === 'topup');
          expect(credited.reduce((total, item) => total + item.coins, 0)).toBe(
            everPaid
              .filter((row) => row.product_type === 'coins')
              .reduce((total, row) => total + row.coins, 0),
          );
          // The user's unlocks are exactly what the chapter-unlock entries paid for.
          const unlockCoins = await ctx.db
            .selectFrom('chapter_unlocks')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('coins'), eb.lit(0)).as('coins'))
            .where('user_id', '=', user.userId)
            .executeTakeFirstOrThrow();
          // Subtracted from 0 rather than negated: -0 is not 0 to toBe.
          expect(Number(unlockCoins.coins)).toBe(
            expenses
              .filter((item) => item.kind === 'chapter_unlock')
              .reduce((total, item) => total - item.coins - item.bonus, 0),
          );
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(`idempotency property steps: ${JSON.stringify(Object.fromEntries(seen))}`);
    // The generator really reached the interesting outcomes.
    expect(seen.get('buy') ?? 0).toBeGreaterThan(0);
    expect(seen.get(`buy ${ApiCode.IDEMPOTENCY_CONFLICT}`) ?? 0).toBeGreaterThan(0);
    expect(seen.get('refund') ?? 0).toBeGreaterThan(0);
  }, 240_000);
});
