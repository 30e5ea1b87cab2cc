/**
 * The only SQL on payment orders and their provider events. Constructed over the database or over
 * a ledger transaction (`new OrderRepository(tx.trx)`), so an order's state change commits with the
 * ledger entry it causes. Every state change is conditional on the state it leaves, so two writers
 * racing on one order move it once.
 */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { OrderStatus } from '@dm51/shared';
import { isUniqueViolation } from '../db/database.js';
import type { DB, PaymentOrderRow, PaymentOrdersTable } from '../db/schema.js';

export type NewOrder = Omit<Insertable<PaymentOrdersTable>, 'status'>;

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

  /** Inserts a created order; null when (user, idempotency key) exists already (a concurrent double tap). */
  async insert(order: NewOrder): Promise<PaymentOrderRow | null> {
    try {
      return await this.db
        .insertInto('payment_orders')
        .values({ ...order, status: 'created' })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /**
   * Moves an order from one of `from` to what `set` says; false when it was in none of them (another
   * writer moved it first). On PostgreSQL the row stays locked until the transaction ends.
   */
  async transition(
    id: number,
    from: readonly OrderStatus[],
    set: Updateable<PaymentOrdersTable> & { status?: OrderStatus },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('payment_orders')
      .set(set)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
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
