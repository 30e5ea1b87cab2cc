/**
 * Our side of the built-in cashier: a PaymentProvider whose checkout is a page of ours
 * (`/cashier/<payment_id>`), whose status query reads the cashier's book, and whose callback is
 * the cashier's signed notification (POST /pay/notify/cashier).
 */
import type { PaymentOrderRow } from '../db/schema.js';
import type { CashierGateway, CashierNotice } from './cashier-gateway.js';
import { CASHIER_SIGNATURE_HEADER, checkCashierSignature } from './cashier-signature.js';
import {
  CallbackRejected,
  type CallbackRequest,
  type Checkout,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderEvent,
} from './payment-provider.js';

export const CASHIER_NOTIFY_PATH = '/pay/notify/cashier';

export class CashierProvider implements PaymentProvider {
  readonly id = 'cashier';
  readonly name = 'Demo cashier';
  /** No money moves: a notification never fulfils a cancelled, expired or refunded order. */
  readonly movesMoney = false;

  constructor(
    private readonly gateway: CashierGateway,
    private readonly secret: () => string,
  ) {}

  async createCheckout(order: PaymentOrderRow, returnUrl: string): Promise<Checkout> {
    const payment = await this.gateway.open(order, returnUrl);
    return { providerRef: payment.payment_id, payUrl: `/cashier/${payment.payment_id}` };
  }

  async fetchStatus(order: PaymentOrderRow): Promise<PaymentStatus> {
    const payment = await this.gateway.payments.byOrderNo(order.order_no);
    if (!payment) return 'pending';
    if (payment.status === 'paid' || payment.status === 'refunded') return 'paid';
    if (payment.status === 'cancelled') return 'failed';
    return payment.expires_time < Math.floor(Date.now() / 1000) ? 'expired' : 'pending';
  }

  async refund(order: PaymentOrderRow): Promise<void> {
    await this.gateway.payments.move(order.order_no, 'paid', 'refunded');
  }

  async cancel(order: PaymentOrderRow): Promise<boolean> {
    const payment = await this.gateway.payments.byOrderNo(order.order_no);
    if (!payment) return true;
    await this.gateway.payments.move(order.order_no, 'pending', 'cancelled');
    const after = await this.gateway.payments.byOrderNo(order.order_no);
    return after?.status !== 'paid' && after?.status !== 'refunded';
  }

  verifyCallback(request: CallbackRequest): ProviderEvent {
    const header = request.headers[CASHIER_SIGNATURE_HEADER];
    const check = checkCashierSignature(
      this.secret(),
      typeof header === 'string' ? header : undefined,
      request.rawBody,
      Math.floor(Date.now() / 1000),
    );
    if (check !== 'ok') throw new CallbackRejected(401, `cashier signature ${check}`);
    let notice: Partial<CashierNotice>;
    try {
      notice = JSON.parse(request.rawBody.toString('utf8')) as Partial<CashierNotice>;
    } catch {
      throw new CallbackRejected(400, 'cashier notify is not JSON');
    }
    if (
      typeof notice.notify_id !== 'string' ||
      typeof notice.order_no !== 'string' ||
      typeof notice.payment_id !== 'string' ||
      typeof notice.amount_fen !== 'number' ||
      typeof notice.currency !== 'string'
    )
      throw new CallbackRejected(400, 'cashier notify without notify_id, payment_id, order_no or amount');
    // Bound to what was signed: the order, its payment and its amount are all checked against ours.
    return {
      eventId: notice.notify_id,
      type: `payment.${String(notice.status)}`,
      orderNo: notice.order_no,
      outcome: notice.status === 'paid' ? 'paid' : null,
      amountFen: notice.amount_fen,
      currency: notice.currency,
      paymentRef: notice.payment_id,
    };
  }

  /** The cashier's own book must hold this payment, for this order and amount, as paid. */
  async confirmPaid(order: PaymentOrderRow, event: ProviderEvent): Promise<string | null> {
    const payment = event.paymentRef ? await this.gateway.payments.byPaymentId(event.paymentRef) : undefined;
    if (!payment || payment.order_no !== order.order_no) return 'no cashier payment for this order';
    if (payment.amount_fen !== order.amount_fen || payment.currency !== order.currency)
      return 'cashier payment amount does not match the order';
    if (payment.status !== 'paid') return `cashier payment is ${payment.status}, not paid`;
    return null;
  }
}
