/**
 * The ledger's invariants under real concurrency: 10,000 operations from many users,
 * fired in concurrent chunks — chapter purchases through the real API (`/v3/comic/buy`, fresh
 * idempotency keys, a share of them repeated, some racing their twin in the same chunk, some reused
 * for another chapter), top-ups, repeated fulfilments, refunds (some racing each other), bonus
 * grants (some already expired) and VIP time through the services — and then checks that:
 * - every user account's stored balance is the sum of its legs; every entry balances per unit;
 * - no user account's running balance (its legs in id order) ever went below zero;
 * - users.coins / users.ticket are the paid / bonus balances, and the bonus lots hold the bonus;
 * - the coins_redeemed account holds exactly the coins recorded in chapter_unlocks, entry by entry;
 * - every answered purchase has exactly its entry and unlocks; a repeated key answers the first
 *   answer and moved nothing twice; a reused key for another request answers 1302;
 * - a short balance refusal leaves no entry and no idempotency record;
 * - bonus coins granted already lapsed were never spent (untouched, or expired whole);
 * - each order is fulfilled once and refunded at most once, matching its status.
 * The same file runs on SQLite and (DATABASE_URL=postgres://…) on PostgreSQL with its 10-connection
 * pool. MONEY_USERS / MONEY_OPS / MONEY_CHUNK scale it (defaults: 200 users, 10,000 ops, 100 per chunk).
 */
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyResult } from './unlock.service.js';
import type { ChapterRow } from '../db/schema.js';
import { buildChapter, buildWork } from '../testing/catalogue-factory.js';
import { fulfil, ledgerViolations, refund, registeredUser, topUp } from '../testing/money-factory.js';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../testing/test-app.js';
import {
  createTestClient,
  type CallResult,
  type TestClient,
  type TestSession,
} from '../testing/test-client.js';
import { idempotencyRecordKey } from './idempotent-call.js';
import type { MoneyServices } from './money-services.js';

const USERS = Number(process.env['MONEY_USERS'] ?? 200);
const OPS = Number(process.env['MONEY_OPS'] ?? 10_000);
const CHUNK = Number(process.env['MONEY_CHUNK'] ?? 100);
const SEED = Number(process.env['MONEY_SEED'] ?? 20_261_124);

/** mulberry32: a small seeded generator, so a failing run can be replayed with MONEY_SEED. */
function rng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

type BuyAnswer = BuyResult;

interface SentKey {
  user: number;
  key: string;
  chapterId: number;
  count: number;
  answers: CallResult<BuyAnswer>[];
  /** Answered 1 in an earlier chunk. */
  settled: boolean;
}

type Op =
  | { kind: 'buy'; sent: SentKey }
  | { kind: 'conflict'; sent: SentKey; chapterId: number }
  | { kind: 'topup'; user: number; coins: number; bonus: number; bonusDays: number }
  | { kind: 'vip'; user: number; days: number }
  | { kind: 'refund'; orderId: number }
  | { kind: 'refulfil'; orderId: number }
  | { kind: 'grant'; user: number; coins: number; expiresIn: number }
  | { kind: 'vip_grant'; user: number; seconds: number };

let ctx: TestApp;
let client: TestClient;
let money: MoneyServices;
const sessions: TestSession[] = [];
/** Coin chapters (and a few VIP ones) buyers pick from. */
const chapters: ChapterRow[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  money = ctx.app.services.money;
  // Three comics: prices from the chapter, from the work, and the default; a VIP chapter every 10th.
  for (const [index, workPrice] of [7, 10, 0].entries()) {
    const work = await buildWork(ctx.db, null, { type: 0, title: `Money comic ${index}` });
    if (workPrice > 0)
      await ctx.db.updateTable('works').set({ chapter_price: workPrice }).where('id', '=', work.id).execute();
    for (let i = 0; i < 60; i += 1)
      chapters.push(
        await buildChapter(ctx.db, {
          workId: work.id,
          pay: i % 10 === 9 ? 2 : 1,
          ...(index === 0 && i % 3 === 0 ? { priceCoins: 3 + (i % 7) } : {}),
        }),
      );
  }
  for (let i = 0; i < USERS; i += 1) sessions.push(await registeredUser(ctx.db, client));
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe(`the ledger under ${OPS} concurrent operations (${testDatabaseUrl() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('keeps every invariant', { timeout: 240_000 }, async () => {
    const random = rng(SEED);
    const now = Math.floor(Date.now() / 1000);
    let keySeq = 0;
    const freshKey = (user: number) => `inv-${user}-${(keySeq += 1)}-${SEED}`;
    const sentKeys: SentKey[] = [];
    /** Keys answered 1 in an earlier chunk (candidates for repeats and conflicting reuse). */
    const settledKeys: SentKey[] = [];
    const ordersOf = new Map<number, number[]>();
    const conflicts: CallResult[] = [];
    const refundResults: { orderId: number; created: boolean | null }[] = [];
    const counts = new Map<string, number>();

    // Everyone starts with a little: a top-up of 0–100 coins, and for some a bonus grant, half of
    // those already expired (spending must first move them to coins_expired, never spend them).
    await Promise.all(
      sessions.map(async (session, index) => {
        const coins = (index * 37) % 101;
        if (coins > 0) {
          const order = await topUp(ctx.db, money, session.userId, {
            coins,
            bonus: index % 4,
            bonusDays: 30,
          });
          ordersOf.set(session.userId, [order.id]);
        }
        if (index % 3 === 0)
          await money.ledger.transaction((tx) =>
            money.wallet.grantBonus(
              tx,
              session.userId,
              5 + (index % 11),
              index % 2 ? now - 5 : now + 86_400,
              {
                key: `inv:start-grant:${session.userId}`,
                title: 'welcome',
              },
            ),
          );
      }),
    );

    const buyCall = (session: TestSession, sent: SentKey, chapterId = sent.chapterId) =>
      client.call<BuyAnswer>(
        '/v3/comic/buy',
        { chapter_id: chapterId, count: sent.count, idempotency_key: sent.key },
        { session },
      );

    const plan = (): Op[] => {
      const ops: Op[] = [];
      while (ops.length < CHUNK) {
        const session = random.pick(sessions);
        const user = session.userId;
        const roll = random.next();
        if (roll < 0.55) {
          const sent: SentKey = {
            user,
            key: freshKey(user),
            chapterId: random.pick(chapters).id,
            count: random.next() < 0.15 ? random.int(2, 6) : 1,
            answers: [],
            settled: false,
          };
          sentKeys.push(sent);
          ops.push({ kind: 'buy', sent });
          // A twin racing the first in the same chunk (a double tap).
          if (random.next() < 0.08) ops.push({ kind: 'buy', sent });
        } else if (roll < 0.67 && settledKeys.length > 0) {
          ops.push({ kind: 'buy', sent: random.pick(settledKeys) });
        } else if (roll < 0.69 && settledKeys.length > 0) {
          const sent = random.pick(settledKeys);
          const other = random.pick(chapters);
          if (other.id !== sent.chapterId) ops.push({ kind: 'conflict', sent, chapterId: other.id });
        } else if (roll < 0.8) {
          ops.push({
            kind: 'topup',
            user,
            coins: random.int(10, 120),
            bonus: random.next() < 0.5 ? random.int(1, 25) : 0,
            bonusDays: random.next() < 0.7 ? 90 : 0,
          });
        } else if (roll < 0.82) {
          ops.push({ kind: 'vip', user, days: random.int(1, 31) });
        } else if (roll < 0.88 && (ordersOf.get(user)?.length ?? 0) > 0) {
          const orderId = random.pick(ordersOf.get(user)!);
          ops.push({ kind: 'refund', orderId });
          if (random.next() < 0.2) ops.push({ kind: 'refund', orderId });
        } else if (roll < 0.9 && (ordersOf.get(user)?.length ?? 0) > 0) {
          ops.push({ kind: 'refulfil', orderId: random.pick(ordersOf.get(user)!) });
        } else if (roll < 0.97) {
          const expiresIn = random.pick([-10, -1, 0, 3_600, 86_400, 86_400 * 30]);
          ops.push({ kind: 'grant', user, coins: random.int(1, 30), expiresIn });
        } else {
          ops.push({ kind: 'vip_grant', user, seconds: random.int(60, 86_400 * 3) });
        }
      }
      return ops;
    };

    const sessionOf = new Map(sessions.map((session) => [session.userId, session]));
    let grantSeq = 0;
    const run = async (op: Op): Promise<void> => {
      counts.set(op.kind, (counts.get(op.kind) ?? 0) + 1);
      switch (op.kind) {
        case 'buy': {
          op.sent.answers.push(await buyCall(sessionOf.get(op.sent.user)!, op.sent));
          return;
        }
        case 'conflict': {
          conflicts.push(await buyCall(sessionOf.get(op.sent.user)!, op.sent, op.chapterId));
          return;
        }
        case 'topup':
        case 'vip': {
          const order =
            op.kind === 'vip'
              ? await topUp(ctx.db, money, op.user, { vipDays: op.days })
              : await topUp(ctx.db, money, op.user, {
                  coins: op.coins,
                  bonus: op.bonus,
                  bonusDays: op.bonusDays,
                });
          ordersOf.set(op.user, [...(ordersOf.get(op.user) ?? []), order.id]);
          return;
        }
        case 'refund': {
          const result = await refund(ctx.db, money, op.orderId);
          refundResults.push({ orderId: op.orderId, created: result?.created ?? null });
          return;
        }
        case 'refulfil': {
          const posted = await fulfil(ctx.db, money, op.orderId);
          expect(posted.created).toBe(false);
          return;
        }
        case 'grant': {
          // The key is taken before the transaction: its callback runs later (and again on a retry).
          const key = `inv:grant:${(grantSeq += 1)}`;
          await money.ledger.transaction((tx) =>
            money.wallet.grantBonus(tx, op.user, op.coins, op.expiresIn === 0 ? 0 : tx.now + op.expiresIn, {
              key,
              title: 'grant',
            }),
          );
          return;
        }
        case 'vip_grant': {
          const key = `inv:vip:${(grantSeq += 1)}`;
          await money.ledger.transaction((tx) =>
            money.wallet.grantVipTime(tx, op.user, op.seconds, { key, title: 'vip' }),
          );
          return;
        }
      }
    };

    const started = Date.now();
    const laps: string[] = [];
    let done = 0;
    while (done < OPS) {
      const ops = plan().slice(0, OPS - done);
      await Promise.all(ops.map(run));
      done += ops.length;
      if (done >= (laps.length + 1) * 2_000)
        laps.push(`${done}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      for (const sent of sentKeys)
        if (!sent.settled && sent.answers.some((answer) => answer.code === 1)) {
          sent.settled = true;
          settledKeys.push(sent);
        }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `${done} operations in ${seconds.toFixed(1)} s (${(done / seconds).toFixed(0)}/s) with ${USERS} users: ${JSON.stringify(Object.fromEntries(counts))} (${laps.join(', ')})`,
    );

    // Nothing failed unexpectedly: every purchase answered ok, short or a reused-key conflict.
    const answers = sentKeys.flatMap((sent) => sent.answers);
    const byCode = new Map<number, number>();
    for (const answer of answers) byCode.set(answer.code, (byCode.get(answer.code) ?? 0) + 1);
    console.log(`purchase answers by code: ${JSON.stringify(Object.fromEntries(byCode))}`);
    expect([...byCode.keys()].filter((code) => code !== 1 && code !== ApiCode.BALANCE_SHORT)).toEqual([]);
    expect(byCode.get(1) ?? 0).toBeGreaterThan(OPS / 10);
    expect(byCode.get(ApiCode.BALANCE_SHORT) ?? 0).toBeGreaterThan(0);
    expect(conflicts.length).toBeGreaterThan(0);
    for (const conflict of conflicts) expect(conflict.code).toBe(ApiCode.IDEMPOTENCY_CONFLICT);

    // The ledger as a whole.
    expect(await ledgerViolations(ctx.db)).toEqual([]);

    // Per key: one stored answer, one entry at most, its unlocks exactly the answered chapters.
    const entries = await ctx.db
      .selectFrom('ledger_entries')
      .select(['id', 'entry_key', 'kind', 'user_id'])
      .where('kind', '=', 'chapter_unlock')
      .execute();
    const entryByKey = new Map(entries.map((entry) => [entry.entry_key, entry]));
    const unlocks = await ctx.db
      .selectFrom('chapter_unlocks')
      .select(['user_id', 'chapter_id', 'entry_id', 'coins'])
      .execute();
    const unlocksByEntry = new Map<number, { chapter_id: number; coins: number; user_id: number }[]>();
    for (const unlock of unlocks)
      unlocksByEntry.set(unlock.entry_id, [...(unlocksByEntry.get(unlock.entry_id) ?? []), unlock]);
    const records = new Set(
      (await ctx.db.selectFrom('idempotency_records').select('key').execute()).map((row) => row.key),
    );
    let repeatedKeys = 0;
    let chargingKeys = 0;
    for (const sent of sentKeys) {
      const ok = sent.answers.filter((answer) => answer.code === 1);
      const entry = entryByKey.get(`unlock:${sent.user}:${sent.key}`);
      const record = records.has(idempotencyRecordKey({ userId: sent.user, key: sent.key }));
      if (ok.length > 1) repeatedKeys += 1;
      if (ok.length === 0) {
        // Only refusals: nothing moved, nothing was stored.
        expect(entry, sent.key).toBeUndefined();
        expect(record, sent.key).toBe(false);
        continue;
      }
      // Every later answer is the first answer (balances included), whatever happened in between.
      for (const answer of ok) expect(answer.data).toEqual(ok[0]!.data);
      expect(record, sent.key).toBe(true);
      const first = ok[0]!.data!;
      if (first.coins === 0) {
        expect(entry, sent.key).toBeUndefined();
        expect(first.chapter_ids).toEqual([]);
        continue;
      }
      chargingKeys += 1;
      expect(entry, sent.key).toBeDefined();
      const rows = unlocksByEntry.get(entry!.id) ?? [];
      expect(rows.map((row) => row.chapter_id).sort((a, b) => a - b)).toEqual(
        [...first.chapter_ids].sort((a, b) => a - b),
      );
      expect(rows.every((row) => row.user_id === sent.user)).toBe(true);
      expect(rows.reduce((sum, row) => sum + row.coins, 0)).toBe(first.coins);
    }
    // Each chapter was charged to a user at most once, across all their keys.
    const charged = new Set<string>();
    for (const sent of sentKeys) {
      const first = sent.answers.find((answer) => answer.code === 1)?.data;
      for (const chapterId of first?.chapter_ids ?? []) {
        const pair = `${sent.user}:${chapterId}`;
        expect(charged.has(pair), pair).toBe(false);
        charged.add(pair);
      }
    }
    expect(unlocks.length).toBe(charged.size);
    // No purchase entry exists that no answered key accounts for (so repeats posted nothing more).
    expect(entries.length).toBe(chargingKeys);
    expect(repeatedKeys).toBeGreaterThan(0);

    // Each unlock entry's coins_redeemed leg is exactly what its unlocks recorded.
    const redeemedLegs = await ctx.db
      .selectFrom('ledger_legs')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_legs.account_id')
      .select(['ledger_legs.entry_id', 'ledger_legs.amount'])
      .where('ledger_accounts.kind', '=', 'coins_redeemed')
      .execute();
    expect(redeemedLegs.length).toBe(entries.length);
    for (const leg of redeemedLegs)
      expect(Number(leg.amount)).toBe(
        (unlocksByEntry.get(leg.entry_id) ?? []).reduce((sum, row) => sum + row.coins, 0),
      );

    // Expired bonus was never spent: a lot granted already lapsed is either untouched or moved
    // whole to coins_expired (one entry per lot).
    const lapsedLots = await ctx.db
      .selectFrom('bonus_lots')
      .select(['id', 'amount', 'remaining'])
      .where('expires_time', '>', 0)
      .whereRef('expires_time', '<=', 'created_time')
      .execute();
    const expiredLegs = new Map(
      (
        await ctx.db
          .selectFrom('ledger_legs')
          .innerJoin('ledger_entries', 'ledger_entries.id', 'ledger_legs.entry_id')
          .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_legs.account_id')
          .select(['ledger_entries.entry_key', 'ledger_legs.amount'])
          .where('ledger_accounts.kind', '=', 'coins_expired')
          .execute()
      ).map((leg) => [leg.entry_key, Number(leg.amount)]),
    );
    expect(lapsedLots.length).toBeGreaterThan(0);
    let lapsedExpired = 0;
    for (const lot of lapsedLots) {
      const expired = expiredLegs.get(`expire:lot:${lot.id}`);
      if (expired === undefined) expect(lot.remaining).toBe(lot.amount);
      else {
        lapsedExpired += 1;
        expect([expired, lot.remaining]).toEqual([lot.amount, 0]);
      }
    }
    expect(lapsedExpired).toBeGreaterThan(0);

    // Orders: fulfilled once; refunded at most once, and exactly when the status says so.
    const orders = await ctx.db.selectFrom('payment_orders').select(['id', 'status']).execute();
    const orderEntries = await ctx.db
      .selectFrom('ledger_entries')
      .select(['order_id', 'kind'])
      .where('order_id', '>', 0)
      .execute();
    for (const order of orders) {
      const kinds = orderEntries.filter((entry) => entry.order_id === order.id).map((entry) => entry.kind);
      expect(kinds.filter((kind) => kind === 'topup' || kind === 'vip_purchase')).toHaveLength(1);
      expect(kinds.filter((kind) => kind === 'refund')).toHaveLength(order.status === 'refunded' ? 1 : 0);
      expect(['fulfilled', 'refunded']).toContain(order.status);
    }
    const refundedOnce = new Map<number, number>();
    for (const result of refundResults)
      if (result.created) refundedOnce.set(result.orderId, (refundedOnce.get(result.orderId) ?? 0) + 1);
    expect([...refundedOnce.values()].every((n) => n === 1)).toBe(true);
    expect(refundedOnce.size).toBe(orders.filter((order) => order.status === 'refunded').length);
  });

  it('buys on a cold money-settings cache (the first purchase after start or 5 s idle)', async () => {
    // Regression: the purchase read the price settings through the database handle inside its
    // transaction; on SQLite (one connection, held by the transaction) that read waited forever.
    // (Runs after the big run, so that its counts are its own.)
    const session = await registeredUser(ctx.db, client);
    await topUp(ctx.db, money, session.userId, { coins: 50 });
    money.settings.invalidate();
    const answer = await Promise.race([
      client.call<BuyAnswer>(
        '/v3/comic/buy',
        { chapter_id: chapters[1]!.id, idempotency_key: `cold-cache-${SEED}` },
        { session },
      ),
      new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 5_000)),
    ]);
    expect(answer).not.toBe('stuck');
    expect(answer).toMatchObject({ code: 1, data: { chapter_ids: [chapters[1]!.id] } });
  });
});
