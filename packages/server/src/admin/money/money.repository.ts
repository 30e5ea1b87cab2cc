/** The console's money reads and product writes: payment orders, VIP plans, coin packages, revenue legs. */
import type { Database } from '../../db/database.js';
import { SYSTEM_ACCOUNTS, SYSTEM_USER_ID } from '../../services/ledger-accounts.js';

export interface OrderFilter {
  status?: string | undefined;
  provider?: string | undefined;
  kind?: 'vip' | 'coins' | undefined;
  userId?: number | undefined;
  /** created_time range, unix seconds, inclusive from, exclusive to. */
  from?: number | undefined;
  to?: number | undefined;
}

export interface VipPlanFields {
  name: string;
  days: number;
  price_fen: number;
  first_price_fen: number;
  badge: string;
  sort: number;
  enabled: number;
}

export interface CoinPackageFields {
  coins: number;
  bonus: number;
  bonus_days: number;
  price_fen: number;
  badge: string;
  sort: number;
  enabled: number;
}

const ORDER_COLUMNS = [
  'id',
  'order_no as orderNo',
  'user_id as userId',
  'product_type as kind',
  'product_id as productId',
  'title',
  /** The stored title's key and parameters (money-texts.ts), rendered in the console's language. */
  'title_key',
  'params',
  'amount_fen as amountFen',
  'currency',
  'method as provider',
  'status',
  'coins',
  'bonus',
  'vip_days as vipDays',
  'provider_ref as providerRef',
  'created_time as createdTime',
  'paid_time as paidTime',
  'fulfilled_time as fulfilledTime',
  'refunded_time as refundedTime',
  'reason',
  /** 1: priced at the first-purchase price. */
  'first_price as firstPrice',
  /** A payment after the order closed: '' | 'after_expiry' (fulfilled) | 'after_cancel' (refunded). */
  'late_payment as latePayment',
] as const;

export class MoneyRepository {
  constructor(private readonly db: Database) {}

  within(trx: Database): MoneyRepository {
    return new MoneyRepository(trx);
  }

  async orders(filter: OrderFilter, offset: number, limit: number) {
    let base = this.db.selectFrom('payment_orders');
    if (filter.status) base = base.where('status', '=', filter.status);
    if (filter.provider) base = base.where('method', '=', filter.provider);
    if (filter.kind) base = base.where('product_type', '=', filter.kind);
    if (filter.userId) base = base.where('user_id', '=', filter.userId);
    if (filter.from !== undefined) base = base.where('created_time', '>=', filter.from);
    if (filter.to !== undefined) base = base.where('created_time', '<', filter.to);
    const [rows, count] = await Promise.all([
      base.select(ORDER_COLUMNS).orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async order(id: number) {
    return this.db.selectFrom('payment_orders').select(ORDER_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  async orderNo(id: number): Promise<{ orderNo: string; userId: number; status: string } | undefined> {
    return this.db
      .selectFrom('payment_orders')
      .select(['order_no as orderNo', 'user_id as userId', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The order's ledger entries (fulfil, refund) with their legs. */
  async orderEntries(orderId: number) {
    const entries = await this.db
      .selectFrom('ledger_entries')
      .select(['id', 'kind', 'title', 'title_key', 'params', 'created_time as createdTime'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    const legs =
      entries.length === 0
        ? []
        : await this.db
            .selectFrom('ledger_legs as l')
            .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
            .select(['l.entry_id as entryId', 'a.user_id as userId', 'a.kind', 'l.amount'])
            .where(
              'l.entry_id',
              'in',
              entries.map((e) => e.id),
            )
            .orderBy('l.id')
            .execute();
    return entries.map((entry) => ({
      ...entry,
      legs: legs
        .filter((leg) => leg.entryId === entry.id)
        .map((leg) => ({ userId: leg.userId, kind: leg.kind, amount: Number(leg.amount) })),
    }));
  }

  /**
   * Every movement of the cash_gateway account in [from, to): what the providers took (+, order
   * fulfilment) and gave back (−, refunds), with the order's kind and provider.
   */
  async cashLegs(from: number, to: number) {
    const rows = await this.db
      .selectFrom('ledger_legs as l')
      .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
      .innerJoin('ledger_entries as e', 'e.id', 'l.entry_id')
      .leftJoin('payment_orders as o', 'o.id', 'e.order_id')
      .select([
        'e.created_time as time',
        'e.kind as entryKind',
        'o.product_type as kind',
        'o.method as provider',
        'l.amount',
      ])
      .where('a.user_id', '=', SYSTEM_USER_ID)
      .where('a.kind', '=', SYSTEM_ACCOUNTS.CASH_GATEWAY)
      .where('e.created_time', '>=', from)
      .where('e.created_time', '<', to)
      .execute();
    return rows.map((row) => ({
      time: Number(row.time),
      kind: row.kind ?? 'other',
      provider: row.provider ?? 'other',
      amount: Number(row.amount),
    }));
  }

  vipPlans() {
    return this.db.selectFrom('vip_plans').selectAll().orderBy('sort').orderBy('id').execute();
  }

  coinPackages() {
    return this.db.selectFrom('coin_packages').selectAll().orderBy('sort').orderBy('id').execute();
  }

  vipPlan(id: number) {
    return this.db.selectFrom('vip_plans').selectAll().where('id', '=', id).executeTakeFirst();
  }

  coinPackage(id: number) {
    return this.db.selectFrom('coin_packages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async vipCodeTaken(code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('vip_plans')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertVipPlan(code: string, fields: VipPlanFields, time: number) {
    return this.db
      .insertInto('vip_plans')
      .values({ code, ...fields, updated_time: time })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateVipPlan(id: number, fields: Partial<VipPlanFields>, time: number) {
    await this.db
      .updateTable('vip_plans')
      .set({ ...fields, updated_time: time })
      .where('id', '=', id)
      .execute();
  }

  async insertCoinPackage(fields: CoinPackageFields, time: number) {
    return this.db
      .insertInto('coin_packages')
      .values({ ...fields, updated_time: time })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateCoinPackage(id: number, fields: Partial<CoinPackageFields>, time: number) {
    await this.db
      .updateTable('coin_packages')
      .set({ ...fields, updated_time: time })
      .where('id', '=', id)
      .execute();
  }
}
