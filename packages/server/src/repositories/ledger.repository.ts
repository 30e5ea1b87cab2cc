/**
 * The only SQL that touches ledger accounts, entries, legs and bonus lots. Constructed over the
 * database or over a transaction (`new LedgerRepository(trx)`): the ledger service always runs
 * it inside one.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { isSqlite } from '../db/migrations/helpers.js';
import type { MoneyParams } from '../services/money-texts.js';
import { SYSTEM_USER_ID, type AccountKind, type EntryKind } from '../services/ledger-accounts.js';

export interface AccountRef {
  userId: number;
  kind: AccountKind;
}

export interface LockedAccount {
  id: number;
  user_id: number;
  kind: string;
  balance: number;
  allow_negative: number;
}

export interface NewEntry {
  key: string;
  kind: EntryKind;
  userId: number;
  orderId?: number;
  workId?: number;
  chapterId?: number;
  title?: string;
  /** The text the title is shown as, with its parameters (services/money-texts.ts). */
  titleKey?: string;
  params?: MoneyParams;
  time: number;
}

export class LedgerRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Creates the accounts that do not exist yet (a no-op for the others). */
  async ensureAccounts(refs: readonly AccountRef[], time: number): Promise<void> {
    if (refs.length === 0) return;
    await this.db
      .insertInto('ledger_accounts')
      .values(
        refs.map((ref) => ({
          user_id: ref.userId,
          kind: ref.kind,
          allow_negative: ref.userId === SYSTEM_USER_ID ? 1 : 0,
          created_time: time,
        })),
      )
      .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doNothing())
      .execute();
  }

  /**
   * The accounts of `userId` (all kinds it has), row-locked until the transaction ends on
   * PostgreSQL (in id order, so two transactions never wait on each other crosswise). SQLite has
   * one writer, so its transactions are serial already.
   */
  async lockUserAccounts(userId: number): Promise<LockedAccount[]> {
    let query = this.db
      .selectFrom('ledger_accounts')
      .select(['id', 'user_id', 'kind', 'balance', 'allow_negative'])
      .where('user_id', '=', userId)
      .orderBy('id');
    if (!isSqlite(this.db)) query = query.forUpdate();
    return query.execute();
  }

  async systemAccounts(): Promise<LockedAccount[]> {
    return this.db
      .selectFrom('ledger_accounts')
      .select(['id', 'user_id', 'kind', 'balance', 'allow_negative'])
      .where('user_id', '=', SYSTEM_USER_ID)
      .execute();
  }

  async entryIdByKey(key: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('entry_key', '=', key)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async insertEntry(entry: NewEntry): Promise<number> {
    const row = await this.db
      .insertInto('ledger_entries')
      .values({
        entry_key: entry.key,
        kind: entry.kind,
        user_id: entry.userId,
        order_id: entry.orderId ?? 0,
        work_id: entry.workId ?? 0,
        chapter_id: entry.chapterId ?? 0,
        title: entry.title ?? '',
        title_key: entry.titleKey ?? '',
        params: JSON.stringify(entry.params ?? {}),
        created_time: entry.time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertLegs(entryId: number, legs: readonly { accountId: number; amount: number }[]): Promise<void> {
    if (legs.length === 0) return;
    await this.db
      .insertInto('ledger_legs')
      .values(legs.map((leg) => ({ entry_id: entryId, account_id: leg.accountId, amount: leg.amount })))
      .execute();
  }

  async addToBalance(accountId: number, amount: number): Promise<void> {
    await this.db
      .updateTable('ledger_accounts')
      .set({ balance: sql<number>`balance + ${amount}` })
      .where('id', '=', accountId)
      .execute();
  }

  // Bonus lots: what is left of each bonus grant, spent soonest-expiring first.

  async insertLot(lot: {
    userId: number;
    entryId: number;
    amount: number;
    expiresTime: number;
    time: number;
  }): Promise<void> {
    await this.db
      .insertInto('bonus_lots')
      .values({
        user_id: lot.userId,
        entry_id: lot.entryId,
        amount: lot.amount,
        remaining: lot.amount,
        expires_time: lot.expiresTime,
        created_time: lot.time,
      })
      .execute();
  }

  /** Lots with coins left that have not expired at `now`, in spending order (never-expiring last). */
  async spendableLots(userId: number, now: number) {
    return this.db
      .selectFrom('bonus_lots')
      .select(['id', 'remaining', 'expires_time'])
      .where('user_id', '=', userId)
      .where('remaining', '>', 0)
      .where((eb) => eb.or([eb('expires_time', '=', 0), eb('expires_time', '>', now)]))
      .orderBy(sql`case when expires_time = 0 then 1 else 0 end`)
      .orderBy('expires_time')
      .orderBy('id')
      .execute();
  }

  async expiredLots(userId: number, now: number) {
    return this.db
      .selectFrom('bonus_lots')
      .select(['id', 'remaining'])
      .where('user_id', '=', userId)
      .where('remaining', '>', 0)
      .where('expires_time', '>', 0)
      .where('expires_time', '<=', now)
      .orderBy('id')
      .execute();
  }

  /** Users with expired coins left (for the periodic sweep). */
  async usersWithExpiredLots(now: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('bonus_lots')
      .select('user_id')
      .distinct()
      .where('remaining', '>', 0)
      .where('expires_time', '>', 0)
      .where('expires_time', '<=', now)
      .limit(limit)
      .execute();
    return rows.map((row) => row.user_id);
  }

  async lotsOfEntry(entryId: number) {
    return this.db
      .selectFrom('bonus_lots')
      .select(['id', 'remaining'])
      .where('entry_id', '=', entryId)
      .execute();
  }

  async takeFromLot(lotId: number, amount: number): Promise<void> {
    await this.db
      .updateTable('bonus_lots')
      .set({ remaining: sql<number>`remaining - ${amount}` })
      .where('id', '=', lotId)
      .execute();
  }

  /** The soonest-expiring bonus coins still spendable: how many and when. */
  async soonestExpiring(
    userId: number,
    now: number,
  ): Promise<{ coins: number; expires_time: number } | null> {
    const row = await this.db
      .selectFrom('bonus_lots')
      .select(['expires_time', sql<number>`sum(remaining)`.as('coins')])
      .where('user_id', '=', userId)
      .where('remaining', '>', 0)
      .where('expires_time', '>', now)
      .groupBy('expires_time')
      .orderBy('expires_time')
      .limit(1)
      .executeTakeFirst();
    return row ? { coins: Number(row.coins), expires_time: row.expires_time } : null;
  }

  // Reads for logs, reports and invariant checks.

  /** The user record's VIP projection. */
  async vipOf(userId: number): Promise<{ vip: number; viptime: number }> {
    const row = await this.db
      .selectFrom('users')
      .select(['vip', 'viptime'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row ?? { vip: 0, viptime: 0 };
  }

  async balancesOf(userId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('ledger_accounts')
      .select(['kind', 'balance'])
      .where('user_id', '=', userId)
      .execute();
    return new Map(rows.map((row) => [row.kind, Number(row.balance)]));
  }

  /** The user's entries, newest first, with the user's own leg amounts per account kind. */
  async entriesOf(userId: number, offset: number, limit: number) {
    // AI tries are not coins or VIP: the AI section lists them (its own log), not the expense log.
    const [entries, total] = await Promise.all([
      this.db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', 'not in', ['ai_grant', 'ai_spend', 'ai_refund'])
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('kind', 'not in', ['ai_grant', 'ai_spend', 'ai_refund'])
        .executeTakeFirstOrThrow(),
    ]);
    const legs =
      entries.length === 0
        ? []
        : await this.db
            .selectFrom('ledger_legs')
            .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_legs.account_id')
            .select([
              'ledger_legs.entry_id',
              'ledger_accounts.user_id',
              'ledger_accounts.kind',
              'ledger_legs.amount',
            ])
            .where(
              'ledger_legs.entry_id',
              'in',
              entries.map((entry) => entry.id),
            )
            .execute();
    return { entries, legs, total: Number(total.count) };
  }

  /** Order number and currency of each order id. */
  async orderRefs(orderIds: readonly number[]): Promise<Map<number, { orderNo: string; currency: string }>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('payment_orders')
      .select(['id', 'order_no', 'currency'])
      .where('id', 'in', [...new Set(orderIds)])
      .execute();
    return new Map(rows.map((row) => [row.id, { orderNo: row.order_no, currency: row.currency }]));
  }

  /** Every account with its stored balance and the sum of its legs (the invariant check). */
  async reconcile() {
    return this.db
      .selectFrom('ledger_accounts')
      .leftJoin('ledger_legs', 'ledger_legs.account_id', 'ledger_accounts.id')
      .select([
        'ledger_accounts.id',
        'ledger_accounts.user_id',
        'ledger_accounts.kind',
        'ledger_accounts.balance',
        sql<number>`coalesce(sum(ledger_legs.amount), 0)`.as('legs_sum'),
        sql<number>`coalesce(min(ledger_legs.amount), 0)`.as('min_leg'),
      ])
      .groupBy([
        'ledger_accounts.id',
        'ledger_accounts.user_id',
        'ledger_accounts.kind',
        'ledger_accounts.balance',
      ])
      .execute();
  }

  /** Per entry and unit, the sum of the legs that is not zero (must be none). */
  async unbalancedEntries(): Promise<number> {
    const row = await sql<{ count: number }>`
      select count(*) as count from (
        select l.entry_id,
               case when a.kind like 'cash_%' then 'fen' when a.kind like 'vip_%' then 'second' else 'coin' end as unit,
               sum(l.amount) as total
        from ledger_legs l join ledger_accounts a on a.id = l.account_id
        group by l.entry_id, unit
        having sum(l.amount) <> 0
      ) t`.execute(this.db);
    return Number(row.rows[0]?.count ?? 0);
  }

  /** The sum of a system account's legs (system balances are derived, not stored). */
  async legsSum(accountId: number): Promise<number> {
    const row = await this.db
      .selectFrom('ledger_legs')
      .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }
}
