/** Shortcuts shared by the payment tests: products, ledger counts, cashier presses and notifications. */
import type { Order, Wallet } from '@dm51/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { signCashierBody } from '../payments/cashier-signature.js';
import type { CallResult, TestSession } from './test-client.js';

export type Caller = <T = Record<string, unknown>>(
  path: string,
  payload?: Record<string, unknown>,
  options?: { session?: TestSession },
) => Promise<CallResult<T>>;

export type InitAnswer = { order: Order; pay_url: string };
export type SaveAnswer = { order: Order; wallet: Wallet };

let keyCounter = 0;
export function newKey(label = 'pay'): string {
  keyCounter += 1;
  return `${label}-${Date.now().toString(36)}-${keyCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

export async function coinPackage(db: Database, coins: number) {
  return db.selectFrom('coin_packages').selectAll().where('coins', '=', coins).executeTakeFirstOrThrow();
}

export async function vipPlan(db: Database, code: string) {
  return db.selectFrom('vip_plans').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

export async function ledgerEntries(db: Database, orderId?: number): Promise<number> {
  let query = db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number>().as('n'));
  if (orderId !== undefined) query = query.where('order_id', '=', orderId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function orderRow(db: Database, orderNo: string) {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
}

export async function cashierRow(db: Database, orderNo: string) {
  return db
    .selectFrom('cashier_payments')
    .selectAll()
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
}

export function paymentIdOf(payUrl: string): string {
  return payUrl.replace('/cashier/', '');
}

/** The payer presses Pay on the cashier page. */
export async function pressPay(app: FastifyInstance, payUrl: string) {
  return app.inject({
    method: 'POST',
    url: `${payUrl}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

/** A cashier notification for an order, signed with `secret` at `timestamp`. */
export function cashierNotice(
  payment: { payment_id: string; order_no: string; amount_fen: number; currency: string },
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const body = JSON.stringify({
    notify_id: `${payment.payment_id}:paid`,
    payment_id: payment.payment_id,
    order_no: payment.order_no,
    amount_fen: payment.amount_fen,
    currency: payment.currency,
    status: 'paid',
    paid_time: timestamp,
  });
  return { body, signature: signCashierBody(secret, body, timestamp) };
}

export async function postNotify(app: FastifyInstance, notice: { body: string; signature: string }) {
  return app.inject({
    method: 'POST',
    url: '/pay/notify/cashier',
    headers: { 'content-type': 'application/json', 'x-cashier-signature': notice.signature },
    payload: notice.body,
  });
}
