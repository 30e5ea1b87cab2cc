/**
 * Payment orders through the built-in cashier: /v3/pay/init, save, cancel, orders, the cashier page
 * and its signed notifications, the reconciler and refunds. Every refusal is checked to change
 * nothing (no ledger entry, same wallet).
 */
import { ApiCode, type Order, type Wallet } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashierRepository } from '../../repositories/cashier.repository.js';
import { buildAccountsHarness, uniqueEmail, type AccountsHarness } from '../../testing/accounts.js';
import type { TestSession } from '../../testing/test-client.js';
import {
  cashierNotice,
  cashierRow,
  coinPackage,
  ledgerEntries,
  newKey,
  orderRow,
  paymentIdOf,
  postNotify,
  pressPay,
  vipPlan,
  type InitAnswer,
  type SaveAnswer,
} from '../../testing/payments.js';

let h: AccountsHarness;
let buyer: TestSession;
let other: TestSession;
let secret: string;
let pack300: number;

const services = () => h.ctx.app.services.money;
const db = () => h.ctx.db;
const walletOf = (userId: number): Promise<Wallet> => services().wallet.wallet(userId);

async function newBuyer(): Promise<TestSession> {
  return h.registerByEmail(uniqueEmail('buyer'), 'password 1');
}

async function init(session: TestSession, payload: Record<string, unknown> = {}) {
  return h.call<InitAnswer>(
    '/v3/pay/init',
    { product_type: 'coins', product_id: pack300, method: 'cashier', idempotency_key: newKey(), ...payload },
    { session },
  );
}

async function created(session: TestSession, payload: Record<string, unknown> = {}): Promise<InitAnswer> {
  const answer = await init(session, payload);
  expect(answer.code, answer.msg).toBe(1);
  return answer.data!;
}

const save = (session: TestSession, orderNo: string) =>
  h.call<SaveAnswer>('/v3/pay/save', { order_no: orderNo }, { session });

beforeAll(async () => {
  h = await buildAccountsHarness();
  buyer = await newBuyer();
  other = await newBuyer();
  secret = services().payments.cashierSecret();
  pack300 = (await coinPackage(db(), 300)).id;
});
afterAll(async () => h.close());

describe('/v3/pay/init refusals', () => {
  it('refuses a guest (LOGIN_REQUIRED) and creates nothing', async () => {
    const guest = await h.client.initGuest();
    const answer = await init(guest);
    expect(answer).toMatchObject({ code: ApiCode.LOGIN_REQUIRED, data: null });
    const rows = await db()
      .selectFrom('payment_orders')
      .select('id')
      .where('user_id', '=', guest.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses unknown and disabled products and unknown methods, with no order and no ledger change', async () => {
    const entries = await ledgerEntries(db());
    const wallet = await walletOf(buyer.userId);
    expect(await init(buyer, { product_id: 9999 })).toMatchObject({ code: ApiCode.PRODUCT_UNAVAILABLE });
    expect(await init(buyer, { product_type: 'vip', product_id: 9999 })).toMatchObject({
      code: ApiCode.PRODUCT_UNAVAILABLE,
    });
    const pack60 = await coinPackage(db(), 60);
    await db().updateTable('coin_packages').set({ enabled: 0 }).where('id', '=', pack60.id).execute();
    expect(await init(buyer, { product_id: pack60.id })).toMatchObject({ code: ApiCode.PRODUCT_UNAVAILABLE });
    await db().updateTable('coin_packages').set({ enabled: 1 }).where('id', '=', pack60.id).execute();
    const unknown = await init(buyer, { method: 'alipay' });
    expect(unknown).toMatchObject({ code: ApiCode.PAYMENT_METHOD_UNAVAILABLE, data: null });
    expect(await init(buyer, { product_type: 'gold' })).toMatchObject({ code: ApiCode.PARAMS_INVALID });
    const orders = await db()
      .selectFrom('payment_orders')
      .select('id')
      .where('user_id', '=', buyer.userId)
      .execute();
    expect(orders).toEqual([]);
    expect(await ledgerEntries(db())).toBe(entries);
    expect(await walletOf(buyer.userId)).toEqual(wallet);
  });
});

describe('buying coins at the cashier', () => {
  it('creates an order, shows the cashier page, pays once however often Pay is pressed', async () => {
    const user = await newBuyer();
    const { order, pay_url } = await created(user);
    expect(order).toMatchObject({
      product_type: 'coins',
      product_id: pack300,
      title: '300 + 30 coins',
      amount_fen: 3000,
      currency: 'CNY',
      method: 'cashier',
      status: 'created',
      coins: 300,
      bonus: 30,
      vip_days: 0,
      paid_time: 0,
      fulfilled_time: 0,
      refunded_time: 0,
      reason: '',
    });
    expect(order.order_no).toMatch(/^D\d{8}[A-Z2-7]{12}$/);
    expect(order.expires_time - order.created_time).toBe(30 * 60);
    expect(pay_url).toMatch(/^\/cashier\/cp_[a-z2-7]{24}$/);

    const page = await h.ctx.app.inject({ method: 'GET', url: pay_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).toContain('¥30.00');
    expect(page.body).toContain('300 + 30 coins');
    expect(page.body).toContain(order.order_no);
    expect(page.body).toContain('No real money moves');
    expect(page.body).toContain('prefers-color-scheme:dark');
    expect(page.body).toContain('name="viewport"');

    const before = await ledgerEntries(db());
    const paid = await pressPay(h.ctx.app, pay_url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost:80/#/pages/user/vip/pay?order=${order.order_no}`);
    const row = await orderRow(db(), order.order_no);
    expect(row).toMatchObject({ status: 'fulfilled' });
    expect(row.paid_time).toBeGreaterThan(0);
    expect((await cashierRow(db(), order.order_no)).notified_time).toBeGreaterThan(0);
    expect(await walletOf(user.userId)).toMatchObject({ cion: 300, ticket: 30, total: 330 });

    // Pressing Pay again (back button, double tap) pays nothing more.
    expect((await pressPay(h.ctx.app, pay_url)).statusCode).toBe(303);
    expect(await ledgerEntries(db())).toBe(before + 1);
    expect(await walletOf(user.userId)).toMatchObject({ cion: 300, ticket: 30 });

    const saved = await save(user, order.order_no);
    expect(saved.data).toMatchObject({
      order: { status: 'fulfilled', order_no: order.order_no },
      wallet: { cion: 300, ticket: 30 },
    });
    expect(saved.data!.order.fulfilled_time).toBeGreaterThan(0);
    const after = await h.ctx.app.inject({ method: 'GET', url: pay_url });
    expect(after.body).toContain('Paid. Thank you!');
    expect(after.body).not.toContain('cashier-pay');
  });

  it('answers the same order to a repeated init and refuses the key for another product', async () => {
    const user = await newBuyer();
    const key = newKey('double-tap');
    const [first, second] = await Promise.all([
      init(user, { idempotency_key: key }),
      init(user, { idempotency_key: key }),
    ]);
    expect(first.code).toBe(1);
    expect(second.code).toBe(1);
    expect(second.data!.order.order_no).toBe(first.data!.order.order_no);
    expect(second.data!.pay_url).toBe(first.data!.pay_url);
    const again = await init(user, { idempotency_key: key });
    expect(again.data!.order.order_no).toBe(first.data!.order.order_no);
    const conflict = await init(user, { idempotency_key: key, product_id: (await coinPackage(db(), 60)).id });
    expect(conflict).toMatchObject({ code: ApiCode.IDEMPOTENCY_CONFLICT, data: null });
    const rows = await db()
      .selectFrom('payment_orders')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(
      await db()
        .selectFrom('cashier_payments')
        .select('id')
        .where('order_no', '=', first.data!.order.order_no)
        .execute(),
    ).toHaveLength(1);
  });

  it("answers ORDER_NOT_FOUND for another user's order and unknown orders, and changes nothing", async () => {
    const { order } = await created(buyer);
    const entries = await ledgerEntries(db());
    await new CashierRepository(db()).markPaid(
      (await cashierRow(db(), order.order_no)).payment_id,
      Math.floor(Date.now() / 1000),
    );
    for (const path of ['/v3/pay/save', '/v3/pay/cancel'])
      expect(await h.call(path, { order_no: order.order_no }, { session: other })).toMatchObject({
        code: ApiCode.ORDER_NOT_FOUND,
        data: null,
      });
    expect(await save(buyer, 'D20990101AAAAAAAAAAAA')).toMatchObject({ code: ApiCode.ORDER_NOT_FOUND });
    expect((await orderRow(db(), order.order_no)).status).toBe('created');
    expect(await ledgerEntries(db())).toBe(entries);
    const list = await h.call<{ list: Order[]; total: number }>('/v3/pay/orders', {}, { session: other });
    expect(list.data).toEqual({ list: [], total: 0 });
  });

  it('buys VIP time at the first-purchase price', async () => {
    const user = await newBuyer();
    const monthly = await vipPlan(db(), 'monthly');
    const { order, pay_url } = await created(user, { product_type: 'vip', product_id: monthly.id });
    expect(order).toMatchObject({ title: 'VIP · Monthly', amount_fen: 600, vip_days: 30, coins: 0 });
    await pressPay(h.ctx.app, pay_url);
    const wallet = await walletOf(user.userId);
    expect(wallet).toMatchObject({ vip: 1, vipday: 30 });
  });

  it('lists orders newest first, paged', async () => {
    const user = await newBuyer();
    const a = await created(user);
    const b = await created(user);
    const c = await created(user);
    const page1 = await h.call<{ list: Order[]; total: number }>(
      '/v3/pay/orders',
      { page: 1, limit: 2 },
      { session: user },
    );
    expect(page1.data!.total).toBe(3);
    expect(page1.data!.list.map((o) => o.order_no)).toEqual([c.order.order_no, b.order.order_no]);
    const page2 = await h.call<{ list: Order[]; total: number }>(
      '/v3/pay/orders',
      { page: 2, limit: 2 },
      { session: user },
    );
    expect(page2.data!.list.map((o) => o.order_no)).toEqual([a.order.order_no]);
  });
});

describe('the cashier notification', () => {
  it('refuses forged and stale signatures (401) and changes nothing; save then finds the payment', async () => {
    const user = await newBuyer();
    const { order, pay_url } = await created(user);
    const payments = new CashierRepository(db());
    await payments.markPaid(paymentIdOf(pay_url), Math.floor(Date.now() / 1000));
    const payment = await cashierRow(db(), order.order_no);
    const entries = await ledgerEntries(db());

    const forged = await postNotify(h.ctx.app, cashierNotice(payment, 'not-the-secret-at-all'));
    expect(forged.statusCode).toBe(401);
    const stale = await postNotify(
      h.ctx.app,
      cashierNotice(payment, secret, Math.floor(Date.now() / 1000) - 600),
    );
    expect(stale.statusCode).toBe(401);
    const tampered = cashierNotice(payment, secret);
    const swapped = await postNotify(h.ctx.app, { ...tampered, body: tampered.body.replace('3000', '1') });
    expect(swapped.statusCode).toBe(401);
    const unsigned = await h.ctx.app.inject({
      method: 'POST',
      url: '/pay/notify/cashier',
      headers: { 'content-type': 'application/json' },
      payload: tampered.body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await orderRow(db(), order.order_no)).status).toBe('created');
    expect(await ledgerEntries(db())).toBe(entries);
    expect(
      await db()
        .selectFrom('payment_events')
        .select('id')
        .where('order_id', '=', (await orderRow(db(), order.order_no)).id)
        .execute(),
    ).toEqual([]);

    // The notification was lost for good: the status query finds the payment.
    const saved = await save(user, order.order_no);
    expect(saved.data!.order.status).toBe('fulfilled');
    expect(saved.data!.wallet).toMatchObject({ cion: 300, ticket: 30 });
    // A notification after save fulfilled the order changes nothing.
    expect((await postNotify(h.ctx.app, cashierNotice(payment, secret))).statusCode).toBe(200);
    expect(await ledgerEntries(db())).toBe(entries + 1);
  });

  it('recognises a replayed notification (same event id) and fulfils once', async () => {
    const user = await newBuyer();
    const { order, pay_url } = await created(user);
    await new CashierRepository(db()).markPaid(paymentIdOf(pay_url), Math.floor(Date.now() / 1000));
    const notice = cashierNotice(await cashierRow(db(), order.order_no), secret);
    const entries = await ledgerEntries(db());
    expect((await postNotify(h.ctx.app, notice)).statusCode).toBe(200);
    expect((await postNotify(h.ctx.app, notice)).statusCode).toBe(200);
    const row = await orderRow(db(), order.order_no);
    expect(row.status).toBe('fulfilled');
    expect(await ledgerEntries(db())).toBe(entries + 1);
    const events = await db()
      .selectFrom('payment_events')
      .selectAll()
      .where('order_id', '=', row.id)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ provider: 'cashier', type: 'payment.paid' });
  });

  it('refuses a notice whose amount differs from the order (400) and changes nothing', async () => {
    const user = await newBuyer();
    const { order, pay_url } = await created(user);
    await new CashierRepository(db()).markPaid(paymentIdOf(pay_url), Math.floor(Date.now() / 1000));
    const payment = await cashierRow(db(), order.order_no);
    const entries = await ledgerEntries(db());
    const answer = await postNotify(h.ctx.app, cashierNotice({ ...payment, amount_fen: 1 }, secret));
    expect(answer.statusCode).toBe(400);
    expect((await orderRow(db(), order.order_no)).status).toBe('created');
    expect(await ledgerEntries(db())).toBe(entries);
  });

  it('fulfils once when 20 saves and notifications race for one order', async () => {
    const user = await newBuyer();
    const { order, pay_url } = await created(user);
    await new CashierRepository(db()).markPaid(paymentIdOf(pay_url), Math.floor(Date.now() / 1000));
    const notice = cashierNotice(await cashierRow(db(), order.order_no), secret);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? save(user, order.order_no).then((r) => r.code)
          : postNotify(h.ctx.app, notice).then((r) => (r.statusCode === 200 ? 1 : r.statusCode)),
      ),
    );
    expect(results.every((code) => code === 1)).toBe(true);
    const row = await orderRow(db(), order.order_no);
    expect(row.status).toBe('fulfilled');
    expect(await ledgerEntries(db(), row.id)).toBe(1);
    expect(await walletOf(user.userId)).toMatchObject({ cion: 300, ticket: 30 });
  });
});

describe('cancel and expiry', () => {
  it('cancels a created order, after which the cashier refuses to pay; paid orders refuse to cancel', async () => {
    const user = await newBuyer();
    const { order, pay_url } = await created(user);
    const cancelled = await h.call<{ order: Order }>(
      '/v3/pay/cancel',
      { order_no: order.order_no },
      { session: user },
    );
    expect(cancelled.data!.order).toMatchObject({ status: 'cancelled', reason: 'Cancelled' });
    expect((await cashierRow(db(), order.order_no)).status).toBe('cancelled');
    const again = await h.call<{ order: Order }>(
      '/v3/pay/cancel',
      { order_no: order.order_no },
      { session: user },
    );
    expect(again.data!.order.status).toBe('cancelled');
    const press = await pressPay(h.ctx.app, pay_url);
    expect(press.headers.location).toBe(pay_url);
    expect((await cashierRow(db(), order.order_no)).status).toBe('cancelled');
    expect((await h.ctx.app.inject({ method: 'GET', url: pay_url })).body).toContain(
      'This payment was cancelled.',
    );

    const paid = await created(user);
    await pressPay(h.ctx.app, paid.pay_url);
    const entries = await ledgerEntries(db());
    const refused = await h.call('/v3/pay/cancel', { order_no: paid.order.order_no }, { session: user });
    expect(refused).toMatchObject({ code: ApiCode.ORDER_STATE, data: null });
    expect((await orderRow(db(), paid.order.order_no)).status).toBe('fulfilled');
    expect(await ledgerEntries(db())).toBe(entries);
  });

  it('cancelling an order paid at the cashier meanwhile fulfils it and answers ORDER_STATE', async () => {
    const user = await newBuyer();
    const { order, pay_url } = await created(user);
    await new CashierRepository(db()).markPaid(paymentIdOf(pay_url), Math.floor(Date.now() / 1000));
    const refused = await h.call('/v3/pay/cancel', { order_no: order.order_no }, { session: user });
    expect(refused.code).toBe(ApiCode.ORDER_STATE);
    expect((await orderRow(db(), order.order_no)).status).toBe('fulfilled');
  });

  it('the Cancel button at the cashier fails the order (save finds out)', async () => {
    const user = await newBuyer();
    const { order, pay_url } = await created(user);
    const back = await h.ctx.app.inject({ method: 'POST', url: `${pay_url}/cancel`, payload: '' });
    expect(back.statusCode).toBe(303);
    const saved = await save(user, order.order_no);
    expect(saved.data!.order).toMatchObject({ status: 'failed' });
    expect(saved.data!.order.reason).toMatch(/Not paid/);
  });

  it('expires unpaid orders past their time; a late cashier notice is refused', async () => {
    const user = await newBuyer();
    const { order, pay_url } = await created(user);
    const orderId = (await orderRow(db(), order.order_no)).id;
    const entries = await ledgerEntries(db(), orderId);
    const report = await services().payments.reconciler.runOnce(order.expires_time + 1);
    expect(report!.expired).toBeGreaterThanOrEqual(1);
    expect(await orderRow(db(), order.order_no)).toMatchObject({
      status: 'expired',
      reason: 'Not paid in time',
    });
    expect((await cashierRow(db(), order.order_no)).status).toBe('cancelled');
    expect(await ledgerEntries(db(), orderId)).toBe(entries);
    expect((await h.call('/v3/pay/cancel', { order_no: order.order_no }, { session: user })).code).toBe(
      ApiCode.ORDER_STATE,
    );

    // The demo cashier moves no money: a late notice never fulfils an expired order (Stripe's does).
    const payment = await cashierRow(db(), order.order_no);
    expect(payment.payment_id).toBe(paymentIdOf(pay_url));
    const late = await postNotify(h.ctx.app, cashierNotice(payment, secret));
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('order is expired');
    expect((await orderRow(db(), order.order_no)).status).toBe('expired');
    expect(await ledgerEntries(db(), orderId)).toBe(entries);
  });

  it('the reconciler fulfils paid orders and created ones whose notification was lost', async () => {
    const user = await newBuyer();
    const lost = await created(user);
    await new CashierRepository(db()).markPaid(paymentIdOf(lost.pay_url), Math.floor(Date.now() / 1000));
    const crashed = await created(user);
    await db()
      .updateTable('payment_orders')
      .set({ status: 'paid' })
      .where('order_no', '=', crashed.order.order_no)
      .execute();
    const young = await created(user);

    await services().payments.reconciler.runOnce(Math.floor(Date.now() / 1000) + 61);
    expect((await orderRow(db(), lost.order.order_no)).status).toBe('fulfilled');
    expect((await orderRow(db(), crashed.order.order_no)).status).toBe('fulfilled');
    expect((await orderRow(db(), young.order.order_no)).status).toBe('created');
    expect(await walletOf(user.userId)).toMatchObject({ cion: 600, ticket: 60 });
    // Running again changes nothing.
    const entries = await ledgerEntries(db());
    await services().payments.reconciler.runOnce(Math.floor(Date.now() / 1000) + 61);
    expect(await ledgerEntries(db())).toBe(entries);
  });
});

describe('refunds', () => {
  it('refunds coins partly spent: the rest is taken back, spent coins stay spent, once', async () => {
    const user = await newBuyer();
    const { order, pay_url } = await created(user);
    await pressPay(h.ctx.app, pay_url);
    // 100 coins spent on chapters: the 30 bonus coins first, then 70 paid ones.
    await services().ledger.transaction((tx) =>
      services().wallet.spendCoins(tx, user.userId, 100, {
        key: `test:spend:${user.userId}`,
        title: 'Chapters',
      }),
    );
    expect(await walletOf(user.userId)).toMatchObject({ cion: 230, ticket: 0 });

    const orders = services().payments.orders;
    const refunded = await orders.refund(order.order_no, 'Customer asked');
    expect(refunded.keptCoins).toBe(100);
    expect(refunded.order).toMatchObject({ status: 'refunded', reason: 'Customer asked' });
    expect(refunded.order.refunded_time).toBeGreaterThan(0);
    expect(await walletOf(user.userId)).toMatchObject({ cion: 0, ticket: 0 });
    expect((await cashierRow(db(), order.order_no)).status).toBe('refunded');
    const entries = await ledgerEntries(db());
    const refundEntry = await db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where('entry_key', '=', `order:${refunded.order.id}:refund`)
      .executeTakeFirstOrThrow();
    expect(refundEntry.title).toContain('100 coins were already spent');

    const again = await orders.refund(order.order_no, 'Again');
    expect(again.order.status).toBe('refunded');
    expect(await ledgerEntries(db())).toBe(entries);
    // A late notification for a refunded order is refused and changes nothing.
    expect(
      (await postNotify(h.ctx.app, cashierNotice(await cashierRow(db(), order.order_no), secret))).statusCode,
    ).toBe(409);
    expect((await orderRow(db(), order.order_no)).status).toBe('refunded');
    expect(await ledgerEntries(db())).toBe(entries);
  });

  it('refuses to refund an order that was not fulfilled, or an unknown one', async () => {
    const user = await newBuyer();
    const { order } = await created(user);
    const entries = await ledgerEntries(db());
    await expect(services().payments.orders.refund(order.order_no, 'x')).rejects.toMatchObject({
      code: ApiCode.ORDER_STATE,
    });
    await expect(services().payments.orders.refund('D20990101ZZZZZZZZZZZZ', 'x')).rejects.toMatchObject({
      code: ApiCode.ORDER_NOT_FOUND,
    });
    expect(await ledgerEntries(db())).toBe(entries);
  });

  it('refunds VIP time', async () => {
    const user = await newBuyer();
    const plan = await vipPlan(db(), 'quarterly');
    const { order, pay_url } = await created(user, { product_type: 'vip', product_id: plan.id });
    await pressPay(h.ctx.app, pay_url);
    expect(await walletOf(user.userId)).toMatchObject({ vip: 1, vipday: 90 });
    await services().payments.orders.refund(order.order_no, 'Chargeback');
    expect(await walletOf(user.userId)).toMatchObject({ vip: 0, vipday: 0 });
  });
});

describe('payment methods', () => {
  it('offers the demo cashier in CNY by default', () => {
    expect(services().payments.methods()).toEqual([{ id: 'cashier', name: 'Demo cashier' }]);
    expect(services().payments.currency).toBe('CNY');
  });

  it('answers 404 for an unknown cashier payment and the Stripe webhook when Stripe is off', async () => {
    expect((await h.ctx.app.inject({ method: 'GET', url: '/cashier/cp_nope' })).statusCode).toBe(404);
    const webhook = await h.ctx.app.inject({
      method: 'POST',
      url: '/pay/webhook/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(404);
  });
});
