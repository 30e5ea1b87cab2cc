/**
 * Order and expense titles, and the demo cashier's page, in the reader's language: the app sends
 * its language (Accept-Language for calls, `?lang=` for the cashier page); rows written before
 * titles had keys keep their stored English title.
 */
import type { ExpenseItem, Order } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsHarness, uniqueEmail, type AccountsHarness } from '../../testing/accounts.js';
import type { TestSession } from '../../testing/test-client.js';
import { coinPackage, newKey, orderRow, pressPay, vipPlan, type InitAnswer } from '../../testing/payments.js';

let h: AccountsHarness;
let pack300: number;

const services = () => h.ctx.app.services.money;
const db = () => h.ctx.db;

async function buy(session: TestSession, payload: Record<string, unknown> = {}): Promise<InitAnswer> {
  const answer = await h.call<InitAnswer>(
    '/v3/pay/init',
    { product_type: 'coins', product_id: pack300, method: 'cashier', idempotency_key: newKey(), ...payload },
    { session, language: 'zh-CN' },
  );
  expect(answer.code, answer.msg).toBe(1);
  await pressPay(h.ctx.app, answer.data!.pay_url);
  return answer.data!;
}

async function orderTitles(session: TestSession, language: string): Promise<string[]> {
  const answer = await h.call<{ list: Order[] }>('/v3/pay/orders', {}, { session, language });
  return answer.data!.list.map((order) => order.title);
}

async function expenseTitles(session: TestSession, language: string): Promise<Record<string, string>> {
  const answer = await h.call<{ list: ExpenseItem[] }>('/v3/pay/expenses', {}, { session, language });
  return Object.fromEntries(answer.data!.list.map((item) => [item.kind, item.title]));
}

beforeAll(async () => {
  h = await buildAccountsHarness();
  pack300 = (await coinPackage(db(), 300)).id;
});
afterAll(async () => h.close());

describe('money titles in the reader’s language', () => {
  it('shows a refund of a partly spent coin pack in Chinese and in English', async () => {
    const user = await h.registerByEmail(uniqueEmail('texts'), 'password 1');
    const { order } = await buy(user);
    await services().ledger.transaction((tx) =>
      services().wallet.spendCoins(tx, user.userId, 100, {
        key: `test:spend:${user.userId}`,
        title: 'Chapters',
      }),
    );
    await services().payments.orders.refund(order.order_no, 'Customer asked');

    expect(await orderTitles(user, 'zh-CN')).toEqual(['300 + 30 金币']);
    expect(await orderTitles(user, 'en')).toEqual(['300 + 30 coins']);
    expect(await expenseTitles(user, 'zh-CN,zh;q=0.9')).toMatchObject({
      refund: '退款：300 + 30 金币（已有 100 金币被使用）',
      topup: '300 + 30 金币',
    });
    expect(await expenseTitles(user, 'en')).toMatchObject({
      refund: 'Refund: 300 + 30 coins (100 coins were already spent)',
      topup: '300 + 30 coins',
    });
  });

  it('shows a VIP order with the plan’s name as the operator typed it and the rest translated', async () => {
    const user = await h.registerByEmail(uniqueEmail('texts'), 'password 1');
    const plan = await vipPlan(db(), 'monthly');
    await buy(user, { product_type: 'vip', product_id: plan.id });

    expect(await orderTitles(user, 'zh-CN')).toEqual([`VIP 会员 · ${plan.name}`]);
    expect(await orderTitles(user, 'en')).toEqual([`VIP · ${plan.name}`]);
    expect((await expenseTitles(user, 'zh-CN')).vip_purchase).toBe(`VIP 会员 · ${plan.name}`);
    expect((await expenseTitles(user, 'fr')).vip_purchase).toBe(`VIP · ${plan.name}`);
  });

  it('keeps the stored title of a row written before titles had keys', async () => {
    const user = await h.registerByEmail(uniqueEmail('texts'), 'password 1');
    const { order } = await buy(user);
    await db()
      .updateTable('payment_orders')
      .set({ title: 'Old pack', title_key: '', params: '{}' })
      .where('order_no', '=', order.order_no)
      .execute();
    expect(await orderTitles(user, 'zh-CN')).toEqual(['Old pack']);
    // The console reads the stored English rendering.
    expect((await orderRow(db(), order.order_no)).title).toBe('Old pack');
  });
});

describe('the demo cashier page', () => {
  async function pendingPayUrl(): Promise<string> {
    const user = await h.registerByEmail(uniqueEmail('cashier'), 'password 1');
    const answer = await h.call<InitAnswer>(
      '/v3/pay/init',
      { product_type: 'coins', product_id: pack300, method: 'cashier', idempotency_key: newKey() },
      { session: user },
    );
    return answer.data!.pay_url;
  }

  it('speaks the language the app passes, and keeps it through its form', async () => {
    const payUrl = await pendingPayUrl();
    const page = await h.ctx.app.inject({
      method: 'GET',
      url: `${payUrl}?lang=zh-CN`,
      headers: { 'accept-language': 'en' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="zh-CN">');
    expect(page.body).toContain('<h1>演示收银台</h1>');
    expect(page.body).toContain('300 + 30 金币');
    expect(page.body).toMatch(/data-testid="cashier-pay">支付 ¥\d+\.\d{2}</);
    expect(page.body).toContain('>取消<');
    expect(page.body).toContain(`action="${payUrl}/pay?lang=zh-CN"`);
    expect(page.body).not.toContain('Demo cashier');

    // Once it can no longer be paid, Pay leads back to the page in the same language.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await h.ctx.app.inject({
      method: 'POST',
      url: `${payUrl}/cancel?lang=zh-CN`,
      headers: form,
      payload: '',
    });
    const press = await h.ctx.app.inject({
      method: 'POST',
      url: `${payUrl}/pay?lang=zh-CN`,
      headers: form,
      payload: '',
    });
    expect(press.headers.location).toBe(`${payUrl}?lang=zh-CN`);
    const cancelled = await h.ctx.app.inject({ method: 'GET', url: `${payUrl}?lang=zh-CN` });
    expect(cancelled.body).toContain('这笔支付已取消。');
  });

  it('falls back to the browser’s language, then to English', async () => {
    const payUrl = await pendingPayUrl();
    const tw = await h.ctx.app.inject({
      method: 'GET',
      url: payUrl,
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(tw.body).toContain('<h1>示範收銀台</h1>');
    const plain = await h.ctx.app.inject({ method: 'GET', url: `${payUrl}?lang=xx` });
    expect(plain.body).toContain('<h1>Demo cashier</h1>');
    expect(plain.body).toContain('300 + 30 coins');
    const missing = await h.ctx.app.inject({ method: 'GET', url: '/cashier/cp_nope?lang=es' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Este pago no existe.');
  });
});
