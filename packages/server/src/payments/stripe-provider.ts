/**
 * Stripe Checkout through the official `stripe` package. A Checkout Session per order (its id is the
 * order's provider_ref), the webhook verified over the raw body with the endpoint's signing secret,
 * status by retrieving the session, refunds of the session's PaymentIntent. Every mutating request
 * carries an idempotency key derived from the order number, so the SDK's own retries, a crash and
 * a repeated call all land on the same session or refund.
 */
import Stripe from 'stripe';
import type { PaymentOrderRow } from '../db/schema.js';
import type { StripeConfig } from './payment-config.js';
import {
  CallbackRejected,
  ProviderError,
  type CallbackRequest,
  type Checkout,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderEvent,
} from './payment-provider.js';

export const STRIPE_WEBHOOK_PATH = '/pay/webhook/stripe';
/** Stripe accepts a Checkout Session expiry from 30 minutes to 24 hours ahead. */
const MIN_SESSION_S = 31 * 60;
const MAX_SESSION_S = 23 * 3600;

const EVENT_OUTCOMES: Record<string, (session: Stripe.Checkout.Session) => PaymentStatus | null> = {
  'checkout.session.completed': (session) =>
    session.payment_status === 'paid' || session.payment_status === 'no_payment_required' ? 'paid' : null,
  'checkout.session.async_payment_succeeded': () => 'paid',
  'checkout.session.async_payment_failed': () => 'failed',
  'checkout.session.expired': () => 'expired',
};

export class StripeProvider implements PaymentProvider {
  readonly id = 'stripe';
  readonly movesMoney = true;
  readonly name = 'Card';
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.stripe = new Stripe(config.secretKey, {
      timeout: config.timeoutMs,
      maxNetworkRetries: config.maxNetworkRetries,
      telemetry: false,
      ...(config.apiBase
        ? { host: config.apiBase.host, port: config.apiBase.port, protocol: config.apiBase.protocol }
        : {}),
    });
  }

  async createCheckout(order: PaymentOrderRow, returnUrl: string): Promise<Checkout> {
    if (!/^https?:\/\//.test(returnUrl))
      throw new ProviderError(this.id, 'needs an absolute return URL: set PAY_PUBLIC_URL');
    // From the order's own times, so a repeated request (same idempotency key) is the same request.
    const expiresAt = Math.min(
      order.created_time + MAX_SESSION_S,
      Math.max(order.expires_time, order.created_time + MIN_SESSION_S),
    );
    const session = await this.call('create a checkout', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.amount_fen,
                product_data: { name: order.title },
              },
            },
          ],
          client_reference_id: order.order_no,
          metadata: { order_no: order.order_no },
          payment_intent_data: { metadata: { order_no: order.order_no } },
          success_url: returnUrl,
          cancel_url: returnUrl,
          expires_at: expiresAt,
        },
        { idempotencyKey: `dm51-checkout-${order.order_no}` },
      ),
    );
    if (!session.url) throw new ProviderError(this.id, 'the checkout session has no URL');
    return { providerRef: session.id, payUrl: session.url };
  }

  async fetchStatus(order: PaymentOrderRow): Promise<PaymentStatus> {
    if (!order.provider_ref) return 'pending';
    const session = await this.call('read the checkout', () =>
      this.stripe.checkout.sessions.retrieve(order.provider_ref),
    );
    if (session.status === 'expired') return 'expired';
    if (
      session.status === 'complete' &&
      (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
    )
      return 'paid';
    // 'open', or complete with an asynchronous payment still on its way (its webhook decides).
    return 'pending';
  }

  async refund(order: PaymentOrderRow): Promise<void> {
    const session = await this.call('read the checkout', () =>
      this.stripe.checkout.sessions.retrieve(order.provider_ref),
    );
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) throw new ProviderError(this.id, 'the checkout has no payment to refund');
    await this.call('refund', () =>
      this.stripe.refunds.create(
        { payment_intent: paymentIntent },
        { idempotencyKey: `dm51-refund-${order.order_no}` },
      ),
    );
  }

  async cancel(order: PaymentOrderRow): Promise<boolean> {
    if (!order.provider_ref) return true;
    try {
      await this.stripe.checkout.sessions.expire(order.provider_ref);
      return true;
    } catch {
      // Only an open session can be expired: find out whether it was paid meanwhile.
      return (await this.fetchStatus(order)) !== 'paid';
    }
  }

  verifyCallback(request: CallbackRequest): ProviderEvent {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string') throw new CallbackRejected(400, 'missing Stripe-Signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(request.rawBody, signature, this.config.webhookSecret);
    } catch (error) {
      throw new CallbackRejected(400, `stripe signature: ${(error as Error).message}`);
    }
    const outcome = EVENT_OUTCOMES[event.type];
    const object = event.data.object as Partial<Stripe.Checkout.Session>;
    const orderNo = object.client_reference_id ?? object.metadata?.['order_no'] ?? '';
    if (!outcome || object.object !== 'checkout.session')
      return { eventId: event.id, type: event.type, orderNo, outcome: null };
    return {
      eventId: event.id,
      type: event.type,
      orderNo,
      outcome: outcome(object as Stripe.Checkout.Session),
      ...(typeof object.amount_total === 'number' ? { amountFen: object.amount_total } : {}),
      ...(object.currency ? { currency: object.currency.toUpperCase() } : {}),
    };
  }

  /** Runs one API request; whatever goes wrong becomes a ProviderError naming what was tried. */
  private async call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new ProviderError(this.id, `could not ${what}: ${message}`, { cause: error });
    }
  }
}
