/**
 * Money section: payment orders (list, detail, refund), VIP plans and coin packages, chapter price
 * defaults and revenue reports.
 *
 * Refunds go through OrderService.refund: the payment provider gives the money back, then one
 * ledger transaction marks the order refunded and takes back what it credited (WalletService
 * .refundOrder). Coins already spent are not taken back and not refused: the buyer gets the money
 * back in full, the ledger takes the coins that are left, and the answer, the ledger entry's title
 * and the audit row say how many coins were kept (a partial clawback, never a negative balance).
 * VIP time is shortened by the plan's days, as far as it is left. Idempotent by the console's key:
 * the same key again answers the first refund; another key for an already refunded order is 409,
 * so of two concurrent refunds with different keys exactly one succeeds.
 */
import { ApiCode, type Locale } from '@dm51/shared';
import { nowSeconds, type Database } from '../../db/database.js';
import { isAppError } from '../../errors.js';
import { titledIn } from '../console-titles.js';
import { SettingsRepository } from '../../repositories/settings.repository.js';
import { MessageRepository, type NewMessage } from '../../repositories/message.repository.js';
import { MESSAGE_TYPE } from '../../services/message.service.js';
import { idempotent, storedAnswer } from '../../services/idempotent-call.js';
import {
  BATCH_DISCOUNTS_KEY,
  CHAPTER_PRICE_KEY,
  DEFAULT_BATCH_DISCOUNTS,
  DEFAULT_CHAPTER_PRICE,
  type MoneySettingsService,
} from '../../services/money-settings.service.js';
import type { OrderService } from '../../services/order.service.js';
import type { Audit } from '../admin-route.js';
import type { AuditEntry } from '../audit/audit.repository.js';
import { AdminErrors } from '../admin-errors.js';
import type { CoinPackageFields, MoneyRepository, OrderFilter, VipPlanFields } from './money.repository.js';

export interface RefundInput {
  reason: string;
  idempotencyKey: string;
}

export interface RefundResult {
  orderId: number;
  status: string;
  amountFen: number;
  /** Coins the buyer had already spent: not taken back. */
  keptCoins: number;
  created: boolean;
}

export type ReportPeriod = 'day' | 'week' | 'month';

export interface RevenueRow {
  /** Start of the bucket, UTC: YYYY-MM-DD (a week starts on Monday) or YYYY-MM. */
  bucket: string;
  kind: string;
  provider: string;
  grossFen: number;
  refundsFen: number;
  netFen: number;
}

const DAY_S = 86_400;
const REFUND_CALL = 'admin.refund';

function bucketOf(time: number, period: ReportPeriod): string {
  const date = new Date(time * 1000);
  if (period === 'month') return date.toISOString().slice(0, 7);
  if (period === 'week') {
    const weekday = (date.getUTCDay() + 6) % 7;
    return new Date((Math.floor(time / DAY_S) - weekday) * DAY_S * 1000).toISOString().slice(0, 10);
  }
  return date.toISOString().slice(0, 10);
}

export class MoneyService {
  constructor(
    private readonly repo: MoneyRepository,
    private readonly orderService: OrderService,
    private readonly moneySettings: MoneySettingsService,
    private readonly db: Database,
  ) {}

  /** Orders with their titles in `locale` (the console's language). */
  async orders(filter: OrderFilter, page: number, size: number, locale: Locale) {
    const { rows, total } = await this.repo.orders(filter, (page - 1) * size, size);
    return { rows: rows.map((row) => titledIn(row, locale)), total };
  }

  /** An order and its ledger entries, titles in `locale`. */
  async order(id: number, locale: Locale) {
    const order = await this.repo.order(id);
    if (!order) throw AdminErrors.notFound('order');
    const entries = await this.repo.orderEntries(id);
    return { ...titledIn(order, locale), entries: entries.map((entry) => titledIn(entry, locale)) };
  }

  async refund(
    orderId: number,
    input: RefundInput,
    auditWith: (trx: Database, entry: AuditEntry) => Promise<void>,
  ): Promise<RefundResult> {
    const order = await this.repo.orderNo(orderId);
    if (!order) throw AdminErrors.notFound('order');
    const request = { orderId, ...input };
    const replay = await this.replay(order.userId, input.idempotencyKey, request);
    if (replay) return { ...replay, created: false };
    if (order.status === 'refunded')
      throw AdminErrors.conflict('This order was already refunded; nothing changed');
    if (order.status !== 'fulfilled')
      throw AdminErrors.conflict(
        `Only a paid (fulfilled) order can be refunded; this one is ${order.status}`,
      );
    let answer: RefundResult | null = null;
    try {
      const result = await this.orderService.refund(
        order.orderNo,
        input.reason,
        async (tx, row, keptCoins) => {
          answer = await idempotent(
            tx,
            { userId: row.user_id, call: REFUND_CALL, key: input.idempotencyKey, request, space: 'console' },
            async (): Promise<RefundResult> => {
              await auditWith(tx.trx, {
                action: 'order.refund',
                targetType: 'order',
                targetId: orderId,
                before: { status: 'fulfilled' },
                after: {
                  status: 'refunded',
                  amountFen: row.amount_fen,
                  coins: row.coins + row.bonus,
                  vipDays: row.vip_days,
                  keptCoins,
                  reason: input.reason,
                },
              });
              // The buyer hears of it, in their language (the app's serverText.refund).
              await new MessageRepository(tx.trx).insertMany([refundMessage(row, keptCoins, input.reason)]);
              return { orderId, status: 'refunded', amountFen: row.amount_fen, keptCoins, created: true };
            },
          );
        },
      );
      if (result.refunded && answer) return answer;
    } catch (error) {
      if (isAppError(error) && error.code === ApiCode.IDEMPOTENCY_CONFLICT)
        throw AdminErrors.conflict('This refund key was already used for another request; nothing changed');
      if (isAppError(error) && error.code === ApiCode.ORDER_STATE) throw AdminErrors.conflict(error.message);
      throw error;
    }
    // Another call refunded it meanwhile: the same key is that call's answer, any other key is refused.
    const raced = await this.replay(order.userId, input.idempotencyKey, request);
    if (raced) return { ...raced, created: false };
    throw AdminErrors.conflict('This order was already refunded; nothing changed');
  }

  private async replay(userId: number, key: string, request: unknown): Promise<RefundResult | null> {
    try {
      return await storedAnswer<RefundResult>(this.db, {
        userId,
        call: REFUND_CALL,
        key,
        request,
        space: 'console',
      });
    } catch (error) {
      if (isAppError(error) && error.code === ApiCode.IDEMPOTENCY_CONFLICT)
        throw AdminErrors.conflict('This refund key was already used for another request; nothing changed');
      throw error;
    }
  }

  /** Revenue per bucket, kind and provider: the cash_gateway account's legs, so it adds up to the ledger. */
  async revenue(period: ReportPeriod, from: number, to: number) {
    const legs = await this.repo.cashLegs(from, to);
    const rows = new Map<string, RevenueRow>();
    for (const leg of legs) {
      const bucket = bucketOf(leg.time, period);
      const id = `${bucket}|${leg.kind}|${leg.provider}`;
      let row = rows.get(id);
      if (!row) {
        row = { bucket, kind: leg.kind, provider: leg.provider, grossFen: 0, refundsFen: 0, netFen: 0 };
        rows.set(id, row);
      }
      if (leg.amount >= 0) row.grossFen += leg.amount;
      else row.refundsFen -= leg.amount;
      row.netFen += leg.amount;
    }
    const data = [...rows.values()].sort(
      (a, b) =>
        a.bucket.localeCompare(b.bucket) ||
        a.kind.localeCompare(b.kind) ||
        a.provider.localeCompare(b.provider),
    );
    const totals = data.reduce(
      (sum, row) => ({
        grossFen: sum.grossFen + row.grossFen,
        refundsFen: sum.refundsFen + row.refundsFen,
        netFen: sum.netFen + row.netFen,
      }),
      { grossFen: 0, refundsFen: 0, netFen: 0 },
    );
    return { data, totals };
  }

  vipPlans() {
    return this.repo.vipPlans();
  }

  coinPackages() {
    return this.repo.coinPackages();
  }

  async createVipPlan(trx: Database, audit: Audit, code: string, fields: VipPlanFields) {
    const repo = this.repo.within(trx);
    if (await repo.vipCodeTaken(code))
      throw AdminErrors.invalid(`A VIP plan with code "${code}" exists already`);
    checkFirstPrice(fields);
    const row = await repo.insertVipPlan(code, fields, nowSeconds());
    await audit({ action: 'vip_plan.create', targetType: 'vip_plan', targetId: row.id, after: row });
    return row;
  }

  async updateVipPlan(trx: Database, audit: Audit, id: number, fields: Partial<VipPlanFields>) {
    const repo = this.repo.within(trx);
    const before = await repo.vipPlan(id);
    if (!before) throw AdminErrors.notFound('VIP plan');
    checkFirstPrice({ ...before, ...fields });
    await repo.updateVipPlan(id, fields, nowSeconds());
    const after = await repo.vipPlan(id);
    await audit({ action: 'vip_plan.update', targetType: 'vip_plan', targetId: id, before, after });
    return after;
  }

  async createCoinPackage(trx: Database, audit: Audit, fields: CoinPackageFields) {
    const row = await this.repo.within(trx).insertCoinPackage(fields, nowSeconds());
    await audit({ action: 'coin_package.create', targetType: 'coin_package', targetId: row.id, after: row });
    return row;
  }

  async updateCoinPackage(trx: Database, audit: Audit, id: number, fields: Partial<CoinPackageFields>) {
    const repo = this.repo.within(trx);
    const before = await repo.coinPackage(id);
    if (!before) throw AdminErrors.notFound('coin package');
    await repo.updateCoinPackage(id, fields, nowSeconds());
    const after = await repo.coinPackage(id);
    await audit({ action: 'coin_package.update', targetType: 'coin_package', targetId: id, before, after });
    return after;
  }

  async chapterPrices() {
    return (await this.moneySettings.rules()).chapterPrice;
  }

  async setChapterPrices(trx: Database, audit: Audit, prices: Record<string, number>) {
    return replaceSetting(
      trx,
      audit,
      'money.chapter_price',
      CHAPTER_PRICE_KEY,
      DEFAULT_CHAPTER_PRICE,
      prices,
    );
  }

  /** Batch-unlock discounts: `percent` off when buying `count` or more locked chapters at once. */
  async batchDiscounts() {
    return (await this.moneySettings.rules()).batchDiscounts;
  }

  async setBatchDiscounts(trx: Database, audit: Audit, tiers: { count: number; percent: number }[]) {
    const counts = new Set(tiers.map((tier) => tier.count));
    if (counts.size !== tiers.length) throw AdminErrors.invalid('Each tier needs its own chapter count');
    const sorted = [...tiers].sort((a, b) => a.count - b.count);
    return replaceSetting(
      trx,
      audit,
      'money.batch_discounts',
      BATCH_DISCOUNTS_KEY,
      DEFAULT_BATCH_DISCOUNTS,
      sorted,
    );
  }

  /** After a committed change of the defaults: the app's next unlock reads the new prices. */
  chapterPricesChanged() {
    this.moneySettings.invalidate();
  }
}

function checkFirstPrice(plan: { price_fen: number; first_price_fen: number }) {
  if (plan.first_price_fen > 0 && plan.first_price_fen >= plan.price_fen)
    throw AdminErrors.invalid('The first-purchase price must be below the price (or 0 for no offer)');
}

/** The system message a refunded buyer gets: what came back and what it took away. */
function refundMessage(
  order: {
    user_id: number;
    order_no: string;
    amount_fen: number;
    coins: number;
    bonus: number;
    vip_days: number;
  },
  keptCoins: number,
  reason: string,
): NewMessage {
  const amount = (order.amount_fen / 100).toFixed(2);
  const coins = order.coins + order.bonus;
  return {
    user_id: order.user_id,
    type: MESSAGE_TYPE.system,
    title: `Order ${order.order_no} refunded: ¥${amount}`,
    title_key: 'refund',
    params: JSON.stringify({ order: order.order_no, amount, coins, days: order.vip_days, kept: keptCoins }),
    content: reason,
    created_time: nowSeconds(),
  };
}

/** Writes a JSON setting and audits it with what it was before (the default when never set). */
async function replaceSetting<T>(
  trx: Database,
  audit: Audit,
  action: string,
  key: string,
  fallback: unknown,
  value: T,
): Promise<T> {
  const settings = new SettingsRepository(trx);
  const stored = (await settings.getMany([key])).get(key);
  const before: unknown = stored === undefined ? fallback : JSON.parse(stored);
  await settings.set(key, JSON.stringify(value), nowSeconds());
  await audit({ action, targetType: 'setting', targetId: key, before, after: value });
  return value;
}
