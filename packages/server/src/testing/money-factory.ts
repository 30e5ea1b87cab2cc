/**
 * Money in tests without the payment routes: paid orders written straight into `payment_orders`
 * and fulfilled or refunded through the wallet in one ledger transaction (the order row's status
 * changes in the same transaction, as the order service does), registered buyers, and the ledger's
 * invariant checks (what the money tests assert after their runs).
 *
 *   const money = ctx.app.services.money;
 *   const order = await topUp(ctx.db, money, userId, { coins: 300, bonus: 30, bonusDays: 90 });
 *   await refund(ctx.db, money, order.id);
 *   expect(await ledgerViolations(ctx.db)).toEqual([]);
 */
import type { Database } from '../db/database.js';
import type { PaymentOrderRow } from '../db/schema.js';
import { LedgerRepository } from '../repositories/ledger.repository.js';
import { SYSTEM_USER_ID, USER_ACCOUNTS } from '../services/ledger-accounts.js';
import type { MoneyServices } from '../services/money-services.js';
import type { TestClient, TestSession } from './test-client.js';

const nowS = () => Math.floor(Date.now() / 1000);
let orderSeq = 0;

export interface OrderSpec {
  /** Paid coins (a coin package); 0 with `vipDays` for a VIP plan. */
  coins?: number;
  bonus?: number;
  /** Days the package bonus lasts (0: never expires). */
  bonusDays?: number;
  vipDays?: number;
  /** Money paid; default 10 fen per coin, or 100 fen per VIP day. */
  amountFen?: number;
}

/** A paid (not yet fulfilled) order row, as a payment provider's confirmation leaves it. */
export async function insertPaidOrder(
  db: Database,
  userId: number,
  spec: OrderSpec,
): Promise<PaymentOrderRow> {
  orderSeq += 1;
  const vip = (spec.vipDays ?? 0) > 0;
  const coins = spec.coins ?? 0;
  const bonus = spec.bonus ?? 0;
  const time = nowS();
  return db
    .insertInto('payment_orders')
    .values({
      order_no: `MF${process.pid}-${Date.now()}-${orderSeq}`,
      user_id: userId,
      product_type: vip ? 'vip' : 'coins',
      product_id: 1,
      title: vip ? `VIP · ${spec.vipDays} days` : `${coins} + ${bonus} coins`,
      amount_fen: spec.amountFen ?? (vip ? (spec.vipDays ?? 0) * 100 : coins * 10),
      currency: 'CNY',
      method: 'cashier',
      status: 'paid',
      coins: vip ? 0 : coins,
      bonus: vip ? 0 : bonus,
      bonus_days: vip ? 0 : (spec.bonusDays ?? 0),
      vip_days: spec.vipDays ?? 0,
      idempotency_key: `money-factory-${orderSeq}`,
      created_time: time,
      expires_time: time + 900,
      paid_time: time,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Fulfils a paid order (once, however often it is called) and marks it fulfilled; answers the entry. */
export async function fulfil(
  db: Database,
  money: Pick<MoneyServices, 'ledger' | 'wallet'>,
  orderId: number,
): Promise<{ entryId: number; created: boolean }> {
  return money.ledger.transaction(async (tx) => {
    const order = await tx.trx
      .selectFrom('payment_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const posted = await money.wallet.fulfilOrder(tx, order);
    if (order.status === 'paid')
      await tx.trx
        .updateTable('payment_orders')
        .set({ status: 'fulfilled', fulfilled_time: tx.now })
        .where('id', '=', orderId)
        .execute();
    return posted;
  });
}

/** A paid order for `userId`, fulfilled: a top-up (or a VIP purchase with `vipDays`). */
export async function topUp(
  db: Database,
  money: Pick<MoneyServices, 'ledger' | 'wallet'>,
  userId: number,
  spec: OrderSpec,
): Promise<PaymentOrderRow> {
  const order = await insertPaidOrder(db, userId, spec);
  await fulfil(db, money, order.id);
  return order;
}

/**
 * Refunds a fulfilled order (once) and marks it refunded; null when the order was not fulfilled
 * (or was refunded by a racing call: the second refund moves nothing).
 */
export async function refund(
  db: Database,
  money: Pick<MoneyServices, 'ledger' | 'wallet'>,
  orderId: number,
): Promise<{ entryId: number; created: boolean; keptCoins: number } | null> {
  return money.ledger.transaction(async (tx) => {
    const order = await tx.trx
      .selectFrom('payment_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    // The user's accounts are locked before the order's status is trusted (a racing refund waits).
    await tx.lockUser(order.user_id);
    const current = await tx.trx
      .selectFrom('payment_orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    if (current.status !== 'fulfilled') return null;
    const fulfilEntryId = await tx.repo.entryIdByKey(`order:${order.id}:fulfil`);
    if (fulfilEntryId === null) throw new Error(`order ${order.id} is fulfilled but has no fulfil entry`);
    const posted = await money.wallet.refundOrder(tx, order, fulfilEntryId);
    await tx.trx
      .updateTable('payment_orders')
      .set({ status: 'refunded', refunded_time: tx.now })
      .where('id', '=', orderId)
      .execute();
    return posted;
  });
}

/** How many ledger entries concern a user (a refusal must leave it unchanged). */
export async function ledgerEntryCount(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A registered user's session (a guest converted in place; buying needs a registered user). */
export async function registeredUser(db: Database, client: TestClient): Promise<TestSession> {
  const guest = await client.initGuest();
  await db.updateTable('users').set({ is_guest: 0 }).where('id', '=', guest.userId).execute();
  return { token: guest.token, userId: guest.userId, deviceid: guest.deviceid, isGuest: false };
}

/**
 * Every way the ledger can be wrong, as readable lines (none when it is right):
 * - a user account's stored balance differs from the sum of its legs,
 * - an entry's legs do not sum to zero in some unit,
 * - a user account's running balance (its legs in id order) dipped below zero at some point,
 * - users.coins / users.ticket differ from the paid / bonus balances,
 * - a user's bonus balance differs from what is left in their bonus lots,
 * - the coins_redeemed account differs from the coins recorded in chapter_unlocks (unless
 *   `spendsAreUnlocks` is false: tests that spend through the wallet directly).
 */
export async function ledgerViolations(
  db: Database,
  options: { spendsAreUnlocks?: boolean } = {},
): Promise<string[]> {
  const repo = new LedgerRepository(db);
  const problems: string[] = [];
  const accounts = await repo.reconcile();
  for (const account of accounts)
    if (account.user_id !== SYSTEM_USER_ID && Number(account.balance) !== Number(account.legs_sum))
      problems.push(
        `account ${account.id} (${account.user_id}/${account.kind}): stored ${account.balance}, legs ${account.legs_sum}`,
      );

  const unbalanced = await repo.unbalancedEntries();
  if (unbalanced !== 0) problems.push(`${unbalanced} entry/unit pairs do not balance`);

  const legs = await db
    .selectFrom('ledger_legs')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_legs.account_id')
    .select(['ledger_legs.id', 'ledger_legs.account_id', 'ledger_legs.amount'])
    .where('ledger_accounts.user_id', '<>', SYSTEM_USER_ID)
    .orderBy('ledger_legs.id')
    .execute();
  const running = new Map<number, number>();
  const dipped = new Set<number>();
  for (const leg of legs) {
    const balance = (running.get(leg.account_id) ?? 0) + Number(leg.amount);
    running.set(leg.account_id, balance);
    if (balance < 0 && !dipped.has(leg.account_id)) {
      dipped.add(leg.account_id);
      problems.push(`account ${leg.account_id} ran to ${balance} at leg ${leg.id}`);
    }
  }

  const byUser = new Map<number, Map<string, number>>();
  for (const account of accounts) {
    if (account.user_id === SYSTEM_USER_ID) continue;
    const kinds = byUser.get(account.user_id) ?? new Map<string, number>();
    kinds.set(account.kind, Number(account.balance));
    byUser.set(account.user_id, kinds);
  }
  const users = await db.selectFrom('users').select(['id', 'coins', 'ticket']).execute();
  const lots = await db
    .selectFrom('bonus_lots')
    .select(['user_id', (eb) => eb.fn.sum<number>('remaining').as('remaining')])
    .groupBy('user_id')
    .execute();
  const lotsOf = new Map(lots.map((row) => [row.user_id, Number(row.remaining)]));
  for (const user of users) {
    const kinds = byUser.get(user.id);
    const paid = kinds?.get(USER_ACCOUNTS.COINS_PAID) ?? 0;
    const bonus = kinds?.get(USER_ACCOUNTS.COINS_BONUS) ?? 0;
    if (Number(user.coins) !== paid || Number(user.ticket) !== bonus)
      problems.push(`user ${user.id}: coins ${user.coins}/ticket ${user.ticket}, ledger ${paid}/${bonus}`);
    if ((lotsOf.get(user.id) ?? 0) !== bonus)
      problems.push(`user ${user.id}: bonus lots hold ${lotsOf.get(user.id) ?? 0}, bonus account ${bonus}`);
  }

  if (options.spendsAreUnlocks === false) return problems;
  // What chapter unlocks put into coins_redeemed (other spends, e.g. make-up check-ins, have their own kind).
  const redeemed = await db
    .selectFrom('ledger_legs')
    .innerJoin('ledger_entries', 'ledger_entries.id', 'ledger_legs.entry_id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_legs.account_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('ledger_legs.amount'), eb.lit(0)).as('coins'))
    .where('ledger_accounts.user_id', '=', SYSTEM_USER_ID)
    .where('ledger_accounts.kind', '=', 'coins_redeemed')
    .where('ledger_entries.kind', '=', 'chapter_unlock')
    .executeTakeFirstOrThrow();
  const unlocked = await db
    .selectFrom('chapter_unlocks')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('coins'), eb.lit(0)).as('coins'))
    .executeTakeFirstOrThrow();
  if (Number(redeemed.coins) !== Number(unlocked.coins))
    problems.push(`coins_redeemed by unlocks ${redeemed.coins}, chapter_unlocks ${unlocked.coins}`);
  return problems;
}
