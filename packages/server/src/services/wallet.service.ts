/**
 * What money does to a user's wallet, as ledger entries: fulfilling and refunding paid orders,
 * spending coins (bonus first), granting bonus coins and VIP time, and expiring bonus coins.
 * Every method takes the LedgerTx of the caller's transaction, so the caller's own rows (an
 * order's status, an unlock) commit or roll back with the entry.
 *
 * Spends and grants post with `postNew`: their key must be new, or EntryExistsError
 * (IDEMPOTENCY_CONFLICT) and nothing moves. Fulfilling, refunding and expiring keep `post`'s
 * "already done, nothing moved" answer: the order's status transition or the lot guards the rest.
 */
import type { ExpenseItem, Locale, Wallet } from '@dm51/shared';
import { presentExpense } from '../presenters/expense.presenter.js';
import { vipStatus } from '../policies/chapter-access.policy.js';
import type { Database } from '../db/database.js';
import type { PaymentOrderRow } from '../db/schema.js';
import { LedgerRepository } from '../repositories/ledger.repository.js';
import { SYSTEM_ACCOUNTS as SYS, SYSTEM_USER_ID, USER_ACCOUNTS as USR } from './ledger-accounts.js';
import type { EntryKind } from './ledger-accounts.js';
import {
  BalanceShortError,
  nowS,
  type LedgerService,
  type LedgerTx,
  type LegSpec,
  type Posted,
} from './ledger.service.js';
import { NO_MILESTONES, type FriendMilestones } from './growth-hooks.js';
import { moneyTitle, storedTitle, type MoneyParams } from './money-texts.js';

const DAY_S = 86_400;

export interface SpendResult extends Posted {
  coins: number;
  bonusSpent: number;
}

export interface EntryRefs {
  /** Unique key of the movement (makes it happen once). */
  key: string;
  /** English rendering; with `titleKey` and `params` (moneyTitle) it is shown in the reader's language. */
  title: string;
  titleKey?: string;
  params?: MoneyParams;
  workId?: number;
  chapterId?: number;
  orderId?: number;
}

export class WalletService {
  private readonly reads: LedgerRepository;
  /**
   * Invite programme: told 'first_topup' inside the transaction that fulfils a paid
   * order, so an inviter's reward commits with the credit. Set by invite-services.ts.
   */
  milestones: FriendMilestones = NO_MILESTONES;

  constructor(
    db: Database,
    readonly ledger: LedgerService,
  ) {
    this.reads = new LedgerRepository(db);
  }

  /** The wallet as the client sees it (balances are read, not locked). */
  async wallet(userId: number): Promise<Wallet> {
    const now = nowS();
    const [balances, expiring, user] = await Promise.all([
      this.reads.balancesOf(userId),
      this.reads.soonestExpiring(userId, now),
      this.reads.vipOf(userId),
    ]);
    const cion = balances.get(USR.COINS_PAID) ?? 0;
    const ticket = balances.get(USR.COINS_BONUS) ?? 0;
    return { cion, ticket, total: cion + ticket, bonus_expiring: expiring, ...vipStatus(user, now) };
  }

  /** The expense log: the user's ledger entries, newest first, with what each moved. */
  async expenses(
    userId: number,
    page: number,
    limit: number,
    locale: Locale,
  ): Promise<{ list: ExpenseItem[]; total: number }> {
    const { entries, legs, total } = await this.reads.entriesOf(userId, (page - 1) * limit, limit);
    const orders = await this.reads.orderRefs(entries.map((entry) => entry.order_id).filter((id) => id > 0));
    return {
      list: entries.map((entry) => presentExpense(entry, legs, orders.get(entry.order_id), locale)),
      total,
    };
  }

  /**
   * Credits a paid order: coins (+ package bonus as an expiring lot) or VIP days. Keyed by the
   * order, so however many callbacks arrive it is credited once.
   */
  async fulfilOrder(tx: LedgerTx, order: PaymentOrderRow): Promise<Posted> {
    const posted = await this.creditOrder(tx, order);
    // Invite programme: every first credit of an order is reported; the invite side
    // pays an inviter once per friend.
    if (posted.created) await this.milestones.reached(tx, order.user_id, 'first_topup');
    return posted;
  }

  private async creditOrder(tx: LedgerTx, order: PaymentOrderRow): Promise<Posted> {
    const cash = [
      { userId: SYSTEM_USER_ID, kind: SYS.CASH_GATEWAY, amount: order.amount_fen },
      { userId: SYSTEM_USER_ID, kind: SYS.CASH_SALES, amount: -order.amount_fen },
    ] as const;
    const refs = {
      key: `order:${order.id}:fulfil`,
      userId: order.user_id,
      orderId: order.id,
      ...storedTitle(order),
    };
    if (order.product_type === 'vip') {
      const seconds = order.vip_days * DAY_S;
      return tx.post({
        ...refs,
        kind: 'vip_purchase',
        legs: [
          ...cash,
          { userId: SYSTEM_USER_ID, kind: SYS.VIP_ISSUED, amount: -seconds },
          { userId: order.user_id, kind: USR.VIP_SECONDS, amount: seconds },
        ],
      });
    }
    const posted = await tx.post({
      ...refs,
      kind: 'topup',
      legs: [
        ...cash,
        { userId: SYSTEM_USER_ID, kind: SYS.COINS_ISSUED, amount: -(order.coins + order.bonus) },
        { userId: order.user_id, kind: USR.COINS_PAID, amount: order.coins },
        { userId: order.user_id, kind: USR.COINS_BONUS, amount: order.bonus },
      ],
    });
    if (posted.created && order.bonus > 0)
      await tx.repo.insertLot({
        userId: order.user_id,
        entryId: posted.entryId,
        amount: order.bonus,
        expiresTime: order.bonus_days > 0 ? tx.now + order.bonus_days * DAY_S : 0,
        time: tx.now,
      });
    return posted;
  }

  /**
   * Reverses a fulfilled order. The money goes back in full. What the order credited is taken back
   * as far as it is still there: paid coins up to the paid balance, the order's bonus lot's
   * remainder, VIP time up to what is left of it. Coins already spent on chapters are not taken
   * back (the chapters stay unlocked); the entry's title says how many, for the operator.
   */
  async refundOrder(
    tx: LedgerTx,
    order: PaymentOrderRow,
    fulfilEntryId: number,
  ): Promise<Posted & { keptCoins: number }> {
    const userId = order.user_id;
    await tx.lockUser(userId);
    const legs = [
      { userId: SYSTEM_USER_ID, kind: SYS.CASH_GATEWAY, amount: -order.amount_fen },
      { userId: SYSTEM_USER_ID, kind: SYS.CASH_REFUNDS, amount: order.amount_fen },
    ] as {
      userId: number;
      kind: (typeof SYS)[keyof typeof SYS] | (typeof USR)[keyof typeof USR];
      amount: number;
    }[];
    let keptCoins = 0;
    let lots: { id: number; remaining: number }[] = [];
    if (order.product_type === 'vip') {
      const vip = await tx.repo.vipOf(userId);
      const back = Math.min(order.vip_days * DAY_S, Math.max(0, vip.viptime - tx.now));
      legs.push(
        { userId, kind: USR.VIP_SECONDS, amount: -back },
        { userId: SYSTEM_USER_ID, kind: SYS.VIP_ISSUED, amount: back },
      );
    } else {
      const paidBack = Math.min(order.coins, await tx.balance(userId, USR.COINS_PAID));
      lots = await tx.repo.lotsOfEntry(fulfilEntryId);
      const bonusBack = lots.reduce((sum, lot) => sum + lot.remaining, 0);
      keptCoins = order.coins - paidBack + (order.bonus - bonusBack);
      legs.push(
        { userId, kind: USR.COINS_PAID, amount: -paidBack },
        { userId, kind: USR.COINS_BONUS, amount: -bonusBack },
        { userId: SYSTEM_USER_ID, kind: SYS.COINS_ISSUED, amount: paidBack + bonusBack },
      );
    }
    const refunded = storedTitle(order);
    const title =
      keptCoins > 0
        ? moneyTitle('refundKept', { order: refunded, kept: keptCoins })
        : moneyTitle('refund', { order: refunded });
    const posted = await tx.post({
      key: `order:${order.id}:refund`,
      kind: 'refund',
      userId,
      orderId: order.id,
      ...title,
      legs,
    });
    if (posted.created)
      for (const lot of lots) if (lot.remaining > 0) await tx.repo.takeFromLot(lot.id, lot.remaining);
    return { ...posted, keptCoins };
  }

  /**
   * Spends `coins` of the user's: unexpired bonus coins first (soonest-expiring lot first), then
   * paid coins. Short of coins: BalanceShortError, and nothing moves. `kind` says what was bought
   * (the expense log shows it).
   */
  async spendCoins(
    tx: LedgerTx,
    userId: number,
    coins: number,
    refs: EntryRefs,
    kind: Extract<EntryKind, 'chapter_unlock' | 'checkin_makeup' | 'ai_purchase'> = 'chapter_unlock',
    /** What the coins bought, posted in the same entry (AI credits issued). */
    extraLegs: readonly LegSpec[] = [],
  ): Promise<SpendResult> {
    await this.expireLots(tx, userId);
    const bonusBalance = await tx.balance(userId, USR.COINS_BONUS);
    const paidBalance = await tx.balance(userId, USR.COINS_PAID);
    if (bonusBalance + paidBalance < coins)
      throw new BalanceShortError(USR.COINS_PAID, coins - bonusBalance - paidBalance);
    const lots = await tx.repo.spendableLots(userId, tx.now);
    const takes: { id: number; amount: number }[] = [];
    let bonusSpent = 0;
    for (const lot of lots) {
      if (bonusSpent >= coins) break;
      const amount = Math.min(lot.remaining, coins - bonusSpent);
      takes.push({ id: lot.id, amount });
      bonusSpent += amount;
    }
    const posted = await tx.postNew({
      ...refs,
      kind,
      userId,
      legs: [
        { userId, kind: USR.COINS_BONUS, amount: -bonusSpent },
        { userId, kind: USR.COINS_PAID, amount: -(coins - bonusSpent) },
        { userId: SYSTEM_USER_ID, kind: SYS.COINS_REDEEMED, amount: coins },
        ...extraLegs,
      ],
    });
    for (const take of takes) await tx.repo.takeFromLot(take.id, take.amount);
    return { ...posted, coins, bonusSpent };
  }

  /** Gives bonus coins (tasks, invites, promotions, operators); `expiresTime` 0 = never. */
  async grantBonus(
    tx: LedgerTx,
    userId: number,
    coins: number,
    expiresTime: number,
    refs: EntryRefs,
  ): Promise<Posted> {
    const posted = await tx.postNew({
      ...refs,
      kind: 'bonus_grant',
      userId,
      legs: [
        { userId: SYSTEM_USER_ID, kind: SYS.COINS_PROMOTIONS, amount: -coins },
        { userId, kind: USR.COINS_BONUS, amount: coins },
      ],
    });
    await tx.repo.insertLot({ userId, entryId: posted.entryId, amount: coins, expiresTime, time: tx.now });
    return posted;
  }

  /** Gives VIP time (friends help, tasks, operators); it stacks on the current expiry. */
  async grantVipTime(tx: LedgerTx, userId: number, seconds: number, refs: EntryRefs): Promise<Posted> {
    return tx.postNew({
      ...refs,
      kind: 'vip_grant',
      userId,
      legs: [
        { userId: SYSTEM_USER_ID, kind: SYS.VIP_PROMOTIONS, amount: -seconds },
        { userId, kind: USR.VIP_SECONDS, amount: seconds },
      ],
    });
  }

  /** Gives AI tries (tasks, operators); the user record's `ai_cos_coin` shows the balance. */
  async grantAiCredits(tx: LedgerTx, userId: number, credits: number, refs: EntryRefs): Promise<Posted> {
    return tx.postNew({
      ...refs,
      kind: 'ai_grant',
      userId,
      legs: [
        { userId: SYSTEM_USER_ID, kind: SYS.AI_PROMOTIONS, amount: -credits },
        { userId, kind: USR.AI_CREDITS, amount: credits },
      ],
    });
  }

  /**
   * Buys AI credits with coins (bonus coins first, like every spend): one entry moves the coins
   * out and the credits in. Short of coins: BalanceShortError, and nothing moves.
   */
  async buyAiCredits(
    tx: LedgerTx,
    userId: number,
    coins: number,
    credits: number,
    refs: EntryRefs,
  ): Promise<SpendResult> {
    return this.spendCoins(tx, userId, coins, refs, 'ai_purchase', [
      { userId: SYSTEM_USER_ID, kind: SYS.AI_ISSUED, amount: -credits },
      { userId, kind: USR.AI_CREDITS, amount: credits },
    ]);
  }

  /** Spends AI credits on a generation. Short: BalanceShortError (kind ai_credits), nothing moves. */
  async spendAiCredits(tx: LedgerTx, userId: number, credits: number, refs: EntryRefs): Promise<Posted> {
    return tx.postNew({
      ...refs,
      kind: 'ai_spend',
      userId,
      legs: [
        { userId, kind: USR.AI_CREDITS, amount: -credits },
        { userId: SYSTEM_USER_ID, kind: SYS.AI_REDEEMED, amount: credits },
      ],
    });
  }

  /** Gives back the credits of a generation that failed or timed out (once, by key). */
  async refundAiCredits(tx: LedgerTx, userId: number, credits: number, refs: EntryRefs): Promise<Posted> {
    return tx.post({
      ...refs,
      kind: 'ai_refund',
      userId,
      legs: [
        { userId: SYSTEM_USER_ID, kind: SYS.AI_REDEEMED, amount: -credits },
        { userId, kind: USR.AI_CREDITS, amount: credits },
      ],
    });
  }

  /** Moves what is left of the user's expired bonus lots out of the wallet (one entry per lot). */
  async expireLots(tx: LedgerTx, userId: number): Promise<number> {
    // Locked before the lots are read: a refund committing in between takes a lot's remainder,
    // and expiring the remainder read before it would move coins twice.
    await tx.lockUser(userId);
    const expired = await tx.repo.expiredLots(userId, tx.now);
    let total = 0;
    for (const lot of expired) {
      const posted = await tx.post({
        key: `expire:lot:${lot.id}`,
        kind: 'bonus_expired',
        userId,
        ...moneyTitle('bonusExpired'),
        legs: [
          { userId, kind: USR.COINS_BONUS, amount: -lot.remaining },
          { userId: SYSTEM_USER_ID, kind: SYS.COINS_EXPIRED, amount: lot.remaining },
        ],
      });
      if (posted.created) {
        await tx.repo.takeFromLot(lot.id, lot.remaining);
        total += lot.remaining;
      }
    }
    return total;
  }

  /** The periodic sweep: expires the lots of up to `limit` users; answers how many users it touched. */
  async sweepExpired(limit = 200): Promise<number> {
    const users = await this.reads.usersWithExpiredLots(nowS(), limit);
    for (const userId of users) await this.ledger.transaction((tx) => this.expireLots(tx, userId));
    return users.length;
  }
}
