/**
 * The built-in demo cashier's own book (`cashier_payments`): one payment per order, pending until
 * the payer presses Pay or Cancel on the cashier page. Every change is conditional on the state it
 * leaves, so a second press of Pay finds nothing to do.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CashierPaymentsTable, DB } from '../db/schema.js';

export type CashierPaymentRow = Selectable<CashierPaymentsTable>;
export type CashierStatus = 'pending' | 'paid' | 'cancelled' | 'refunded';

export class CashierRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Opens the payment of an order once: a second call for the same order answers the first row. */
  async open(payment: Omit<Insertable<CashierPaymentsTable>, 'status'>): Promise<CashierPaymentRow> {
    await this.db
      .insertInto('cashier_payments')
      .values({ ...payment, status: 'pending' })
      .onConflict((conflict) => conflict.column('order_no').doNothing())
      .execute();
    return this.db
      .selectFrom('cashier_payments')
      .selectAll()
      .where('order_no', '=', payment.order_no)
      .executeTakeFirstOrThrow();
  }

  async byPaymentId(paymentId: string): Promise<CashierPaymentRow | undefined> {
    return this.db
      .selectFrom('cashier_payments')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
  }

  async byOrderNo(orderNo: string): Promise<CashierPaymentRow | undefined> {
    return this.db
      .selectFrom('cashier_payments')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
  }

  /** pending → paid while still payable; false when it was not pending or has expired. */
  async markPaid(paymentId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('cashier_payments')
      .set({ status: 'paid', paid_time: now })
      .where('payment_id', '=', paymentId)
      .where('status', '=', 'pending')
      .where('expires_time', '>=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markNotified(paymentId: string, now: number): Promise<void> {
    await this.db
      .updateTable('cashier_payments')
      .set({ notified_time: now })
      .where('payment_id', '=', paymentId)
      .execute();
  }

  /** Moves the payment of an order from `from` to `to`; false when it was not in `from`. */
  async move(orderNo: string, from: CashierStatus, to: CashierStatus): Promise<boolean> {
    const result = await this.db
      .updateTable('cashier_payments')
      .set({ status: to })
      .where('order_no', '=', orderNo)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
