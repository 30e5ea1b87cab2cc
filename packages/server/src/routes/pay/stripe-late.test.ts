/**
 * The late-payment rule with a provider that moves real money (Stripe, against a Stripe-shaped peer
 * on loopback): a payment for a cancelled order is recorded and refunded through Stripe's refund
 * API (a `refund` ledger entry, nothing credited); one for an expired order is fulfilled. Both show
 * in the console's orders.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultPaymentsConfig } from '../../payments/payment-config.js';
import { adminRequest, signedIn, type OperatorSession } from '../../testing/admin-harness.js';
import { coinPackage, newKey, orderRow, type InitAnswer } from '../../testing/payments.js';
import { startStripePeer, type StripePeer } from '../../testing/stripe-peer.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_late_payments';
let peer: StripePeer;
let ctx: TestApp;
let client: TestClient;
let viewer: OperatorSession;
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
  viewer = await signedIn(ctx.app, 'viewer');
  pack = (await coinPackage(ctx.db, 300)).id;
});
afterAll(async () => {
  await ctx.close();
  await peer.close();
});
beforeEach(() => {
  peer.mode = 'ok';
});

async function newUser(): Promise<TestSession> {
  const session = await client.initGuest();
  await ctx.db.updateTable('users').set({ is_guest: 0 }).where('id', '=', session.userId).execute();
  return { ...session, isGuest: false };
}

async function stripeOrder(user: TestSession) {
  const answer = await client.call<InitAnswer>(
    '/v3/pay/init',
    { product_type: 'coins', product_id: pack, method: 'stripe', idempotency_key: newKey('late') },
    { session: user },
  );
  expect(answer.code, answer.msg).toBe(1);
  const orderNo = answer.data!.order.order_no;
  return { orderNo, sessionId: (await orderRow(ctx.db, orderNo)).provider_ref };
}

const webhook = (payload: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/pay/webhook/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });

const entriesOf = (orderId: number) =>
  ctx.db.selectFrom('ledger_entries').select(['kind', 'entry_key']).where('order_id', '=', orderId).execute();

const consoleOrder = async (id: number) =>
  (
    await adminRequest<{ data: { status: string; latePayment: string; amountFen: number } }>(
      ctx.app,
      'GET',
      `/money/orders/${id}`,
      { session: viewer },
    )
  ).body.data;

describe('a Stripe payment that arrives after the order closed', () => {
  it('for a cancelled order: recorded, refunded through Stripe, never credited; shown in the console', async () => {
    const user = await newUser();
    const { orderNo, sessionId } = await stripeOrder(user);
    expect((await client.call('/v3/pay/cancel', { order_no: orderNo }, { session: user })).code).toBe(1);
    // Stripe took the money anyway (e.g. the payer's bank confirmed after the session closed).
    const session = peer.complete(sessionId);
    const completed = peer.event('checkout.session.completed', sessionId);
    expect((await webhook(completed)).statusCode).toBe(200);
    expect((await webhook(completed)).statusCode).toBe(200); // a replay refunds nothing more

    const row = await orderRow(ctx.db, orderNo);
    expect(row).toMatchObject({ status: 'refunded', late_payment: 'after_cancel' });
    expect(row.reason).toBe('Paid after it was cancelled: refunded');
    expect(row.paid_time).toBeGreaterThan(0);
    expect(row.refunded_time).toBeGreaterThan(0);
    expect(peer.refunds.filter((refund) => refund.payment_intent === session.payment_intent)).toHaveLength(1);
    expect(await entriesOf(row.id)).toEqual([{ kind: 'refund', entry_key: `order:${row.id}:refund` }]);
    expect(await ctx.app.services.money.wallet.wallet(user.userId)).toMatchObject({ cion: 0, ticket: 0 });

    expect(await consoleOrder(row.id)).toMatchObject({ status: 'refunded', latePayment: 'after_cancel' });
    const list = await adminRequest<{ data: { id: number; latePayment: string }[] }>(
      ctx.app,
      'GET',
      `/money/orders?userId=${user.userId}`,
      { session: viewer },
    );
    expect(list.body.data.find((order) => order.id === row.id)).toMatchObject({
      latePayment: 'after_cancel',
    });
  });

  it('a refund Stripe refuses is retried by the reconciler; the order is never fulfilled meanwhile', async () => {
    const user = await newUser();
    const { orderNo, sessionId } = await stripeOrder(user);
    expect((await client.call('/v3/pay/cancel', { order_no: orderNo }, { session: user })).code).toBe(1);
    peer.complete(sessionId);
    peer.mode = 'error500';
    expect((await webhook(peer.event('checkout.session.completed', sessionId))).statusCode).toBe(200);
    expect(await orderRow(ctx.db, orderNo)).toMatchObject({ status: 'paid', late_payment: 'after_cancel' });
    await ctx.app.services.money.payments.reconciler.runOnce();
    expect((await orderRow(ctx.db, orderNo)).status).toBe('paid');
    expect(await ctx.app.services.money.wallet.wallet(user.userId)).toMatchObject({ cion: 0 });

    peer.mode = 'ok';
    await ctx.app.services.money.payments.reconciler.runOnce();
    const row = await orderRow(ctx.db, orderNo);
    expect(row).toMatchObject({ status: 'refunded', late_payment: 'after_cancel' });
    expect((await entriesOf(row.id)).map((entry) => entry.kind)).toEqual(['refund']);
  });

  it('for an expired order: fulfilled at its recorded price, marked paid after expiry', async () => {
    const user = await newUser();
    const { orderNo, sessionId } = await stripeOrder(user);
    expect((await webhook(peer.event('checkout.session.expired', sessionId))).statusCode).toBe(200);
    peer.complete(sessionId);
    expect((await webhook(peer.event('checkout.session.completed', sessionId))).statusCode).toBe(200);
    const row = await orderRow(ctx.db, orderNo);
    expect(row).toMatchObject({ status: 'fulfilled', late_payment: 'after_expiry' });
    expect(await ctx.app.services.money.wallet.wallet(user.userId)).toMatchObject({ cion: 300, ticket: 30 });
    expect(await consoleOrder(row.id)).toMatchObject({ status: 'fulfilled', latePayment: 'after_expiry' });
  });
});
