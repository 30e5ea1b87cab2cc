/**
 * The built-in demo cashier playing the part of a payment gateway (development and demos; no money
 * moves). It keeps its own book (`cashier_payments`) and, like a real gateway, tells our server
 * about a payment only through a signed server-to-server notification, so the order side is
 * exercised exactly as it would be with a real provider: signature checks, lost and repeated
 * notifications, status queries.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentOrderRow } from '../db/schema.js';
import type { CashierPaymentRow, CashierRepository } from '../repositories/cashier.repository.js';
import { CASHIER_SIGNATURE_HEADER, signCashierBody } from './cashier-signature.js';
import { newCashierPaymentId } from './payment-ids.js';

/** Sends a notification to our notify endpoint; answers the HTTP status (throws when unreachable). */
export type NotifyTransport = (body: string, headers: Record<string, string>) => Promise<number>;

/** The notification's body. `notify_id` is the same for every delivery of one payment. */
export interface CashierNotice {
  notify_id: string;
  payment_id: string;
  order_no: string;
  amount_fen: number;
  currency: string;
  status: 'paid';
  paid_time: number;
}

export type PayResult = 'paid' | 'already_paid' | 'not_payable';

const nowS = () => Math.floor(Date.now() / 1000);

export class CashierGateway {
  constructor(
    readonly payments: CashierRepository,
    /** The notify key, read at each signing (loaded at start-up; services/server-secrets.ts). */
    private readonly secret: () => string,
    private readonly log: FastifyBaseLogger,
    /** Delay before each delivery attempt. */
    private readonly retryDelaysMs: readonly number[] = [0, 300, 1_500],
  ) {}

  /** Opens the payment of an order (once per order). */
  async open(order: PaymentOrderRow, returnUrl: string): Promise<CashierPaymentRow> {
    return this.payments.open({
      payment_id: newCashierPaymentId(),
      order_no: order.order_no,
      amount_fen: order.amount_fen,
      currency: order.currency,
      title: order.title,
      title_key: order.title_key,
      params: order.params,
      return_url: returnUrl,
      created_time: nowS(),
      expires_time: order.expires_time,
    });
  }

  async payment(paymentId: string): Promise<CashierPaymentRow | undefined> {
    return this.payments.byPaymentId(paymentId);
  }

  /** The payer pressed Pay: pending → paid once; a second press finds it paid and pays nothing. */
  async pay(paymentId: string, now = nowS()): Promise<PayResult> {
    if (await this.payments.markPaid(paymentId, now)) return 'paid';
    const row = await this.payments.byPaymentId(paymentId);
    return row?.status === 'paid' ? 'already_paid' : 'not_payable';
  }

  /** The payer pressed Cancel: a pending payment can no longer be paid. */
  async cancel(paymentId: string): Promise<void> {
    const row = await this.payments.byPaymentId(paymentId);
    if (row) await this.payments.move(row.order_no, 'pending', 'cancelled');
  }

  /** The signed notification of a paid payment, as it goes on the wire. */
  signedNotice(row: CashierPaymentRow, now = nowS()): { body: string; headers: Record<string, string> } {
    const notice: CashierNotice = {
      notify_id: `${row.payment_id}:paid`,
      payment_id: row.payment_id,
      order_no: row.order_no,
      amount_fen: row.amount_fen,
      currency: row.currency,
      status: 'paid',
      paid_time: row.paid_time,
    };
    const body = JSON.stringify(notice);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [CASHIER_SIGNATURE_HEADER]: signCashierBody(this.secret(), body, now),
      },
    };
  }

  /**
   * Delivers the notification of a paid payment, retrying on failure (each attempt newly signed).
   * False when every attempt failed: the order side still learns of the payment through its status
   * query (/v3/pay/save, the reconciler).
   */
  async notify(paymentId: string, transport: NotifyTransport): Promise<boolean> {
    for (const delay of this.retryDelaysMs) {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const row = await this.payments.byPaymentId(paymentId);
      if (row?.status !== 'paid') return false;
      const { body, headers } = this.signedNotice(row);
      try {
        const status = await transport(body, headers);
        if (status >= 200 && status < 300) {
          await this.payments.markNotified(paymentId, nowS());
          return true;
        }
        this.log.warn({ paymentId, status }, 'cashier notify refused');
      } catch (error) {
        this.log.warn({ paymentId, err: error }, 'cashier notify not delivered');
      }
    }
    return false;
  }
}
