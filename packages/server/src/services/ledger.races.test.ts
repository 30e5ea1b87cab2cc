/**
 * Races the ledger must win, forced into their worst order: a second transaction on the same user
 * starts while the first holds the user's lock, and the first commits a change the second's
 * decision depends on. On PostgreSQL the second really runs its reads then waits on the row lock;
 * on SQLite (one writer) it waits before its first read, so the same tests check the plain order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPaidOrder, ledgerViolations } from '../testing/money-factory.js';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../testing/test-app.js';
import { createTestClient } from '../testing/test-client.js';
import { EntryExistsError, type LedgerTx } from './ledger.service.js';
import type { MoneyServices } from './money-services.js';

let ctx: TestApp;
let money: MoneyServices;

beforeAll(async () => {
  ctx = await buildTestApp();
  money = ctx.app.services.money;
});

afterAll(async () => {
  await ctx?.close();
});

/**
 * Runs `first` in a transaction that holds `userId`'s lock, starts `second` meanwhile, lets it get
 * as far as it can (PostgreSQL: up to the lock), then lets `first` finish; answers both outcomes.
 */
async function raced<A, B>(
  userId: number,
  first: (tx: LedgerTx) => Promise<A>,
  second: () => Promise<B>,
): Promise<[PromiseSettledResult<A>, PromiseSettledResult<B>]> {
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const one = money.ledger.transaction(async (tx) => {
    await tx.lockUser(userId);
    holding();
    await released;
    return first(tx);
  });
  await held;
  const two = second();
  await new Promise((resolve) => setTimeout(resolve, 300));
  release();
  return Promise.allSettled([one, two]) as Promise<[PromiseSettledResult<A>, PromiseSettledResult<B>]>;
}

describe(`ledger races (${testDatabaseUrl() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a spend racing the refund of an order whose bonus lapsed spends what is really left', async () => {
    const client = createTestClient(ctx);
    const userId = (await client.initGuest()).userId;
    // Paid 100 coins + 5 bonus (whose lot has lapsed: its expiry is moved into the past), and 20
    // bonus coins granted that are good for a day.
    const order = await insertPaidOrder(ctx.db, userId, { coins: 100, bonus: 5, bonusDays: 30 });
    const fulfilled = await money.ledger.transaction((tx) => money.wallet.fulfilOrder(tx, order));
    await ctx.db
      .updateTable('bonus_lots')
      .set({ expires_time: Math.floor(Date.now() / 1000) - 60 })
      .where('entry_id', '=', fulfilled.entryId)
      .execute();
    await money.ledger.transaction((tx) =>
      money.wallet.grantBonus(tx, userId, 20, tx.now + 86_400, {
        key: `race:grant:${userId}`,
        title: 'grant',
      }),
    );

    const [refunded, spent] = await raced(
      userId,
      (tx) => money.wallet.refundOrder(tx, order, fulfilled.entryId),
      () =>
        money.ledger.transaction((tx) =>
          money.wallet.spendCoins(tx, userId, 10, { key: `race:spend:${userId}`, title: 'spend' }),
        ),
    );
    expect(refunded.status).toBe('fulfilled');
    // The refund took the paid coins and the lapsed lot's 5; the spend then takes 10 of the 20
    // granted coins. (It used to act on the lapsed lot as it had read it before the lock: it
    // expired 5 coins the refund had already taken, failing on the lots' CHECK constraint.)
    expect(spent.status === 'fulfilled' ? spent.value : spent.reason).toMatchObject({
      coins: 10,
      bonusSpent: 10,
    });
    const balances = await ctx.db
      .selectFrom('ledger_accounts')
      .select(['kind', 'balance'])
      .where('user_id', '=', userId)
      .execute();
    expect(Object.fromEntries(balances.map((row) => [row.kind, Number(row.balance)]))).toMatchObject({
      coins_paid: 0,
      coins_bonus: 10,
    });
    expect(await ledgerViolations(ctx.db, { spendsAreUnlocks: false })).toEqual([]);
  });

  it('two spends racing on one movement key move coins once; the second is refused (IDEMPOTENCY_CONFLICT)', async () => {
    const client = createTestClient(ctx);
    const userId = (await client.initGuest()).userId;
    const order = await insertPaidOrder(ctx.db, userId, { coins: 30 });
    await money.ledger.transaction((tx) => money.wallet.fulfilOrder(tx, order));
    const spendIn = (tx: LedgerTx) =>
      money.wallet.spendCoins(tx, userId, 10, { key: `race:same:${userId}`, title: 'spend' });
    const [first, second] = await raced(userId, spendIn, () => money.ledger.transaction(spendIn));
    expect(first.status).toBe('fulfilled');
    // A spend hands something out after it posts (an unlock, a job): an existing key is never
    // "done already, go on", so the caller's idempotency record is what answers a true repeat.
    expect(second.status === 'rejected' ? second.reason : second.value).toBeInstanceOf(EntryExistsError);
    const entries = await ctx.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('entry_key', '=', `race:same:${userId}`)
      .execute();
    expect(entries).toHaveLength(1);
    const paid = await ctx.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('user_id', '=', userId)
      .where('kind', '=', 'coins_paid')
      .executeTakeFirstOrThrow();
    expect(Number(paid.balance)).toBe(20);
  });
});
