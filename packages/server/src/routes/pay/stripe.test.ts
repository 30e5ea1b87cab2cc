/**
 * Stripe Checkout against a Stripe-shaped peer on loopback (the official SDK speaks real HTTP to
 * it): checkout creation, webhook verification over the raw body, status queries, refunds and
 * provider errors. Webhooks are signed with the library's own test header generator.
 */
import { ApiCode } from '@dm51/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultPaymentsConfig } from '../../payments/payment-config.js';
import { startStripePeer, type StripePeer } from '../../testing/stripe-peer.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';
import {
  coinPackage,
  ledgerEntries,
  newKey,
  orderRow,
  type InitAnswer,
  type SaveAnswer,
} from '../../testing/payments.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_dm51';
let peer: StripePeer;
let ctx: TestApp;
let client: TestClient;
let pack: number;

beforeAll(async () => {
  peer = await startStripePeer();
  ctx = await buildTestApp({
    payments: {
      ...defaultPaymentsConfig(),
      publicUrl: 'https://app.example',
      stripe: {
        secretKey: 'sk_test_dm51',
        webhookSecret: WEBHOOK_SECRET,
        apiBase: { protocol: 'http', host: '127.0.0.1', port: peer.port },
        timeoutMs: 1_000,
        maxNetworkRetries: 0,
      },
    },
  });
  client = createTestClient(ctx);
  pack = (await coinPackage(ctx.db, 300)).id;
});
afterAll(async () => {
  await ctx.close();
  await peer.close();
});
beforeEach(() => {
  peer.mode = 'ok';
});

/** A registered account (the envelope reads is_guest from the users row). */
async function newUser(): Promise<TestSession> {
  const session = await client.initGuest();
  await ctx.db.updateTable('users').set({ is_guest: 0 }).where('id', '=', session.userId).execute();
  return { ...session, isGuest: false };
}

async function stripeOrder(user: TestSession): Promise<InitAnswer> {
  const answer = await client.call<InitAnswer>(
    '/v3/pay/init',
    { product_type: 'coins', product_id: pack, method: 'stripe', idempotency_key: newKey('stripe') },
    { session: user },
  );
  expect(answer.code, answer.msg).toBe(1);
  return answer.data!;
}

async function webhook(payload: string, signature?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/pay/webhook/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

const sessionOf = async (orderNo: string) => (await orderRow(ctx.db, orderNo)).provider_ref;

describe('Stripe Checkout', () => {
  it('lists the card method beside the cashier', () => {
    expect(ctx.app.services.money.payments.methods()).toEqual([
      { id: 'cashier', name: 'Demo cashier' },
      { id: 'stripe', name: 'Card' },
    ]);
  });

  it('creates a Checkout Session for the order, once per order', async () => {
    const user = await newUser();
    const { order, pay_url } = await stripeOrder(user);
    const created = peer.requests.filter((r) => r.path === '/v1/checkout/sessions');
    const request = created[created.length - 1]!;
    expect(request.authorization).toBe('Bearer sk_test_dm51');
    expect(request.idempotencyKey).toBe(`dm51-checkout-${order.order_no}`);
    expect(request.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'cny',
      'line_items[0][price_data][unit_amount]': '3000',
      'line_items[0][price_data][product_data][name]': '300 + 30 coins',
      client_reference_id: order.order_no,
      'metadata[order_no]': order.order_no,
      success_url: `https://app.example/#/pages/user/vip/pay?order=${order.order_no}`,
      cancel_url: `https://app.example/#/pages/user/vip/pay?order=${order.order_no}`,
    });
    expect(Number(request.form['expires_at'])).toBeGreaterThanOrEqual(order.created_time + 30 * 60);
    const session = peer.sessions.get(await sessionOf(order.order_no))!;
    expect(pay_url).toBe(session.url);
  });

  it('refuses a badly signed webhook (400) and changes nothing; a signed one fulfils once', async () => {
    const user = await newUser();
    const { order } = await stripeOrder(user);
    const sessionId = await sessionOf(order.order_no);
    peer.complete(sessionId);
    const event = peer.event('checkout.session.completed', sessionId);
    const entries = await ledgerEntries(ctx.db);

    const forged = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_wrong' });
    expect((await webhook(event, forged)).statusCode).toBe(400);
    // Correctly signed, but for another amount than the order's.
    expect((await webhook(event.replace('"amount_total":3000', '"amount_total":1'))).statusCode).toBe(400);
    expect((await orderRow(ctx.db, order.order_no)).status).toBe('created');
    const tampered = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET });
    expect((await webhook(event.replace('"paid"', '"unpaid"'), tampered)).statusCode).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: event,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await webhook(event, stale)).statusCode).toBe(400);
    expect(await ledgerEntries(ctx.db)).toBe(entries);
    expect((await orderRow(ctx.db, order.order_no)).status).toBe('created');

    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200); // replay: same event id
    expect((await webhook(peer.event('checkout.session.completed', sessionId))).statusCode).toBe(200);
    const row = await orderRow(ctx.db, order.order_no);
    expect(row.status).toBe('fulfilled');
    expect(await ledgerEntries(ctx.db, row.id)).toBe(1);
    expect(await ctx.app.services.money.wallet.wallet(user.userId)).toMatchObject({ cion: 300, ticket: 30 });
  });

  it('asks Stripe for the status on /v3/pay/save', async () => {
    const user = await newUser();
    const { order } = await stripeOrder(user);
    const pending = await client.call<SaveAnswer>(
      '/v3/pay/save',
      { order_no: order.order_no },
      { session: user },
    );
    expect(pending.data!.order.status).toBe('created');
    peer.complete(await sessionOf(order.order_no));
    const saved = await client.call<SaveAnswer>(
      '/v3/pay/save',
      { order_no: order.order_no },
      { session: user },
    );
    expect(saved.data).toMatchObject({ order: { status: 'fulfilled' }, wallet: { cion: 300 } });
  });

  it('waits for asynchronous payments, and applies their outcome', async () => {
    const user = await newUser();
    const ok = await stripeOrder(user);
    const okSession = await sessionOf(ok.order.order_no);
    peer.complete(okSession, 'unpaid');
    await webhook(peer.event('checkout.session.completed', okSession));
    expect((await orderRow(ctx.db, ok.order.order_no)).status).toBe('created');
    peer.complete(okSession, 'paid');
    await webhook(peer.event('checkout.session.async_payment_succeeded', okSession));
    expect((await orderRow(ctx.db, ok.order.order_no)).status).toBe('fulfilled');

    const bad = await stripeOrder(user);
    const badSession = await sessionOf(bad.order.order_no);
    peer.complete(badSession, 'unpaid');
    await webhook(peer.event('checkout.session.async_payment_failed', badSession));
    expect((await orderRow(ctx.db, bad.order.order_no)).status).toBe('failed');
  });

  it('expires with the session; a completed event after it still fulfils (paid after expired)', async () => {
    const user = await newUser();
    const { order } = await stripeOrder(user);
    const sessionId = await sessionOf(order.order_no);
    const expired = peer.event('checkout.session.expired', sessionId);
    peer.complete(sessionId);
    const completed = peer.event('checkout.session.completed', sessionId);
    expect((await webhook(expired)).statusCode).toBe(200);
    expect((await orderRow(ctx.db, order.order_no)).status).toBe('expired');
    expect((await webhook(completed)).statusCode).toBe(200);
    const row = await orderRow(ctx.db, order.order_no);
    expect(row.status).toBe('fulfilled');
    expect(await ledgerEntries(ctx.db, row.id)).toBe(1);
  });

  it('cancels an open session with the order', async () => {
    const user = await newUser();
    const { order } = await stripeOrder(user);
    const answer = await client.call('/v3/pay/cancel', { order_no: order.order_no }, { session: user });
    expect(answer.code).toBe(1);
    expect(peer.sessions.get(await sessionOf(order.order_no))!.status).toBe('expired');
  });

  it('refunds the session PaymentIntent, once', async () => {
    const user = await newUser();
    const { order } = await stripeOrder(user);
    const sessionId = await sessionOf(order.order_no);
    const session = peer.complete(sessionId);
    await webhook(peer.event('checkout.session.completed', sessionId));
    const refunded = await ctx.app.services.money.payments.orders.refund(order.order_no, 'Requested');
    expect(refunded.order.status).toBe('refunded');
    expect(peer.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    const refundRequest = peer.requests.find(
      (r) => r.path === '/v1/refunds' && r.form['payment_intent'] === session.payment_intent,
    );
    expect(refundRequest!.idempotencyKey).toBe(`dm51-refund-${order.order_no}`);
    await ctx.app.services.money.payments.orders.refund(order.order_no, 'Again');
    expect(peer.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    expect(await ctx.app.services.money.wallet.wallet(user.userId)).toMatchObject({ cion: 0, ticket: 0 });
  });

  it('answers PAYMENT_FAILED when Stripe refuses, fails or is too slow, and stores nothing as paid', async () => {
    const user = await newUser();
    const entries = await ledgerEntries(ctx.db);
    for (const mode of ['error402', 'error500', 'slow'] as const) {
      peer.mode = mode;
      const answer = await client.call<InitAnswer>(
        '/v3/pay/init',
        { product_type: 'coins', product_id: pack, method: 'stripe', idempotency_key: newKey(mode) },
        { session: user },
      );
      expect(answer, mode).toMatchObject({ code: ApiCode.PAYMENT_FAILED, data: null });
    }
    peer.mode = 'ok';
    const orders = await ctx.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute();
    expect(orders.map((o) => [o.status, o.provider_ref, o.pay_url, o.paid_time])).toEqual([
      ['failed', '', '', 0],
      ['failed', '', '', 0],
      ['failed', '', '', 0],
    ]);
    expect(await ledgerEntries(ctx.db)).toBe(entries);

    const { order } = await stripeOrder(user);
    peer.complete(await sessionOf(order.order_no));
    await webhook(peer.event('checkout.session.completed', await sessionOf(order.order_no)));
    peer.mode = 'error402';
    await expect(ctx.app.services.money.payments.orders.refund(order.order_no, 'x')).rejects.toMatchObject({
      code: ApiCode.PAYMENT_FAILED,
    });
    expect((await orderRow(ctx.db, order.order_no)).status).toBe('fulfilled');
  });
});
