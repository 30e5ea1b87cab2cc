/**
 * Payment orders: created → paid → fulfilled; or expired / failed / cancelled; fulfilled → refunded.
 *
 * Every report of a payment (the provider's callback, /v3/pay/save asking the provider, the
 * reconciler) ends in `settle`, which in ONE ledger transaction records the provider event (unique,
 * so a replay is recognised), moves the order to fulfilled only from a state that is not yet
 * fulfilled (a conditional update: of two racing writers one moves it, the other finds nothing to
 * do) and credits the wallet under the order's entry key. However many reports arrive, in whatever
 * order, and whatever crashed in between, the wallet is credited once.
 *
 * Late payments (docs/operate/payments.md, "Late payments"): the order follows the money.
 * - The demo cashier moves no money, so its notification only ever completes an open order (created
 *   or paid); for a cancelled, expired, failed or refunded one it is refused (409) and changes
 *   nothing. It must also match the cashier's own book: same payment, order and amount, paid.
 * - A real provider (Stripe) took real money. A payment confirmed for an order that expired or
 *   failed meanwhile is fulfilled at the order's recorded price (the buyer meant to buy and the
 *   offer is still honoured), marked late_payment 'after_expiry'. A payment for an order the buyer
 *   cancelled is not what the buyer wants any more: it is recorded (status paid, late_payment
 *   'after_cancel'), refunded in full through the provider's refund API and then marked refunded
 *   with a `refund` ledger entry (sales and refunds, no credit). A refund the provider refuses is
 *   retried by the reconciler (the order stays paid/after_cancel, never fulfilled).
 *
 * First-purchase price: it is reserved by at most one open or fulfilled order per user and offer
 * (first_price_holds, taken in the order's creation transaction); a second order made meanwhile
 * carries the list price. Cancelling, expiry or failure releases it. Fulfilment credits what the
 * order itself recorded (amount, days, coins), never the offer as it is now.
 */
import { ApiCode, type OrderStatus, type ProductType, type Wallet } from '@dm51/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentOrderRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { newOrderNo } from '../payments/payment-ids.js';
import {
  CallbackRejected,
  ProviderError,
  type CallbackRequest,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderEvent,
  type ProviderRegistry,
} from '../payments/payment-provider.js';
import { OrderRepository } from '../repositories/order.repository.js';
import { IdempotencyRepository } from '../repositories/idempotency.repository.js';
import {
  idempotencyConflict,
  idempotencyRecordKey,
  requestFingerprint,
  storedAnswer,
  type IdempotencyScope,
} from './idempotent-call.js';
import { SYSTEM_ACCOUNTS, SYSTEM_USER_ID } from './ledger-accounts.js';
import { nowS, type LedgerService, type LedgerTx } from './ledger.service.js';
import type { ProductQuote, ProductsService } from './products.service.js';
import type { WalletService } from './wallet.service.js';
import { moneyTitle, storedTitle, titleColumns } from './money-texts.js';

export const orderNotFound = () => new AppError(ApiCode.ORDER_NOT_FOUND, 'No such order');
export const orderState = (msg: string) => new AppError(ApiCode.ORDER_STATE, msg);
export const paymentFailed = (msg = 'The payment provider could not take this order; nothing was charged') =>
  new AppError(ApiCode.PAYMENT_FAILED, msg);
export const methodUnavailable = () =>
  new AppError(ApiCode.PAYMENT_METHOD_UNAVAILABLE, 'This payment method is not available');

/** Orders still waiting for their payment: the only ones a demo cashier notification completes. */
const OPEN: readonly OrderStatus[] = ['created', 'paid'];
/** Orders a real payment fulfils late (marked 'after_expiry'); a cancelled one is refunded instead. */
const CLOSED_UNPAID: readonly OrderStatus[] = ['expired', 'failed'];
/** The only first-purchase offer: the first VIP plan a user buys (products.service hadPaidVip). */
const FIRST_PRICE_OFFER = 'vip';
const LATE_CANCEL_REASON = 'Paid after it was cancelled: refunded';
/** A created order is asked about (reconciler) once it is this old. */
const RECONCILE_AFTER_S = 60;
const RECONCILE_BATCH = 100;
const RECONCILE_MAX = 1_000;

const REASONS = {
  failed: 'Not paid: declined, failed or cancelled at the payment page',
  expired: 'Not paid in time',
  checkout: 'The payment provider could not open this payment',
} as const;

export interface OrderSettings {
  currency: string;
  orderTtlS: number;
}

export interface InitRequest {
  productType: ProductType;
  productId: number;
  method: string;
  idempotencyKey: string;
}

/** A provider event that reached us (recorded once per provider and event id). */
interface ReceivedEvent {
  provider: string;
  eventId: string;
  type: string;
}

export interface CallbackAnswer {
  status: number;
  body: string;
}

export interface ReconcileReport {
  checked: number;
  fulfilled: number;
  expired: number;
  failed: number;
}

/** Where the payer comes back to after paying: the app's pay page for this order. */
export function returnUrl(origin: string, orderNo: string): string {
  return `${origin}/#/pages/user/vip/pay?order=${encodeURIComponent(orderNo)}`;
}

export class OrderService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly ledger: LedgerService,
    private readonly wallet: WalletService,
    private readonly products: ProductsService,
    private readonly providers: ProviderRegistry,
    private readonly settings: OrderSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Makes the order for a product and opens its payment. Idempotent by (user, key): a repeat answers
   * the same order and pay URL; the same key for another product or method is a conflict.
   */
  async init(
    userId: number,
    request: InitRequest,
    origin: string,
  ): Promise<{ order: PaymentOrderRow; payUrl: string }> {
    const existing = await this.orders.byUserKey(userId, request.idempotencyKey);
    if (existing) return this.resume(existing, request, origin);
    const provider = this.provider(request.method);
    const quote = await this.products.quote(userId, request.productType, request.productId);
    const listPriceFen = await this.firstPurchaseListPrice(userId, quote);
    const orderNo = newOrderNo();
    // One transaction: the order, its claim on the client key and its hold on the first-purchase
    // price commit together.
    const order = await this.ledger.transaction(async (tx) => {
      await this.claimKey(tx, userId, request);
      const orders = new OrderRepository(tx.trx);
      const first =
        listPriceFen !== null && (await orders.holdFirstPrice(userId, FIRST_PRICE_OFFER, orderNo, tx.now));
      const inserted = await orders.insert({
        order_no: orderNo,
        user_id: userId,
        product_type: quote.productType,
        product_id: quote.productId,
        ...titleColumns(quote),
        amount_fen: listPriceFen !== null && !first ? listPriceFen : quote.amountFen,
        first_price: first ? 1 : 0,
        currency: this.settings.currency,
        method: provider.id,
        coins: quote.coins,
        bonus: quote.bonus,
        bonus_days: quote.bonusDays,
        vip_days: quote.vipDays,
        idempotency_key: request.idempotencyKey,
        created_time: tx.now,
        expires_time: tx.now + this.settings.orderTtlS,
      });
      if (!inserted && first) await orders.releaseFirstPrice(orderNo);
      return inserted;
    });
    if (order) return this.checkout(order, provider, origin);
    // A concurrent request with the same key inserted first.
    const raced = await this.orders.byUserKey(userId, request.idempotencyKey);
    if (!raced) throw new Error('order insert conflicted, yet no order has this key');
    return this.resume(raced, request, origin);
  }

  /**
   * The order's key is the user's, like every client key: it is recorded with the other calls'
   * keys, so a key a chapter purchase used is refused here (IDEMPOTENCY_CONFLICT, no order), and a
   * purchase sent with an order's key is refused there. Two racing inits with one key both pass:
   * the orders table's (user, key) constraint keeps one order.
   */
  private async claimKey(tx: LedgerTx, userId: number, request: InitRequest): Promise<void> {
    const scope: IdempotencyScope = {
      userId,
      call: '/v3/pay/init',
      key: request.idempotencyKey,
      request: { productType: request.productType, productId: request.productId, method: request.method },
    };
    if ((await storedAnswer(tx.trx, scope)) !== null) return;
    await new IdempotencyRepository(tx.trx).insert({
      key: idempotencyRecordKey(scope),
      userId,
      requestHash: requestFingerprint(scope),
      response: JSON.stringify({ order: true }),
      time: tx.now,
    });
  }

  /** Confirms an order after the payment page: asks the provider and fulfils when it was paid. */
  async save(userId: number, orderNo: string): Promise<{ order: PaymentOrderRow; wallet: Wallet }> {
    const order = await this.refresh(await this.owned(userId, orderNo));
    return { order, wallet: await this.wallet.wallet(userId) };
  }

  /** Cancels a created order (and its checkout at the provider); a cancelled one answers unchanged. */
  async cancel(userId: number, orderNo: string): Promise<PaymentOrderRow> {
    const order = await this.owned(userId, orderNo);
    if (order.status === 'cancelled') return order;
    if (order.status !== 'created') throw orderState(`This order is ${order.status} and cannot be cancelled`);
    const provider = this.providers.get(order.method);
    if (provider) {
      let stopped: boolean;
      try {
        stopped = await provider.cancel(order);
      } catch (error) {
        this.log.warn({ err: error, orderNo }, 'provider did not cancel the checkout');
        throw paymentFailed('The payment provider could not be reached; try again');
      }
      if (!stopped) {
        await this.settle(order, 'paid');
        throw orderState('This order was paid meanwhile and cannot be cancelled');
      }
    }
    if (await this.orders.transition(order.id, ['created'], { status: 'cancelled', reason: 'Cancelled' }))
      await this.orders.releaseFirstPrice(order.order_no);
    const after = await this.orders.byId(order.id);
    if (after.status !== 'cancelled')
      throw orderState(`This order is ${after.status} and cannot be cancelled`);
    return after;
  }

  async list(
    userId: number,
    page: number,
    limit: number,
  ): Promise<{ rows: PaymentOrderRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.orders.pageOfUser(userId, (page - 1) * limit, limit),
      this.orders.countOfUser(userId),
    ]);
    return { rows, total };
  }

  /**
   * Refunds a fulfilled order (operator console): the provider gives the money back first, then one
   * ledger transaction marks the order refunded and takes back what the order credited, as far as
   * it is left. Repeating it changes nothing.
   */
  async refund(
    orderNo: string,
    reason: string,
    /** Runs inside the refund's ledger transaction when this call moved the order (the console's audit row). */
    onRefunded?: (tx: LedgerTx, order: PaymentOrderRow, keptCoins: number) => Promise<void>,
  ): Promise<{ order: PaymentOrderRow; keptCoins: number; refunded: boolean }> {
    const order = await this.orders.byNo(orderNo);
    if (!order) throw orderNotFound();
    if (order.status === 'refunded') return { order, keptCoins: 0, refunded: false };
    if (order.status !== 'fulfilled')
      throw orderState(`Only a fulfilled order can be refunded (${order.status})`);
    const provider = this.provider(order.method);
    try {
      await provider.refund(order);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.log.error({ err: error, orderNo }, 'refund refused by the provider');
      throw paymentFailed('The payment provider refused the refund; nothing changed');
    }
    return this.ledger.transaction(async (tx) => {
      const orders = new OrderRepository(tx.trx);
      const moved = await orders.transition(order.id, ['fulfilled'], {
        status: 'refunded',
        refunded_time: tx.now,
        reason: reason.slice(0, 300),
      });
      const row = await orders.byId(order.id);
      if (!moved) return { order: row, keptCoins: 0, refunded: false };
      const fulfilEntryId = await tx.repo.entryIdByKey(`order:${order.id}:fulfil`);
      if (fulfilEntryId === null) throw new Error(`order ${orderNo} is fulfilled but has no ledger entry`);
      const { keptCoins } = await this.wallet.refundOrder(tx, row, fulfilEntryId);
      if (onRefunded) await onRefunded(tx, row, keptCoins);
      return { order: row, keptCoins, refunded: true };
    });
  }

  /** A provider's HTTP callback: verified, recorded once, applied. */
  async handleCallback(providerId: string, request: CallbackRequest): Promise<CallbackAnswer> {
    const provider = this.providers.get(providerId);
    if (!provider) return { status: 404, body: 'unknown payment provider' };
    let event;
    try {
      event = provider.verifyCallback(request);
    } catch (error) {
      if (!(error instanceof CallbackRejected)) throw error;
      this.log.warn({ provider: providerId, reason: error.message }, 'payment callback refused');
      return { status: error.httpStatus, body: error.message };
    }
    if (!event.outcome) return { status: 200, body: 'ignored' };
    const order = await this.orders.byNo(event.orderNo);
    if (!order || order.method !== provider.id) {
      // Answered 200 so the provider stops retrying an event that is not ours.
      this.log.warn(
        { provider: providerId, orderNo: event.orderNo },
        'payment callback for an unknown order',
      );
      return { status: 200, body: 'unknown order' };
    }
    if (event.outcome === 'paid') {
      const refused = await this.checkPaidEvent(provider, order, event);
      if (refused) {
        this.log.error({ provider: providerId, orderNo: order.order_no, event }, refused.body);
        return refused;
      }
    }
    await this.settle(order, event.outcome, {
      provider: provider.id,
      eventId: event.eventId,
      type: event.type,
    });
    return { status: 200, body: 'ok' };
  }

  /** Why a verified 'paid' event must not touch the order (answered as is), or null. */
  private async checkPaidEvent(
    provider: PaymentProvider,
    order: PaymentOrderRow,
    event: ProviderEvent,
  ): Promise<CallbackAnswer | null> {
    if (
      (event.amountFen !== undefined && event.amountFen !== order.amount_fen) ||
      (event.currency !== undefined && event.currency !== order.currency)
    )
      return { status: 400, body: 'amount does not match the order' };
    if (event.paymentRef !== undefined && event.paymentRef !== order.provider_ref)
      return { status: 400, body: 'payment does not belong to this order' };
    if (!provider.movesMoney && !OPEN.includes(order.status as OrderStatus) && order.status !== 'fulfilled')
      return {
        status: 409,
        body: `order is ${order.status}: the demo cashier moves no money, so nothing was fulfilled`,
      };
    const unconfirmed = provider.confirmPaid ? await provider.confirmPaid(order, event) : null;
    return unconfirmed ? { status: 409, body: unconfirmed } : null;
  }

  /**
   * Brings unsettled orders up to date: 'paid' orders are fulfilled, 'created' ones older than a
   * minute are asked about (as /v3/pay/save does) and expired when unpaid past their time.
   */
  async reconcile(now = nowS()): Promise<ReconcileReport> {
    const report: ReconcileReport = { checked: 0, fulfilled: 0, expired: 0, failed: 0 };
    const tally = (after: PaymentOrderRow) => {
      report.checked += 1;
      if (after.status === 'fulfilled') report.fulfilled += 1;
      if (after.status === 'expired') report.expired += 1;
      if (after.status === 'failed') report.failed += 1;
    };
    for (const status of ['paid', 'created'] as const) {
      const createdBefore = status === 'paid' ? now : now - RECONCILE_AFTER_S;
      let afterId = 0;
      for (let seen = 0; seen < RECONCILE_MAX;) {
        const batch = await this.orders.inStatus(status, createdBefore, afterId, RECONCILE_BATCH);
        for (const order of batch) {
          try {
            tally(await this.refresh(order, now));
          } catch (error) {
            this.log.error({ err: error, orderNo: order.order_no }, 'order not reconciled');
          }
        }
        seen += batch.length;
        if (batch.length < RECONCILE_BATCH) break;
        afterId = batch[batch.length - 1]!.id;
      }
    }
    return report;
  }

  /** Asks the provider about an unsettled order and applies its answer; settled orders answer as they are. */
  private async refresh(order: PaymentOrderRow, now = nowS()): Promise<PaymentOrderRow> {
    if (order.status === 'paid') return this.settle(order, 'paid');
    if (order.status !== 'created') return order;
    const provider = this.providers.get(order.method);
    let status: PaymentStatus = 'pending';
    if (provider) {
      try {
        status = await provider.fetchStatus(order);
      } catch (error) {
        this.log.warn({ err: error, orderNo: order.order_no }, 'payment status not available');
        return order;
      }
    }
    if (status === 'pending' && order.expires_time <= now) status = await this.stopExpired(provider, order);
    return this.settle(order, status);
  }

  /** An unpaid order past its time: its checkout is closed first, unless it was paid just now. */
  private async stopExpired(provider: PaymentProvider | undefined, order: PaymentOrderRow) {
    if (!provider) return 'expired';
    try {
      return (await provider.cancel(order)) ? 'expired' : 'paid';
    } catch (error) {
      this.log.warn({ err: error, orderNo: order.order_no }, 'expired checkout not closed; next time');
      return 'pending';
    }
  }

  /** Applies what the provider says about an order, in one ledger transaction (see the file comment). */
  private async settle(
    order: PaymentOrderRow,
    status: PaymentStatus,
    event?: ReceivedEvent,
  ): Promise<PaymentOrderRow> {
    if (status === 'pending' && !event) return order;
    const movesMoney = this.providers.get(order.method)?.movesMoney ?? true;
    let row: PaymentOrderRow;
    try {
      row = await this.ledger.transaction(async (tx) => {
        const orders = new OrderRepository(tx.trx);
        if (event && !(await orders.recordEvent({ ...event, orderId: order.id, time: tx.now })))
          return orders.byId(order.id);
        if (status === 'paid') await this.applyPayment(tx, orders, order, movesMoney);
        else if (status === 'failed' || status === 'expired') {
          if (await orders.transition(order.id, ['created'], { status, reason: REASONS[status] }))
            await orders.releaseFirstPrice(order.order_no);
        }
        return orders.byId(order.id);
      });
    } catch (error) {
      // The money was taken but the credit failed: remember the payment, the reconciler fulfils it.
      if (status === 'paid') await this.rememberPayment(order, movesMoney).catch(() => undefined);
      throw error;
    }
    // Paid after the buyer cancelled: give the money back (retried by the reconciler if refused).
    if (row.status === 'paid' && row.late_payment === 'after_cancel') return this.refundLatePayment(row);
    return row;
  }

  /** A confirmed payment: fulfils an open order, or a closed one by the late-payment rule. */
  private async applyPayment(
    tx: LedgerTx,
    orders: OrderRepository,
    order: PaymentOrderRow,
    movesMoney: boolean,
  ): Promise<void> {
    const fulfilled = {
      status: 'fulfilled' as const,
      paid_time: order.paid_time || tx.now,
      fulfilled_time: tx.now,
      reason: '',
    };
    let moved = await orders.transition(order.id, OPEN, fulfilled, ['', 'after_expiry']);
    if (!moved && movesMoney) {
      moved = await orders.transition(
        order.id,
        CLOSED_UNPAID,
        { ...fulfilled, late_payment: 'after_expiry' },
        [''],
      );
      if (!moved)
        await orders.transition(
          order.id,
          ['cancelled'],
          {
            status: 'paid',
            paid_time: order.paid_time || tx.now,
            late_payment: 'after_cancel',
            reason: 'Paid after it was cancelled: refunding',
          },
          [''],
        );
    }
    // Credits what the order recorded (its price, days, coins), never the offer as it is now.
    if (moved) await this.wallet.fulfilOrder(tx, await orders.byId(order.id));
  }

  /** After a failed credit: the order is marked paid (late if it had closed) for the reconciler. */
  private async rememberPayment(order: PaymentOrderRow, movesMoney: boolean): Promise<void> {
    const paidTime = order.paid_time || nowS();
    await this.orders.transition(order.id, ['created'], { status: 'paid', paid_time: paidTime });
    if (!movesMoney) return;
    await this.orders.transition(
      order.id,
      CLOSED_UNPAID,
      { status: 'paid', paid_time: paidTime, late_payment: 'after_expiry' },
      [''],
    );
    await this.orders.transition(
      order.id,
      ['cancelled'],
      { status: 'paid', paid_time: paidTime, late_payment: 'after_cancel' },
      [''],
    );
  }

  /**
   * Refunds a payment that arrived for a cancelled order: through the provider first, then one
   * ledger transaction marks it refunded and records the money in and back out (a `refund` entry:
   * sales −amount, refunds +amount; nothing was credited, so nothing is taken back).
   */
  private async refundLatePayment(order: PaymentOrderRow): Promise<PaymentOrderRow> {
    const provider = this.providers.get(order.method);
    if (!provider) return order;
    try {
      await provider.refund(order);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.log.error({ err: error, orderNo: order.order_no }, 'late payment not refunded yet; retried later');
      return order;
    }
    return this.ledger.transaction(async (tx) => {
      const orders = new OrderRepository(tx.trx);
      const moved = await orders.transition(
        order.id,
        ['paid'],
        { status: 'refunded', refunded_time: tx.now, reason: LATE_CANCEL_REASON },
        ['after_cancel'],
      );
      if (moved)
        await tx.post({
          key: `order:${order.id}:refund`,
          kind: 'refund',
          userId: order.user_id,
          orderId: order.id,
          ...moneyTitle('refundLate', { order: storedTitle(order) }),
          legs: [
            { userId: SYSTEM_USER_ID, kind: SYSTEM_ACCOUNTS.CASH_SALES, amount: -order.amount_fen },
            { userId: SYSTEM_USER_ID, kind: SYSTEM_ACCOUNTS.CASH_REFUNDS, amount: order.amount_fen },
          ],
        });
      return orders.byId(order.id);
    });
  }

  /**
   * The list price when this VIP quote is a first-purchase price (the order then carries it only if
   * it wins the user's hold); null when no first-purchase offer applies.
   */
  private async firstPurchaseListPrice(userId: number, quote: ProductQuote): Promise<number | null> {
    if (quote.productType !== 'vip') return null;
    const plan = (await this.products.vipPlans(userId)).find((item) => item.id === quote.productId);
    // Not the plan's first_offer: that is read again here, and an order racing this one may have
    // taken the hold since the quote was made; the quote's own price says whether it was the offer.
    return plan && plan.list_price_fen > quote.amountFen ? plan.list_price_fen : null;
  }

  private async resume(order: PaymentOrderRow, request: InitRequest, origin: string) {
    if (
      order.product_type !== request.productType ||
      order.product_id !== request.productId ||
      order.method !== request.method
    )
      throw idempotencyConflict();
    if (order.pay_url) return { order, payUrl: order.pay_url };
    if (order.status === 'created') return this.checkout(order, this.provider(order.method), origin);
    throw paymentFailed();
  }

  /** Opens the payment at the provider; a refusal fails the order (nothing can be paid) and is PAYMENT_FAILED. */
  private async checkout(order: PaymentOrderRow, provider: PaymentProvider, origin: string) {
    try {
      const made = await provider.createCheckout(order, returnUrl(origin, order.order_no));
      await this.orders.setCheckout(order.id, made.providerRef, made.payUrl);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.log.warn({ err: error, orderNo: order.order_no }, 'checkout not opened');
      if (await this.orders.transition(order.id, ['created'], { status: 'failed', reason: REASONS.checkout }))
        await this.orders.releaseFirstPrice(order.order_no);
      throw paymentFailed();
    }
    const row = await this.orders.byId(order.id);
    return { order: row, payUrl: row.pay_url };
  }

  private async owned(userId: number, orderNo: string): Promise<PaymentOrderRow> {
    const order = await this.orders.byNo(orderNo);
    if (!order || order.user_id !== userId) throw orderNotFound();
    return order;
  }

  private provider(method: string): PaymentProvider {
    const provider = this.providers.get(method);
    if (!provider) throw methodUnavailable();
    return provider;
  }
}
