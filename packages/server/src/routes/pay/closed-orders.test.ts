/**
 * Orders follow the money, and the first-purchase price is taken once. The demo cashier moves no
 * money: its notification never completes a cancelled, expired or refunded order, nor another
 * user's (it must match the order, payment and amount it was signed for). Five, and fifty
 * concurrent, VIP orders made before paying the first: exactly one carries the first-purchase price.
 */
import type { Wallet } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsHarness, uniqueEmail, type AccountsHarness } from '../../testing/accounts.js';
import type { TestSession } from '../../testing/test-client.js';
import {
  cashierNotice,
  cashierRow,
  coinPackage,
  ledgerEntries,
  newKey,
  orderRow,
  postNotify,
  pressPay,
  vipPlan,
  type InitAnswer,
} from '../../testing/payments.js';

let h: AccountsHarness;
let secret: string;
let pack300: number;
let monthly: { id: number; price_fen: number; first_price_fen: number };

const services = () => h.ctx.app.services.money;
const db = () => h.ctx.db;
const walletOf = (userId: number): Promise<Wallet> => services().wallet.wallet(userId);
const newBuyer = () => h.registerByEmail(uniqueEmail('closed'), 'password 1');

async function order(
  session: TestSession,
  product: { type: 'vip' | 'coins'; id: number },
): Promise<InitAnswer> {
  const answer = await h.call<InitAnswer>(
    '/v3/pay/init',
    { product_type: product.type, product_id: product.id, method: 'cashier', idempotency_key: newKey() },
    { session },
  );
  expect(answer.code, answer.msg).toBe(1);
  return answer.data!;
}

/** Everything a notification could change: the wallet (coins, VIP time), the order and the ledger. */
async function snapshot(userId: number, orderNo: string) {
  const row = await orderRow(db(), orderNo);
  return { wallet: await walletOf(userId), status: row.status, entries: await ledgerEntries(db()) };
}

beforeAll(async () => {
  h = await buildAccountsHarness();
  secret = services().payments.cashierSecret();
  pack300 = (await coinPackage(db(), 300)).id;
  monthly = await vipPlan(db(), 'monthly');
  expect(monthly.first_price_fen).toBeGreaterThan(0);
  expect(monthly.first_price_fen).toBeLessThan(monthly.price_fen);
});
afterAll(async () => h.close());

describe('the demo cashier never completes a closed order', () => {
  it('refuses a correctly signed notification for a cancelled order (409) and changes nothing', async () => {
    const user = await newBuyer();
    const { order: made } = await order(user, { type: 'vip', id: monthly.id });
    expect((await h.call('/v3/pay/cancel', { order_no: made.order_no }, { session: user })).code).toBe(1);
    const before = await snapshot(user.userId, made.order_no);
    // Even if the cashier's book said paid, no money moved: the order stays cancelled.
    await db()
      .updateTable('cashier_payments')
      .set({ status: 'paid' })
      .where('order_no', '=', made.order_no)
      .execute();
    const response = await postNotify(
      h.ctx.app,
      cashierNotice(await cashierRow(db(), made.order_no), secret),
    );
    expect(response.statusCode).toBe(409);
    expect(response.body).toBe(
      'order is cancelled: the demo cashier moves no money, so nothing was fulfilled',
    );
    expect(await snapshot(user.userId, made.order_no)).toEqual(before);
    expect(before.status).toBe('cancelled');
  });

  it('refuses one for an expired order', async () => {
    const user = await newBuyer();
    const { order: made } = await order(user, { type: 'coins', id: pack300 });
    await services().payments.reconciler.runOnce(made.expires_time + 1);
    const before = await snapshot(user.userId, made.order_no);
    expect(before.status).toBe('expired');
    const response = await postNotify(
      h.ctx.app,
      cashierNotice(await cashierRow(db(), made.order_no), secret),
    );
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('order is expired');
    expect(await snapshot(user.userId, made.order_no)).toEqual(before);
  });

  it('refuses one for a refunded order', async () => {
    const user = await newBuyer();
    const { order: made, pay_url } = await order(user, { type: 'vip', id: monthly.id });
    expect((await pressPay(h.ctx.app, pay_url)).statusCode).toBe(303);
    await services().payments.orders.refund(made.order_no, 'Asked for it');
    const before = await snapshot(user.userId, made.order_no);
    expect(before.status).toBe('refunded');
    const response = await postNotify(
      h.ctx.app,
      cashierNotice(await cashierRow(db(), made.order_no), secret),
    );
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('order is refunded');
    expect(await snapshot(user.userId, made.order_no)).toEqual(before);
  });

  it("refuses a notification moved onto another user's unpaid order", async () => {
    const attacker = await newBuyer();
    const victim = await newBuyer();
    const own = await order(attacker, { type: 'coins', id: pack300 });
    const theirs = await order(victim, { type: 'coins', id: pack300 });
    await db()
      .updateTable('cashier_payments')
      .set({ status: 'paid' })
      .where('order_no', '=', own.order.order_no)
      .execute();
    const paid = await cashierRow(db(), own.order.order_no);
    const before = await snapshot(victim.userId, theirs.order.order_no);
    const attackerBefore = await walletOf(attacker.userId);

    // The attacker's paid payment, pointed at the victim's order: not the payment of that order.
    const moved = await postNotify(
      h.ctx.app,
      cashierNotice({ ...paid, order_no: theirs.order.order_no }, secret),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.body).toBe('payment does not belong to this order');
    // The victim's own payment, claimed paid while the cashier's book says pending.
    const unpaid = await postNotify(
      h.ctx.app,
      cashierNotice(await cashierRow(db(), theirs.order.order_no), secret),
    );
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.body).toBe('cashier payment is pending, not paid');
    // The right order and payment, but another amount than was paid.
    const cheaper = await postNotify(
      h.ctx.app,
      cashierNotice({ ...(await cashierRow(db(), theirs.order.order_no)), amount_fen: 1 }, secret),
    );
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.body).toBe('amount does not match the order');

    expect(await snapshot(victim.userId, theirs.order.order_no)).toEqual(before);
    expect(await walletOf(attacker.userId)).toEqual(attackerBefore);
    expect(before.status).toBe('created');
  });
});

describe('the first-purchase price', () => {
  it('five VIP orders made before paying: one at the first-purchase price, the rest at the list price', async () => {
    const user = await newBuyer();
    const made: InitAnswer[] = [];
    for (let i = 0; i < 5; i++) made.push(await order(user, { type: 'vip', id: monthly.id }));
    const amounts = made.map((answer) => answer.order.amount_fen);
    expect(amounts).toEqual([monthly.first_price_fen, ...Array(4).fill(monthly.price_fen)]);
    expect((await orderRow(db(), made[0]!.order.order_no)).first_price).toBe(1);

    // All paid: each is fulfilled at its own recorded price.
    for (const answer of made) expect((await pressPay(h.ctx.app, answer.pay_url)).statusCode).toBe(303);
    const rows = await Promise.all(made.map((answer) => orderRow(db(), answer.order.order_no)));
    expect(rows.map((row) => row.status)).toEqual(Array(5).fill('fulfilled'));
    const sales = await db()
      .selectFrom('ledger_legs')
      .innerJoin('ledger_entries', 'ledger_entries.id', 'ledger_legs.entry_id')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_legs.account_id')
      .select(['ledger_entries.order_id', 'ledger_legs.amount'])
      .where('ledger_accounts.kind', '=', 'cash_gateway')
      .where(
        'ledger_entries.order_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    expect(sales.map((leg) => Number(leg.amount)).sort((x, y) => x - y)).toEqual(
      [monthly.first_price_fen, ...Array(4).fill(monthly.price_fen)].sort((x, y) => x - y),
    );
  });

  it(
    'fifty concurrent VIP orders: exactly one at the first-purchase price',
    { timeout: 60_000 },
    async () => {
      const user = await newBuyer();
      const made = await Promise.all(
        Array.from({ length: 50 }, () => order(user, { type: 'vip', id: monthly.id })),
      );
      const first = made.filter((answer) => answer.order.amount_fen === monthly.first_price_fen);
      expect(first).toHaveLength(1);
      expect(made.filter((answer) => answer.order.amount_fen === monthly.price_fen)).toHaveLength(49);
      const holds = await db()
        .selectFrom('first_price_holds')
        .selectAll()
        .where('user_id', '=', user.userId)
        .execute();
      expect(holds.map((hold) => hold.order_no)).toEqual([first[0]!.order.order_no]);
    },
  );

  it('is released when its order is cancelled or expires unpaid, and taken by the next order', async () => {
    const user = await newBuyer();
    const a = await order(user, { type: 'vip', id: monthly.id });
    const b = await order(user, { type: 'vip', id: monthly.id });
    expect([a.order.amount_fen, b.order.amount_fen]).toEqual([monthly.first_price_fen, monthly.price_fen]);
    expect((await h.call('/v3/pay/cancel', { order_no: a.order.order_no }, { session: user })).code).toBe(1);
    const c = await order(user, { type: 'vip', id: monthly.id });
    expect(c.order.amount_fen).toBe(monthly.first_price_fen);
    await services().payments.reconciler.runOnce(c.order.expires_time + 1);
    expect((await orderRow(db(), c.order.order_no)).status).toBe('expired');
    const d = await order(user, { type: 'vip', id: monthly.id });
    expect(d.order.amount_fen).toBe(monthly.first_price_fen);
  });
});
