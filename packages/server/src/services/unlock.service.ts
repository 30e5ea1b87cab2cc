/**
 * Chapters bought with coins. A coin chapter (pay 1) opens once the user unlocked it; a VIP
 * chapter (pay 2) opens for an active VIP or once unlocked. Unlocks are for good. Buying takes the
 * asked chapter and the following locked ones (`count` in all) at the batch discount; opening a
 * locked chapter of a work whose auto-unlock switch is on buys it on the way in.
 */
import {
  ApiCode,
  PAY_VIP,
  type CallResponse,
  type ChargeNotice,
  type comicBuyCall,
  type PurchaseItem,
  type UnlockOption,
} from '@dm51/shared';
import type { Database } from '../db/database.js';
import { AppError } from '../errors.js';
import { chapterName } from '../presenters/chapter.presenter.js';
import type { CatalogueRepository, ChapterWithWork } from '../repositories/catalogue.repository.js';
import { UnlockRepository, type UnlockCandidate } from '../repositories/unlock.repository.js';
import { isLockedFor, isVipActive } from '../policies/chapter-access.policy.js';
import { CatalogueErrors } from './catalogue-errors.js';
import { offsetOf, type Paged } from './catalogue-paging.js';
import { idempotent } from './idempotent-call.js';
import { BalanceShortError, nowS, type LedgerService, type LedgerTx } from './ledger.service.js';
import {
  chapterPrice,
  discountFor,
  type MoneyRules,
  type MoneySettingsService,
} from './money-settings.service.js';
import type { WalletService } from './wallet.service.js';
import { moneyTitle } from './money-texts.js';

export const UnlockErrors = {
  notForSale: () => new AppError(ApiCode.NOT_FOR_SALE, 'This chapter is free: there is nothing to buy'),
  chapterLocked: () =>
    new AppError(ApiCode.CHAPTER_LOCKED, 'This chapter is unlocked with coins: unlock it to read on'),
};

/** The batch sizes the unlock sheet offers (limited to the locked chapters left). */
const BATCH_COUNTS = [1, 5, 10, 30];

/** List prices of a work's chapters under `rules` (0 for free chapters and unknown works). */
function priceWith(work: { type: number; chapter_price: number } | undefined, rules: MoneyRules) {
  return (chapter: { pay: number; price_coins: number }) =>
    chapter.pay > 0 && work ? chapterPrice(chapter, work, rules.chapterPrice) : 0;
}

/** What a buy call answers (the same for comics, novels and episodes). */
export type BuyResult = CallResponse<typeof comicBuyCall>;

export class UnlockService {
  private readonly reads: UnlockRepository;

  constructor(
    db: Database,
    private readonly ledger: LedgerService,
    private readonly wallet: WalletService,
    private readonly settings: MoneySettingsService,
    private readonly catalogue: CatalogueRepository,
  ) {
    this.reads = new UnlockRepository(db);
  }

  isUnlocked(userId: number, chapterId: number): Promise<boolean> {
    return this.reads.isUnlocked(userId, chapterId);
  }

  unlockedInWork(userId: number, workId: number): Promise<Set<number>> {
    return this.reads.unlockedInWork(userId, workId);
  }

  /** Coin prices of a work's chapters as lists show them (0 for free chapters). */
  async pricer(workId: number): Promise<(chapter: { pay: number; price_coins: number }) => number> {
    const [work, rules] = await Promise.all([this.reads.workPricing(workId), this.settings.rules()]);
    return priceWith(work, rules);
  }

  /** As `pricer`, for a work row the caller has already (a kept detail part): only the rules are read. */
  async pricerFor(work: {
    type: number;
    chapter_price: number;
  }): Promise<(chapter: { pay: number; price_coins: number }) => number> {
    return priceWith(work, await this.settings.rules());
  }

  /**
   * Opening a chapter that is locked for the user, with auto-unlock on for its work: buys it when
   * the coins suffice. Answers 'opened' with what was charged (null when a concurrent open bought it
   * first, or it opened otherwise meanwhile: the reader gets the chapter and is charged once), or
   * 'locked' (auto-unlock off, or not enough coins).
   */
  private async autoUnlock(
    userId: number,
    chapter: ChapterWithWork,
  ): Promise<{ opened: true; charged: ChargeNotice } | { opened: false }> {
    if (!(await this.reads.autoEnabled(userId, chapter.work_id))) return { opened: false };
    try {
      const rules = await this.settings.rules();
      const result = await this.ledger.transaction((tx) =>
        this.buyInTx(tx, userId, chapter, 1, `auto-unlock:${userId}:${chapter.id}`, 'auto', rules),
      );
      if (result.chapter_ids.length === 0) return { opened: true, charged: null };
      return {
        opened: true,
        charged: {
          coins: result.coins,
          bonus_spent: result.bonus_spent,
          cion: result.cion,
          ticket: result.ticket,
        },
      };
    } catch (error) {
      if (error instanceof BalanceShortError) return { opened: false };
      throw error;
    }
  }

  /** Whether a paid chapter is closed to this user (free chapters never are). */
  async lockedFor(
    userId: number,
    chapter: { id: number; pay: number },
    vipActive: boolean,
  ): Promise<boolean> {
    if (!isLockedFor(chapter.pay, vipActive, false)) return false;
    return !(await this.reads.isUnlocked(userId, chapter.id));
  }

  /**
   * The readers' and the player's gate: an open chapter passes (null); a locked one is bought when
   * its work's auto-unlock is on and the coins suffice (what was charged is answered), else refused
   * with VIP_REQUIRED or CHAPTER_LOCKED before any content is read.
   */
  async openOrCharge(userId: number, chapter: ChapterWithWork, vipActive: boolean): Promise<ChargeNotice> {
    if (!(await this.lockedFor(userId, chapter, vipActive))) return null;
    const auto = await this.autoUnlock(userId, chapter);
    if (!auto.opened) throw this.lockedError(chapter.pay);
    return auto.charged;
  }

  /** The refusal for a locked chapter: VIP_REQUIRED for VIP chapters, CHAPTER_LOCKED for coin chapters. */
  lockedError(pay: number): AppError {
    return pay === PAY_VIP ? CatalogueErrors.vipRequired() : UnlockErrors.chapterLocked();
  }

  async quote(userId: number, chapterId: number) {
    const chapter = await this.requireChapter(chapterId);
    const [work, rules, wallet, auto, unlocked] = await Promise.all([
      this.reads.workPricing(chapter.work_id),
      this.settings.rules(),
      this.wallet.wallet(userId),
      this.reads.autoEnabled(userId, chapter.work_id),
      this.reads.unlockedInWork(userId, chapter.work_id),
    ]);
    const vipActive = wallet.vip === 1;
    const locked = isLockedFor(chapter.pay, vipActive, unlocked.has(chapter.id));
    const price = chapter.pay > 0 && work ? chapterPrice(chapter, work, rules.chapterPrice) : 0;
    let options: UnlockOption[] = [];
    if (locked && work) {
      const lockedAhead = (await this.reads.paidChaptersFrom(chapter.work_id, chapter.sort_order)).filter(
        (c) => isLockedFor(c.pay, vipActive, unlocked.has(c.id)),
      );
      const counts = BATCH_COUNTS.filter((count) => count <= lockedAhead.length);
      if (lockedAhead.length > 1 && lockedAhead.length <= 200 && !counts.includes(lockedAhead.length))
        counts.push(lockedAhead.length);
      options = counts.map((count) => {
        const list = lockedAhead
          .slice(0, count)
          .reduce((sum, c) => sum + chapterPrice(c, work, rules.chapterPrice), 0);
        const discount = count > 1 ? discountFor(count, rules.batchDiscounts) : 0;
        return {
          count,
          coins: discounted(lockedAhead.slice(0, count), work, rules.chapterPrice, discount),
          list_coins: list,
          discount_percent: discount,
        };
      });
    }
    return {
      chapter_id: chapter.id,
      work_id: chapter.work_id,
      type: chapter.work_type,
      locked: locked ? 1 : 0,
      reason: (!locked ? 'none' : chapter.pay === PAY_VIP ? 'vip' : 'coins') as 'none' | 'vip' | 'coins',
      price,
      options,
      wallet,
      auto_unlock: auto ? 1 : 0,
    };
  }

  /** `/v3/{comic,book,anime}/buy`: idempotent by the client's key. */
  async buy(
    userId: number,
    call: string,
    type: number,
    chapterId: number,
    count: number,
    key: string,
  ): Promise<BuyResult> {
    const chapter = await this.requireChapter(chapterId);
    if (chapter.work_type !== type) throw CatalogueErrors.notFound();
    if (chapter.pay <= 0) throw UnlockErrors.notForSale();
    const rules = await this.settings.rules();
    return this.ledger.transaction((tx) =>
      idempotent(tx, { userId, call, key, request: { chapterId, count } }, () =>
        this.buyInTx(
          tx,
          userId,
          chapter,
          count,
          `unlock:${userId}:${key}`,
          count > 1 ? 'batch' : 'single',
          rules,
        ),
      ),
    );
  }

  async setAuto(userId: number, workId: number, enabled: boolean) {
    if ((await this.catalogue.typeOf(workId)) === undefined) throw CatalogueErrors.notFound();
    await this.reads.setAuto(userId, workId, enabled, nowS());
    return { work_id: workId, enabled: enabled ? 1 : 0 };
  }

  async purchases(userId: number, page: number, limit: number): Promise<Paged<PurchaseItem>> {
    const { rows, total } = await this.reads.purchases(userId, offsetOf(page, limit), limit);
    return {
      list: rows.map((row) => ({
        chapter_id: row.chapter_id,
        chapter_name: chapterName(row),
        work_id: row.work_id,
        work_name: row.work_title,
        type: row.type,
        coins: row.coins,
        addtime: Number(row.created_time),
      })),
      total,
    };
  }

  private async requireChapter(chapterId: number): Promise<ChapterWithWork> {
    const chapter = await this.catalogue.findChapter(chapterId);
    if (!chapter) throw CatalogueErrors.notFound();
    return chapter;
  }

  /**
   * The purchase itself, after the user's accounts are locked: which chapters are still locked is
   * decided here, inside the transaction, so two racing purchases never buy a chapter twice.
   */
  private async buyInTx(
    tx: LedgerTx,
    userId: number,
    chapter: ChapterWithWork,
    count: number,
    /** The ledger entry's key: new for every purchase (EntryExistsError otherwise, nothing moves). */
    entryKey: string,
    source: 'single' | 'batch' | 'auto',
    /**
     * Read by the caller before the transaction: the settings are read through the database
     * handle, not the transaction, and on SQLite (one connection) that read would wait forever
     * for the transaction holding the connection.
     */
    rules: MoneyRules,
  ): Promise<BuyResult> {
    await tx.lockUser(userId);
    const reads = new UnlockRepository(tx.trx);
    const [work, unlocked, vip] = await Promise.all([
      reads.workPricing(chapter.work_id),
      reads.unlockedInWork(userId, chapter.work_id),
      tx.repo.vipOf(userId),
    ]);
    if (!work) throw CatalogueErrors.notFound();
    const vipActive = isVipActive(vip, tx.now);
    const targets = (await reads.paidChaptersFrom(chapter.work_id, chapter.sort_order))
      .filter((c) => isLockedFor(c.pay, vipActive, unlocked.has(c.id)))
      .slice(0, count);
    const balances = async () => ({
      cion: await tx.balance(userId, 'coins_paid'),
      ticket: await tx.balance(userId, 'coins_bonus'),
    });
    // The asked chapter is open already (bought before, or VIP): nothing to buy, nothing charged.
    if (targets[0]?.id !== chapter.id)
      return {
        chapter_id: chapter.id,
        chapter_ids: [],
        coins: 0,
        bonus_spent: 0,
        discount_percent: 0,
        ...(await balances()),
      };
    const discount = targets.length > 1 ? discountFor(targets.length, rules.batchDiscounts) : 0;
    const prices = batchPrices(
      targets.map((c) => chapterPrice(c, work, rules.chapterPrice)),
      discount,
    );
    const total = prices.reduce((sum, price) => sum + price, 0);
    const first = targets[0]!;
    const title =
      targets.length > 1
        ? moneyTitle('chapterUnlockMore', {
            work: work.title,
            chapter: chapterName(first),
            more: targets.length - 1,
          })
        : moneyTitle('chapterUnlock', { work: work.title, chapter: chapterName(first) });
    const spent = await this.wallet.spendCoins(tx, userId, total, {
      key: entryKey,
      ...title,
      workId: work.id,
      chapterId: first.id,
    });
    await reads.insertUnlocks(
      targets.map((c, index) => ({
        userId,
        chapterId: c.id,
        workId: work.id,
        coins: prices[index]!,
        entryId: spent.entryId,
        source,
        time: tx.now,
      })),
    );
    return {
      chapter_id: chapter.id,
      chapter_ids: targets.map((c) => c.id),
      coins: total,
      bonus_spent: spent.bonusSpent,
      discount_percent: discount,
      ...(await balances()),
    };
  }
}

/**
 * What each chapter of a batch costs after the discount. The discount is taken off the batch's
 * total and rounded in whole coins (a 5 % discount on five 1-coin chapters is 0 coins, not 5); the
 * total is then spread over the chapters, the remainder coin by coin from the first, so the
 * per-chapter amounts recorded with the unlocks add up to what was charged.
 */
export function batchPrices(prices: readonly number[], percent: number): number[] {
  const list = prices.reduce((sum, price) => sum + price, 0);
  const total = list - Math.floor((list * percent) / 100);
  const shares = prices.map((price) => Math.floor((price * (100 - percent)) / 100));
  const remainder = total - shares.reduce((sum, share) => sum + share, 0);
  return shares.map(
    (share, index) =>
      share + Math.floor(remainder / shares.length) + (index < remainder % shares.length ? 1 : 0),
  );
}

function discounted(
  chapters: UnlockCandidate[],
  work: { chapter_price: number; type: number },
  defaults: Record<string, number>,
  percent: number,
): number {
  const prices = batchPrices(
    chapters.map((c) => chapterPrice(c, work, defaults)),
    percent,
  );
  return prices.reduce((sum, price) => sum + price, 0);
}
