/**
 * What the order service needs from a payment provider (the built-in cashier, Stripe Checkout; see
 * ARCHITECTURE "Payments" for Alipay and WeChat Pay). A provider knows nothing about the ledger:
 * it makes a checkout, says whether an order was paid, refunds, and turns its HTTP callback into a
 * verified event. Every method must be safe to call again for the same order (after a crash, a
 * retry or a concurrent double tap): providers key their requests by the order number.
 */
import type { PaymentOrderRow } from '../db/schema.js';

/** What the provider says about an order's payment. */
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'expired';

export interface Checkout {
  /** The provider's id of the payment (stored on the order as provider_ref). */
  providerRef: string;
  /** Where the payer goes to pay. */
  payUrl: string;
}

/** An HTTP callback as it arrived: signatures are over the raw bytes, never over re-encoded JSON. */
export interface CallbackRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/** A verified callback. */
export interface ProviderEvent {
  /** The provider's event id: the same id twice is a replay and changes nothing. */
  eventId: string;
  type: string;
  orderNo: string;
  /** What the event says about the payment; null for events that do not move an order. */
  outcome: PaymentStatus | null;
  /** What was paid, checked against the order before it is fulfilled. */
  amountFen?: number;
  currency?: string;
  /** The provider's id of the payment, checked against the order's provider_ref when given. */
  paymentRef?: string;
}

/** A callback that failed verification: answered with `httpStatus` and changes nothing. */
export class CallbackRejected extends Error {
  constructor(
    readonly httpStatus: 400 | 401,
    message: string,
  ) {
    super(message);
    this.name = 'CallbackRejected';
  }
}

/** The provider refused a request or could not be reached. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
    this.name = 'ProviderError';
  }
}

export interface PaymentProvider {
  /** The method id clients send ('cashier', 'stripe'). */
  readonly id: string;
  /** The method's name in the methods list. */
  readonly name: string;
  /**
   * False for the demo cashier: its payments move no money, so a late one never reopens a closed
   * (cancelled, expired, failed, refunded) order. True for real providers, whose late payments
   * follow the late-payment rule (services/order.service.ts).
   */
  readonly movesMoney: boolean;
  /** Opens the payment of a created order; `returnUrl` is where the payer comes back to. */
  createCheckout(order: PaymentOrderRow, returnUrl: string): Promise<Checkout>;
  fetchStatus(order: PaymentOrderRow): Promise<PaymentStatus>;
  /** Gives the order's money back in full. */
  refund(order: PaymentOrderRow): Promise<void>;
  /** Makes the checkout unpayable; false when it was paid already. */
  cancel(order: PaymentOrderRow): Promise<boolean>;
  /** Verifies and reads a callback; throws CallbackRejected for forged, stale or malformed ones. */
  verifyCallback(request: CallbackRequest): ProviderEvent;
  /**
   * Optional second check of a verified 'paid' event against the provider's own record of the
   * payment (the cashier's book): null when it holds, else why not.
   */
  confirmPaid?(order: PaymentOrderRow, event: ProviderEvent): Promise<string | null>;
}

/** The providers this server has enabled, by method id. */
export class ProviderRegistry {
  private readonly byId: Map<string, PaymentProvider>;

  constructor(providers: readonly PaymentProvider[]) {
    this.byId = new Map(providers.map((provider) => [provider.id, provider]));
  }

  get(id: string): PaymentProvider | undefined {
    return this.byId.get(id);
  }

  all(): PaymentProvider[] {
    return [...this.byId.values()];
  }
}
