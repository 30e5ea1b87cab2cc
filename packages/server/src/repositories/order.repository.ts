/**
 * The only SQL on payment orders and their provider events. Constructed over the database or over
 * a ledger transaction (`new OrderRepository(tx.trx)`), so an order's state change commits with the
 * ledger entry it causes. Every state change is conditional on the state it leaves, so two writers
 * racing on one order move it once.
 */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { OrderStatus } from '@dm51/shared';
import type { DB, PaymentOrderRow, PaymentOrdersTable } from '../db/schema.js';

export type NewOrder = Omit<Insertable<PaymentOrdersTable>, 'status'>;

/** An order in one of these states no longer holds a first-purchase price. */
const RELEASED: readonly OrderStatus[] = ['cancelled', 'expired', 'failed'];

export class OrderRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async byNo(orderNo: string): Promise<PaymentOrderRow | undefined> {
    return this.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
  }

  async byId(id: number): Promise<PaymentOrderRow> {
    return this.db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async byUserKey(userId: number, idempotencyKey: string): Promise<PaymentOrderRow | undefined> {
    return this.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  /**
   * Inserts a created order; null when (user, idempotency key) exists already (a concurrent double
   * tap). `on conflict do nothing` keeps a surrounding transaction usable on PostgreSQL.
   */
  async insert(order: NewOrder): Promise<PaymentOrderRow | null> {
    const row = await this.db
      .insertInto('payment_orders')
      .values({ ...order, status: 'created' })
      .onConflict((conflict) => conflict.columns(['user_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Takes the user's first-purchase price for `offer` for this order: true when this order now
   * holds it. The primary key (user, offer) makes it atomic: of two racing orders one inserts, the
   * other does nothing. A hold left by an order that closed unpaid (a crash between the order's
   * change and the release) is dropped and taken again.
   */
  async holdFirstPrice(userId: number, offer: string, orderNo: string, now: number): Promise<boolean> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await this.db
        .insertInto('first_price_holds')
        .values({ user_id: userId, offer, order_no: orderNo, created_time: now })
        .onConflict((conflict) => conflict.columns(['user_id', 'offer']).doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return true;
      const holder = await this.db
        .selectFrom('first_price_holds')
        .leftJoin('payment_orders', 'payment_orders.order_no', 'first_price_holds.order_no')
        .select(['first_price_holds.order_no', 'payment_orders.status'])
        .where('first_price_holds.user_id', '=', userId)
        .where('first_price_holds.offer', '=', offer)
        .executeTakeFirst();
      if (!holder) continue;
      if (holder.status !== null && !RELEASED.includes(holder.status as OrderStatus)) return false;
      await this.releaseFirstPrice(holder.order_no);
    }
    return false;
  }

  /** Gives back the first-purchase price an order held (it was cancelled, expired or failed unpaid). */
  async releaseFirstPrice(orderNo: string): Promise<void> {
    await this.db.deleteFrom('first_price_holds').where('order_no', '=', orderNo).execute();
  }

  /**
   * Moves an order from one of `from` to what `set` says; false when it was in none of them (another
   * writer moved it first). On PostgreSQL the row stays locked until the transaction ends.
   */
  async transition(
    id: number,
    from: readonly OrderStatus[],
    set: Updateable<PaymentOrdersTable> & { status?: OrderStatus },
    /** Only when the order's late_payment mark is one of these. */
    late?: readonly string[],
  ): Promise<boolean> {
    let query = this.db
      .updateTable('payment_orders')
      .set(set)
      .where('id', '=', id)
      .where('status', 'in', from);
    if (late) query = query.where('late_payment', 'in', late);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Stores where the order is paid (only while it has no checkout yet, so the first one stays). */
  async setCheckout(id: number, providerRef: string, payUrl: string): Promise<void> {
    await this.db
      .updateTable('payment_orders')
      .set({ provider_ref: providerRef, pay_url: payUrl })
      .where('id', '=', id)
      .where('provider_ref', '=', '')
      .execute();
  }

  async pageOfUser(userId: number, offset: number, limit: number): Promise<PaymentOrderRow[]> {
    return this.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async countOfUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('payment_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Orders in `status` created by `createdBefore`, by id after `afterId` (paging), for the reconciler. */
  async inStatus(
    status: OrderStatus,
    createdBefore: number,
    afterId: number,
    limit: number,
  ): Promise<PaymentOrderRow[]> {
    return this.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('status', '=', status)
      .where('created_time', '<=', createdBefore)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Records a provider event once; false when (provider, event id) was recorded before (a replay).
   * `on conflict do nothing` keeps the surrounding transaction usable on PostgreSQL.
   */
  async recordEvent(event: {
    provider: string;
    eventId: string;
    orderId: number;
    type: string;
    time: number;
  }): Promise<boolean> {
    const result = await this.db
      .insertInto('payment_events')
      .values({
        provider: event.provider,
        event_id: event.eventId,
        order_id: event.orderId,
        type: event.type,
        received_time: event.time,
      })
      .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
