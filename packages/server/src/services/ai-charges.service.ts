/**
 * What a generation costs the user: a free try while today's are not used up
 * (`ai.free_daily`, default 3; days in the task time zone), else AI credits through the ledger.
 * A job that fails or times out gives back exactly what it took, once. Both images and chat
 * charge through here, inside the caller's ledger transaction, so the charge and the job that
 * records it commit together.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { LedgerTx } from './ledger.service.js';
import { BalanceShortError } from './ledger.service.js';
import type { WalletService } from './wallet.service.js';
import type { AiFreeUsesRepository } from '../repositories/ai-free-uses.repository.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import { AppError } from '../errors.js';
import { ApiCode } from '@dm51/shared';
import type { MoneyParams } from './money-texts.js';

export const FREE_DAILY_SETTING = 'ai.free_daily';
export const DEFAULT_FREE_DAILY = 3;

/** How a generation was paid: recorded with the job so a refund gives back the same thing. */
export interface AiCharge {
  paidWith: 'free' | 'credits';
  /** Credits taken (0 for a free try). */
  credits: number;
  /** The day whose free try was used (for the refund). */
  day: number;
}

export interface ChargeRefs {
  /** Unique per generation, e.g. 'ai:image:42'. */
  key: string;
  title: string;
  /** The text the title is shown as, with its parameters (moneyTitle). */
  titleKey?: string;
  params?: MoneyParams;
}

export const AiErrors = {
  creditsShort: (missing: number) =>
    new AppError(ApiCode.AI_CREDITS_SHORT, `No free try left today: ${missing} more AI credits needed`),
  loginToBuy: () =>
    new AppError(ApiCode.AI_LOGIN_TO_BUY, 'Bind a phone or e-mail (or register) to buy AI credits'),
};

export class AiChargesService {
  constructor(
    private readonly wallet: WalletService,
    private readonly freeUses: AiFreeUsesRepository,
    private readonly settings: SettingsRepository,
    /** Today's day number in the task time zone. */
    private readonly today: () => number,
  ) {}

  /**
   * Free tries per day. Inside a ledger transaction pass its `trx`: on SQLite the transaction
   * holds the only connection, and a read outside it would wait for it forever.
   */
  async freeDaily(trx?: Kysely<DB>): Promise<number> {
    const settings = trx ? this.settings.within(trx) : this.settings;
    const raw = (await settings.getMany([FREE_DAILY_SETTING])).get(FREE_DAILY_SETTING);
    let value = Number.NaN;
    try {
      value = raw === undefined ? Number.NaN : Number(JSON.parse(raw));
    } catch {
      // A malformed setting falls back to the default.
    }
    return Number.isInteger(value) && value >= 0 ? value : DEFAULT_FREE_DAILY;
  }

  /** Free tries left today (for display). */
  async freeLeft(userId: number): Promise<number> {
    return Math.max(0, (await this.freeDaily()) - (await this.freeUses.used(userId, this.today())));
  }

  /**
   * Takes a free try or `cost` credits. Short of both: AI_CREDITS_SHORT and nothing moves (the
   * caller's transaction rolls back).
   */
  async charge(tx: LedgerTx, userId: number, cost: number, refs: ChargeRefs): Promise<AiCharge> {
    await tx.lockUser(userId);
    const uses = this.freeUses.within(tx.trx);
    const day = this.today();
    if ((await uses.used(userId, day)) < (await this.freeDaily(tx.trx))) {
      await uses.add(userId, day);
      return { paidWith: 'free', credits: 0, day };
    }
    try {
      await this.wallet.spendAiCredits(tx, userId, cost, refs);
    } catch (error) {
      if (error instanceof BalanceShortError) throw AiErrors.creditsShort(error.missing);
      throw error;
    }
    return { paidWith: 'credits', credits: cost, day };
  }

  /**
   * Gives back what `charge` took: the credits (once, by the entry key) or the free try of its
   * day. Call it once per failed job; the job's own state change (running → failed) guards that.
   */
  async refund(tx: LedgerTx, userId: number, charge: AiCharge, refs: ChargeRefs): Promise<void> {
    if (charge.paidWith === 'credits') {
      await this.wallet.refundAiCredits(tx, userId, charge.credits, { ...refs, key: `${refs.key}:refund` });
      return;
    }
    await tx.lockUser(userId);
    await this.freeUses.within(tx.trx).giveBack(userId, charge.day);
  }
}
