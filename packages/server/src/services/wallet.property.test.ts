/**
 * Property-based tests of the wallet (fast-check): random sequences of bonus grants (already
 * expired, expiring later, never expiring), top-ups with expiring package bonus, spends, refunds
 * (repeated ones too) and expiry sweeps for one user, run against the real ledger and a small
 * model. After every step the model and the ledger agree on the paid balance and on every bonus
 * lot, and the user record's projections follow; a spend takes unexpired bonus first (the
 * soonest-expiring lot first, never-expiring last), then paid coins; expired bonus is never spent;
 * paid coins never expire; a short spend changes nothing at all. VIP: grants and purchases stack
 * on the current expiry; a refund takes back at most the time that is left.
 * Runs on SQLite, or on PostgreSQL with DATABASE_URL. MONEY_PROPERTY_RUNS scales the run count;
 * MONEY_PROPERTY_SEED replays a failure.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOrderRow } from '../db/schema.js';
import { insertPaidOrder, ledgerViolations } from '../testing/money-factory.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient } from '../testing/test-client.js';
import { BalanceShortError, type LedgerTx } from './ledger.service.js';
import type { MoneyServices } from './money-services.js';
import type { SpendResult } from './wallet.service.js';

const RUNS = Number(process.env['MONEY_PROPERTY_RUNS'] ?? 100);
const SEED = process.env['MONEY_PROPERTY_SEED'] ? Number(process.env['MONEY_PROPERTY_SEED']) : undefined;
const DAY_S = 86_400;

let ctx: TestApp;
let client: TestClient;
let money: MoneyServices;
let keySeq = 0;
/** What the generated sequences exercised (printed, so a weakened generator shows). */
const seen = new Map<string, number>();
const saw = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
const nextKey = (label: string) => `prop:${label}:${(keySeq += 1)}`;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  money = ctx.app.services.money;
});

afterAll(async () => {
  console.log(`wallet steps exercised: ${JSON.stringify(Object.fromEntries(seen))}`);
  await ctx?.close();
});

/** Runs `work` in a ledger transaction and answers its result with the transaction's clock. */
async function inTx<T>(work: (tx: LedgerTx) => Promise<T>): Promise<{ value: T; now: number }> {
  return money.ledger.transaction(async (tx) => ({ value: await work(tx), now: tx.now }));
}

async function newUser(): Promise<number> {
  return (await client.initGuest()).userId;
}

// ---------------------------------------------------------------------------------------------
// Coins

interface ModelLot {
  entryId: number;
  remaining: number;
  /** Absolute expiry (0: never). */
  expires: number;
}

interface ModelOrder {
  order: PaymentOrderRow;
  fulfilEntryId: number;
  refunded: boolean;
}

interface CoinModel {
  paid: number;
  /** In grant order (lot id order). */
  lots: ModelLot[];
  orders: ModelOrder[];
}

type CoinStep =
  /** `expiresIn` < 0: already expired when granted; 0: never; > 0: alive for the whole run. */
  | { kind: 'grant'; coins: number; expiresIn: number }
  | { kind: 'topup'; coins: number; bonus: number; bonusDays: number }
  | { kind: 'spend'; coins: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'expire' };

const coinStep: fc.Arbitrary<CoinStep> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('grant' as const),
      coins: fc.integer({ min: 1, max: 60 }),
      expiresIn: fc.oneof(
        fc.integer({ min: -7 * DAY_S, max: -1 }),
        fc.constant(0),
        fc.integer({ min: 600, max: 60 * DAY_S }),
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('topup' as const),
      coins: fc.integer({ min: 1, max: 200 }),
      bonus: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 })),
      bonusDays: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 90 })),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('spend' as const), coins: fc.integer({ min: 1, max: 100 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat({ max: 1_000 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
);

const isExpired = (lot: ModelLot, now: number) => lot.expires > 0 && lot.expires <= now;

/** What the ledger holds for the user: balances, lots by entry, the user record, entry count. */
async function coinState(userId: number) {
  const [balances, lots, user, entries] = await Promise.all([
    ctx.db.selectFrom('ledger_accounts').select(['kind', 'balance']).where('user_id', '=', userId).execute(),
    ctx.db
      .selectFrom('bonus_lots')
      .select(['entry_id', 'remaining', 'expires_time'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    ctx.db.selectFrom('users').select(['coins', 'ticket']).where('id', '=', userId).executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const balance = (kind: string) => Number(balances.find((row) => row.kind === kind)?.balance ?? 0);
  return {
    paid: balance('coins_paid'),
    bonus: balance('coins_bonus'),
    lots: lots.map((lot) => ({
      entryId: lot.entry_id,
      remaining: Number(lot.remaining),
      expires: Number(lot.expires_time),
    })),
    user: { coins: Number(user.coins), ticket: Number(user.ticket) },
    entries: Number(entries.n),
  };
}

async function expectAgreement(userId: number, model: CoinModel): Promise<void> {
  const state = await coinState(userId);
  const bonus = model.lots.reduce((sum, lot) => sum + lot.remaining, 0);
  expect(state.paid).toBe(model.paid);
  expect(state.bonus).toBe(bonus);
  expect(state.lots).toEqual(model.lots);
  expect(state.user).toEqual({ coins: model.paid, ticket: bonus });
}

async function runCoinStep(userId: number, model: CoinModel, step: CoinStep): Promise<void> {
  switch (step.kind) {
    case 'grant': {
      const { value, now } = await inTx((tx) =>
        money.wallet.grantBonus(tx, userId, step.coins, step.expiresIn === 0 ? 0 : tx.now + step.expiresIn, {
          key: nextKey('grant'),
          title: 'grant',
        }),
      );
      expect(value.created).toBe(true);
      model.lots.push({
        entryId: value.entryId,
        remaining: step.coins,
        expires: step.expiresIn === 0 ? 0 : now + step.expiresIn,
      });
      return;
    }
    case 'topup': {
      const order = await insertPaidOrder(ctx.db, userId, step);
      const { value, now } = await inTx((tx) => money.wallet.fulfilOrder(tx, order));
      expect(value.created).toBe(true);
      // Fulfilled again (a replayed callback): nothing moves.
      const again = await inTx((tx) => money.wallet.fulfilOrder(tx, order));
      expect(again.value).toEqual({ entryId: value.entryId, created: false });
      model.paid += step.coins;
      if (step.bonus > 0)
        model.lots.push({
          entryId: value.entryId,
          remaining: step.bonus,
          expires: step.bonusDays > 0 ? now + step.bonusDays * DAY_S : 0,
        });
      model.orders.push({ order, fulfilEntryId: value.entryId, refunded: false });
      return;
    }
    case 'spend': {
      const before = await coinState(userId);
      let spent: { value: SpendResult; now: number };
      try {
        spent = await inTx((tx) =>
          money.wallet.spendCoins(tx, userId, step.coins, { key: nextKey('spend'), title: 'spend' }),
        );
      } catch (error) {
        if (!(error instanceof BalanceShortError)) throw error;
        // Judged at the moment of the spend: only unexpired bonus and paid coins count.
        const now = Math.floor(Date.now() / 1000);
        const spendable =
          model.paid +
          model.lots.filter((lot) => !isExpired(lot, now)).reduce((sum, lot) => sum + lot.remaining, 0);
        saw(
          model.lots.some((lot) => isExpired(lot, now) && lot.remaining > 0)
            ? 'short with lapsed bonus'
            : 'short',
        );
        expect(spendable).toBeLessThan(step.coins);
        expect(error.missing).toBe(step.coins - spendable);
        // Nothing at all moved: not even the expiry of lapsed lots that the spend started with.
        expect(await coinState(userId)).toEqual(before);
        return;
      }
      const { value, now } = spent;
      if (model.lots.some((lot) => isExpired(lot, now) && lot.remaining > 0)) saw('spend past lapsed bonus');
      for (const lot of model.lots) if (isExpired(lot, now)) lot.remaining = 0;
      const order = model.lots
        .filter((lot) => lot.remaining > 0)
        .sort(
          (a, b) =>
            Number(a.expires === 0) - Number(b.expires === 0) ||
            a.expires - b.expires ||
            model.lots.indexOf(a) - model.lots.indexOf(b),
        );
      const bonus = order.reduce((sum, lot) => sum + lot.remaining, 0);
      expect(bonus + model.paid).toBeGreaterThanOrEqual(step.coins);
      let left = step.coins;
      for (const lot of order) {
        const take = Math.min(lot.remaining, left);
        lot.remaining -= take;
        left -= take;
      }
      expect(value.coins).toBe(step.coins);
      expect(value.bonusSpent).toBe(step.coins - left);
      saw(
        left > 0 && value.bonusSpent > 0 ? 'spend bonus then paid' : left > 0 ? 'spend paid' : 'spend bonus',
      );
      model.paid -= left;
      return;
    }
    case 'refund': {
      if (model.orders.length === 0) return;
      const target = model.orders[step.pick % model.orders.length]!;
      const { value } = await inTx((tx) => money.wallet.refundOrder(tx, target.order, target.fulfilEntryId));
      saw(target.refunded ? 'refund again' : 'refund');
      if (target.refunded) {
        expect(value.created).toBe(false);
        return;
      }
      expect(value.created).toBe(true);
      target.refunded = true;
      const paidBack = Math.min(target.order.coins, model.paid);
      const lot = model.lots.find((candidate) => candidate.entryId === target.fulfilEntryId);
      const bonusBack = lot?.remaining ?? 0;
      model.paid -= paidBack;
      if (lot) lot.remaining = 0;
      if (paidBack < target.order.coins) saw('refund after the coins were spent');
      expect(value.keptCoins).toBe(target.order.coins - paidBack + (target.order.bonus - bonusBack));
      return;
    }
    case 'expire': {
      const paidBefore = model.paid;
      const { value, now } = await inTx((tx) => money.wallet.expireLots(tx, userId));
      let expired = 0;
      for (const lot of model.lots)
        if (isExpired(lot, now)) {
          expired += lot.remaining;
          lot.remaining = 0;
        }
      expect(value).toBe(expired);
      // Paid coins never expire.
      expect(model.paid).toBe(paidBefore);
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// VIP time

type VipStep =
  | { kind: 'grant'; seconds: number }
  | { kind: 'buy'; days: number }
  | { kind: 'refund'; pick: number }
  /** Time passes for the membership: its expiry moves earlier (the clock itself cannot move). */
  | { kind: 'elapse'; seconds: number };

const vipStep: fc.Arbitrary<VipStep> = fc.oneof(
  fc.record({ kind: fc.constant('grant' as const), seconds: fc.integer({ min: 1, max: 10 * DAY_S }) }),
  fc.record({ kind: fc.constant('buy' as const), days: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat({ max: 1_000 }) }),
  fc.record({ kind: fc.constant('elapse' as const), seconds: fc.integer({ min: 1, max: 120 * DAY_S }) }),
);

async function vipState(userId: number) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['vip', 'viptime'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { vip: Number(user.vip), viptime: Number(user.viptime) };
}

describe('the wallet (property-based)', () => {
  it('agrees with a model of paid coins and bonus lots after every step', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(coinStep, { minLength: 1, maxLength: 25 }), async (steps) => {
        const userId = await newUser();
        const model: CoinModel = { paid: 0, lots: [], orders: [] };
        for (const step of steps) {
          await runCoinStep(userId, model, step);
          await expectAgreement(userId, model);
        }
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
    expect(await ledgerViolations(ctx.db, { spendsAreUnlocks: false })).toEqual([]);
  });

  it(
    'stacks VIP time on the current expiry and refunds at most what is left',
    { timeout: 240_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(vipStep, { minLength: 1, maxLength: 15 }), async (steps) => {
          const userId = await newUser();
          const orders: { order: PaymentOrderRow; entryId: number; refunded: boolean }[] = [];
          let viptime = (await vipState(userId)).viptime;
          for (const step of steps) {
            if (step.kind === 'elapse') {
              viptime -= step.seconds;
              await ctx.db.updateTable('users').set({ viptime }).where('id', '=', userId).execute();
              continue;
            }
            if (step.kind === 'grant' || step.kind === 'buy') {
              const seconds = step.kind === 'grant' ? step.seconds : step.days * DAY_S;
              let result: { value: { entryId: number; created: boolean }; now: number };
              if (step.kind === 'grant') {
                result = await inTx((tx) =>
                  money.wallet.grantVipTime(tx, userId, step.seconds, { key: nextKey('vip'), title: 'vip' }),
                );
              } else {
                const order = await insertPaidOrder(ctx.db, userId, { vipDays: step.days });
                result = await inTx((tx) => money.wallet.fulfilOrder(tx, order));
                orders.push({ order, entryId: result.value.entryId, refunded: false });
              }
              expect(result.value.created).toBe(true);
              // Stacks on the later of now and the current expiry.
              saw(viptime > result.now ? 'vip stacked on active' : 'vip stacked on lapsed');
              viptime = Math.max(result.now, viptime) + seconds;
              expect(await vipState(userId)).toEqual({ vip: 1, viptime });
              continue;
            }
            if (orders.length === 0) continue;
            const target = orders[step.pick % orders.length]!;
            const { value, now } = await inTx((tx) =>
              money.wallet.refundOrder(tx, target.order, target.entryId),
            );
            expect(value.created).toBe(!target.refunded);
            if (target.refunded) {
              expect((await vipState(userId)).viptime).toBe(viptime);
              continue;
            }
            target.refunded = true;
            const legs = await ctx.db
              .selectFrom('ledger_legs')
              .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_legs.account_id')
              .select('ledger_legs.amount')
              .where('ledger_legs.entry_id', '=', value.entryId)
              .where('ledger_accounts.user_id', '=', userId)
              .where('ledger_accounts.kind', '=', 'vip_seconds')
              .execute();
            const taken = 0 - legs.reduce((sum, leg) => sum + Number(leg.amount), 0);
            const left = Math.max(0, viptime - now);
            // At most the order's time, and never more than what is left of the membership.
            expect(taken).toBe(Math.min(target.order.vip_days * DAY_S, left));
            const state = await vipState(userId);
            saw(
              taken === 0
                ? 'vip refund, nothing left'
                : taken < target.order.vip_days * DAY_S
                  ? 'vip refund, partly used'
                  : 'vip refund',
            );
            if (taken > 0) {
              viptime = Math.max(now, viptime - taken);
              expect(state).toEqual({ vip: viptime > now ? 1 : 0, viptime });
            } else {
              // Nothing left to take: the membership (lapsed) is as it was.
              expect(state.viptime).toBe(viptime);
            }
          }
          const account = await ctx.db
            .selectFrom('ledger_accounts')
            .select('balance')
            .where('user_id', '=', userId)
            .where('kind', '=', 'vip_seconds')
            .executeTakeFirst();
          expect(Number(account?.balance ?? 0)).toBeGreaterThanOrEqual(0);
        }),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
      );
      expect(await ledgerViolations(ctx.db, { spendsAreUnlocks: false })).toEqual([]);
    },
  );
});
