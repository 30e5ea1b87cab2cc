/**
 * The console's Money section seen from the app, the ledger and the audit log: a top-up paid at
 * the cashier is listed and refunded once (two concurrent refunds with different keys: exactly one
 * succeeds), the buyer's wallet shows it, the ledger reconciles, VIP refunds shorten VIP time;
 * revenue reports add up to the ledger's cash legs; VIP plan, coin package and chapter price edits
 * reach the app's products page and unlock prices; bad input changes nothing.
 */
import type { Wallet } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsHarness, uniqueEmail, type AccountsHarness } from '../testing/accounts.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import { ledgerViolations, topUp } from '../testing/money-factory.js';
import { moneyTitle } from '../services/money-texts.js';
import { coinPackage, newKey, pressPay, vipPlan, type InitAnswer } from '../testing/payments.js';
import type { TestSession } from '../testing/test-client.js';
import { SYSTEM_ACCOUNTS } from '../services/ledger-accounts.js';

let h: AccountsHarness;
let admin: OperatorSession;
let viewer: OperatorSession;
let buyer: TestSession;

const walletOf = (userId: number): Promise<Wallet> => h.ctx.app.services.money.wallet.wallet(userId);
const auditRows = (action: string, targetId: number | string) =>
  h.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .execute();

/** Buys a product at the built-in cashier as the app does: init, press Pay, save. */
async function buy(session: TestSession, productType: 'coins' | 'vip', productId: number) {
  const init = await h.call<InitAnswer>(
    '/v3/pay/init',
    { product_type: productType, product_id: productId, method: 'cashier', idempotency_key: newKey() },
    { session },
  );
  expect(init.code, init.msg).toBe(1);
  expect((await pressPay(h.ctx.app, init.data!.pay_url)).statusCode).toBeLessThan(400);
  const saved = await h.call<{ order: { status: string } }>(
    '/v3/pay/save',
    { order_no: init.data!.order.order_no },
    { session },
  );
  expect(saved.data!.order.status).toBe('fulfilled');
  const row = await h.ctx.db
    .selectFrom('payment_orders')
    .selectAll()
    .where('order_no', '=', init.data!.order.order_no)
    .executeTakeFirstOrThrow();
  return row;
}

const refund = (id: number, key: string, session = admin, reason = 'Customer asked') =>
  adminRequest<{ keptCoins: number; created: boolean; amountFen: number; code?: number }>(
    h.ctx.app,
    'POST',
    `/money/orders/${id}/refund`,
    { session, body: { reason, idempotencyKey: key } },
  );

beforeAll(async () => {
  h = await buildAccountsHarness();
  admin = await signedIn(h.ctx.app, 'admin');
  viewer = await signedIn(h.ctx.app, 'viewer');
  buyer = await h.registerByEmail(uniqueEmail('money-console'), 'password 1');
});
afterAll(async () => h.close());

describe('orders and refunds', () => {
  it('lists and filters orders and shows an order with its ledger entries', async () => {
    const pack = await coinPackage(h.ctx.db, 300);
    const order = await buy(buyer, 'coins', pack.id);
    const list = await adminRequest<{ data: { id: number; kind: string; status: string }[]; total: number }>(
      h.ctx.app,
      'GET',
      `/money/orders?userId=${buyer.userId}&kind=coins&status=fulfilled&provider=cashier`,
      { session: viewer },
    );
    expect(list.body.data.map((o) => o.id)).toContain(order.id);
    const none = await adminRequest<{ total: number }>(
      h.ctx.app,
      'GET',
      `/money/orders?userId=${buyer.userId}&kind=vip`,
      { session: viewer },
    );
    expect(none.body.total).toBe(0);
    const future = Math.floor(Date.now() / 1000) + 3600;
    const later = await adminRequest<{ total: number }>(
      h.ctx.app,
      'GET',
      `/money/orders?userId=${buyer.userId}&from=${future}`,
      { session: viewer },
    );
    expect(later.body.total).toBe(0);
    const detail = await adminRequest<{ data: { orderNo: string; entries: { kind: string }[] } }>(
      h.ctx.app,
      'GET',
      `/money/orders/${order.id}`,
      { session: viewer },
    );
    expect(detail.body.data.orderNo).toBe(order.order_no);
    expect(detail.body.data.entries.map((e) => e.kind)).toEqual(['topup']);
  });

  it('refunds once under concurrency: two keys at once, exactly one succeeds; the app wallet shows it', async () => {
    const pack = await coinPackage(h.ctx.db, 980);
    const before = await walletOf(buyer.userId);
    const order = await buy(buyer, 'coins', pack.id);
    expect((await walletOf(buyer.userId)).total).toBe(before.total + pack.coins + pack.bonus);

    const [a, b] = await Promise.all([
      refund(order.id, newKey('refund-a')),
      refund(order.id, newKey('refund-b')),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = a.status === 200 ? a : b;
    expect(won.body).toMatchObject({ keptCoins: 0, created: true, amountFen: pack.price_fen });

    const app = await h.call<{ wallet: Wallet }>('/v3/pay/products', {}, { session: buyer });
    expect(app.data!.wallet.total).toBe(before.total);
    const row = await h.ctx.db
      .selectFrom('payment_orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('refunded');
    const refunds = await h.ctx.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'refund')
      .execute();
    expect(refunds).toHaveLength(1);
    expect(await auditRows('order.refund', order.id)).toHaveLength(1);
    expect(await ledgerViolations(h.ctx.db, { spendsAreUnlocks: false })).toEqual([]);
  });

  it('answers a repeated key with the first refund and refuses a reused key with another request', async () => {
    const pack = await coinPackage(h.ctx.db, 60);
    const order = await buy(buyer, 'coins', pack.id);
    const key = newKey('refund-same');
    const first = await refund(order.id, key);
    expect(first.status).toBe(200);
    const again = await refund(order.id, key);
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    const other = await refund(order.id, key, admin, 'A different reason');
    expect(other.status).toBe(409);
    expect(await auditRows('order.refund', order.id)).toHaveLength(1);
    // The buyer is told once, in their language (a key the app renders, with what came back).
    const messages = await h.call<{
      list: { title_key: string; params: Record<string, unknown>; content: string }[];
    }>('/v3/message/read', { type: 1, page: 1, limit: 50 }, { session: buyer });
    const orderNo = (
      await h.ctx.db
        .selectFrom('payment_orders')
        .select('order_no')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
    ).order_no;
    const told = messages.data!.list.filter((m) => m.title_key === 'refund' && m.params['order'] === orderNo);
    expect(told).toEqual([
      expect.objectContaining({
        content: 'Customer asked',
        params: expect.objectContaining({
          amount: (pack.price_fen / 100).toFixed(2),
          coins: pack.coins + pack.bonus,
        }),
      }),
    ]);
  });

  it('refunds a VIP order by shortening VIP time; refuses a viewer and an unpaid order', async () => {
    const monthly = await vipPlan(h.ctx.db, 'quarterly');
    const vipBuyer = await h.registerByEmail(uniqueEmail('vip-console'), 'password 1');
    const order = await buy(vipBuyer, 'vip', monthly.id);
    expect((await walletOf(vipBuyer.userId)).vip).toBe(1);
    expect((await refund(order.id, newKey(), viewer)).status).toBe(403);
    expect((await refund(order.id, newKey())).status).toBe(200);
    const wallet = await walletOf(vipBuyer.userId);
    expect(wallet.vip).toBe(0);

    const pack = await coinPackage(h.ctx.db, 60);
    const init = await h.call<InitAnswer>(
      '/v3/pay/init',
      { product_type: 'coins', product_id: pack.id, method: 'cashier', idempotency_key: newKey() },
      { session: vipBuyer },
    );
    expect(init.code, init.msg).toBe(1);
    const unpaid = await h.ctx.db
      .selectFrom('payment_orders')
      .select('id')
      .where('order_no', '=', init.data!.order.order_no)
      .executeTakeFirstOrThrow();
    expect((await refund(unpaid.id, newKey())).status).toBe(409);
    expect((await refund(999_999, newKey())).status).toBe(404);
    expect(await ledgerViolations(h.ctx.db, { spendsAreUnlocks: false })).toEqual([]);
  });

  it('keeps coins already spent and says how many (a partial clawback)', async () => {
    const spender = await h.registerByEmail(uniqueEmail('spender'), 'password 1');
    const pack = await coinPackage(h.ctx.db, 60);
    const order = await buy(spender, 'coins', pack.id);
    await h.ctx.app.services.money.ledger.transaction((tx) =>
      h.ctx.app.services.money.wallet.spendCoins(tx, spender.userId, 25, {
        key: `test-spend:${spender.userId}`,
        title: 'Test chapter',
      }),
    );
    const res = await refund(order.id, newKey());
    expect(res.status).toBe(200);
    expect(res.body.keptCoins).toBe(25);
    expect((await walletOf(spender.userId)).total).toBe(0);
    expect(await ledgerViolations(h.ctx.db, { spendsAreUnlocks: false })).toEqual([]);
  });
});

describe('titles in the console’s language', () => {
  it('orders and ledger entries read in the language the console asks for, as the app writes them', async () => {
    const reader = await h.registerByEmail(uniqueEmail('money-titles'), 'password 1');
    const pack = await coinPackage(h.ctx.db, 300);
    const order = await buy(reader, 'coins', pack.id);
    expect((await refund(order.id, newKey())).status).toBe(200);
    const { money } = h.ctx.app.services;
    await topUp(h.ctx.db, money, reader.userId, { coins: 30 });
    await money.ledger.transaction((tx) =>
      money.wallet.buyAiCredits(tx, reader.userId, 30, 10, {
        key: `test:ai:buy:${reader.userId}`,
        ...moneyTitle('aiCredits', { credits: 10 }),
      }),
    );
    const inConsole = async <T>(url: string, language: string) =>
      (
        await adminRequest<{ data: T }>(h.ctx.app, 'GET', url, {
          session: viewer,
          headers: { 'accept-language': language },
        })
      ).body.data;
    type Titled = { title: string; kind: string };

    // What the app shows the reader in Chinese, the console shows an operator reading Chinese.
    const appOrders = await h.call<{ list: { order_no: string; title: string }[] }>(
      '/v3/pay/orders',
      { page: 1, limit: 20 },
      { session: reader, language: 'zh-CN' },
    );
    const zhOrderTitle = appOrders.data!.list.find((o) => o.order_no === order.order_no)!.title;
    expect(zhOrderTitle).toContain('金币');
    const zh = await inConsole<Titled & { entries: Titled[] }>(`/money/orders/${order.id}`, 'zh-CN');
    expect(zh.title).toBe(zhOrderTitle);
    expect(zh.entries.map((e) => e.title)).toEqual([zhOrderTitle, `退款：${zhOrderTitle}`]);
    expect(zh).not.toHaveProperty('title_key');
    const en = await inConsole<Titled & { entries: Titled[] }>(`/money/orders/${order.id}`, 'en');
    expect(en.title).toMatch(/coins/);
    expect(en.entries.map((e) => e.title)).toEqual([en.title, `Refund: ${en.title}`]);
    const list = await inConsole<Titled[]>(`/money/orders?userId=${reader.userId}`, 'zh-CN');
    expect(list.find((o) => o.title === zhOrderTitle)).toBeTruthy();

    // The user's page: orders and ledger entries, the AI credits among them.
    const orders = await inConsole<Titled[]>(`/users/${reader.userId}/orders`, 'zh-CN');
    expect(orders.map((o) => o.title)).toContain(zhOrderTitle);
    const ledger = await inConsole<Titled[]>(`/users/${reader.userId}/ledger`, 'zh-CN');
    expect(ledger.map((e) => e.title)).toEqual(
      expect.arrayContaining(['AI 次数 ×10', zhOrderTitle, `退款：${zhOrderTitle}`]),
    );
    const ledgerEn = await inConsole<Titled[]>(`/users/${reader.userId}/ledger`, 'en');
    expect(ledgerEn.map((e) => e.title)).toContain('AI credits ×10');
  });
});

describe('revenue', () => {
  it('adds up to the ledger’s cash_gateway legs for the period, by day, week and month', async () => {
    const from = Math.floor(Date.now() / 1000) - 86_400 * 40;
    const to = Math.floor(Date.now() / 1000) + 60;
    const ledger = await h.ctx.db
      .selectFrom('ledger_legs as l')
      .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
      .innerJoin('ledger_entries as e', 'e.id', 'l.entry_id')
      .select((eb) => eb.fn.sum<string>('l.amount').as('sum'))
      .where('a.user_id', '=', 0)
      .where('a.kind', '=', SYSTEM_ACCOUNTS.CASH_GATEWAY)
      .where('e.created_time', '>=', from)
      .where('e.created_time', '<', to)
      .executeTakeFirstOrThrow();
    const sales = await h.ctx.db
      .selectFrom('payment_orders')
      .select((eb) => eb.fn.sum<string>('amount_fen').as('sum'))
      .where('status', 'in', ['fulfilled', 'refunded'])
      .executeTakeFirstOrThrow();
    expect(Number(sales.sum)).toBeGreaterThan(0);
    for (const period of ['day', 'week', 'month']) {
      const report = await adminRequest<{
        data: {
          bucket: string;
          kind: string;
          provider: string;
          grossFen: number;
          refundsFen: number;
          netFen: number;
        }[];
        totals: { grossFen: number; refundsFen: number; netFen: number };
      }>(h.ctx.app, 'GET', `/money/revenue?period=${period}&from=${from}&to=${to}`, { session: viewer });
      expect(report.status).toBe(200);
      const net = report.body.data.reduce((sum, row) => sum + row.netFen, 0);
      expect(net).toBe(Number(ledger.sum));
      expect(report.body.totals.netFen).toBe(Number(ledger.sum));
      expect(report.body.totals.grossFen).toBe(Number(sales.sum));
      expect(report.body.data.some((row) => row.kind === 'vip' && row.refundsFen > 0)).toBe(true);
    }
    const bad = await adminRequest(h.ctx.app, 'GET', `/money/revenue?period=year&from=0&to=1`, {
      session: viewer,
    });
    expect(bad.status).toBe(400);
  });
});

describe('products and prices', () => {
  it('a VIP plan price edit shows on the app’s VIP page; a bad edit is refused and changes nothing', async () => {
    const yearly = await vipPlan(h.ctx.db, 'yearly');
    const edited = await adminRequest(h.ctx.app, 'PUT', `/money/vip-plans/${yearly.id}`, {
      session: admin,
      body: { price_fen: 19900 },
    });
    expect(edited.status).toBe(200);
    const reader = await h.client.initGuest();
    const products = async () =>
      (
        await h.call<{
          vip_plans: { id: number; price_fen: number }[];
          coin_packages: { id: number; coins: number }[];
        }>('/v3/pay/products', {}, { session: reader })
      ).data!;
    expect((await products()).vip_plans.find((p) => p.id === yearly.id)!.price_fen).toBe(19900);
    const bad = await adminRequest(h.ctx.app, 'PUT', `/money/vip-plans/${yearly.id}`, {
      session: admin,
      body: { first_price_fen: 30000 },
    });
    expect(bad.status).toBe(400);
    const negative = await adminRequest(h.ctx.app, 'PUT', `/money/vip-plans/${yearly.id}`, {
      session: admin,
      body: { price_fen: -5 },
    });
    expect(negative.status).toBe(400);
    const fraction = await adminRequest(h.ctx.app, 'PUT', `/money/vip-plans/${yearly.id}`, {
      session: admin,
      body: { price_fen: 99.5 },
    });
    expect(fraction.status).toBe(400);
    expect((await vipPlan(h.ctx.db, 'yearly')).price_fen).toBe(19900);
    expect(await auditRows('vip_plan.update', yearly.id)).toHaveLength(1);
    expect(
      (
        await adminRequest(h.ctx.app, 'PUT', `/money/vip-plans/${yearly.id}`, {
          session: viewer,
          body: { price_fen: 1 },
        })
      ).status,
    ).toBe(403);

    const created = await adminRequest<{ data: { id: number } }>(h.ctx.app, 'POST', '/money/coin-packages', {
      session: admin,
      body: { coins: 5000, bonus: 800, bonus_days: 60, price_fen: 50000, badge: 'new', sort: 9, enabled: 1 },
    });
    expect(created.status).toBe(200);
    expect((await products()).coin_packages.map((p) => p.coins)).toContain(5000);
    await adminRequest(h.ctx.app, 'PUT', `/money/coin-packages/${created.body.data.id}`, {
      session: admin,
      body: { enabled: 0 },
    });
    expect((await products()).coin_packages.map((p) => p.coins)).not.toContain(5000);
    const list = await adminRequest<{ data: { id: number; enabled: number }[] }>(
      h.ctx.app,
      'GET',
      '/money/coin-packages',
      { session: viewer },
    );
    expect(list.body.data.find((p) => p.id === created.body.data.id)!.enabled).toBe(0);
  });

  it('chapter price defaults reach the unlock rules at once', async () => {
    const res = await adminRequest(h.ctx.app, 'PUT', '/money/chapter-prices', {
      session: admin,
      body: { '0': 12, '1': 6, '2': 25 },
    });
    expect(res.status).toBe(200);
    expect((await h.ctx.app.services.money.settings.rules()).chapterPrice).toEqual({
      '0': 12,
      '1': 6,
      '2': 25,
    });
    const bad = await adminRequest(h.ctx.app, 'PUT', '/money/chapter-prices', {
      session: admin,
      body: { '0': -1, '1': 6, '2': 25 },
    });
    expect(bad.status).toBe(400);
    const read = await adminRequest<{ data: Record<string, number> }>(
      h.ctx.app,
      'GET',
      '/money/chapter-prices',
      { session: viewer },
    );
    expect(read.body.data).toEqual({ '0': 12, '1': 6, '2': 25 });
    expect(await auditRows('money.chapter_price', 'money.chapter_price')).toHaveLength(1);
  });
});
