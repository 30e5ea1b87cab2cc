/**
 * AI cos (images): the AI tab's state, starting a generation (charge + job + log line in one
 * ledger transaction), the job's state, the gallery, failure refunds and buying credit packs.
 */
import { ApiCode, type AiJob, type AiLogItem } from '@dm51/shared';
import type { Database } from '../db/database.js';
import type { AiJobRow } from '../db/schema-ai-images.js';
import { AppError, Errors } from '../errors.js';
import type { AiMedia } from '../ai-images/ai-media.js';
import { AI_PACKS, AI_STYLES } from '../ai-images/providers.js';
import type { AiJobRepository } from '../repositories/ai-job.repository.js';
import type { AiLogRepository } from '../repositories/ai-log.repository.js';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import type { AiCharge, AiChargesService } from './ai-charges.service.js';
import { idempotent } from './idempotent-call.js';
import type { LedgerService } from './ledger.service.js';
import { nowS } from './ledger.service.js';
import type { WalletService } from './wallet.service.js';
import { moneyTitle } from './money-texts.js';

export const AiImageErrors = {
  busy: (max: number) =>
    new AppError(ApiCode.AI_JOBS_BUSY, `At most ${max} generations at once: wait for one to finish`),
  notFound: () => new AppError(ApiCode.AI_JOB_NOT_FOUND, 'No such AI image'),
  style: () => new AppError(ApiCode.AI_STYLE_UNKNOWN, 'Unknown style'),
  source: (msg: string) => new AppError(ApiCode.AI_SOURCE_INVALID, msg),
  pack: () => new AppError(ApiCode.AI_PACK_UNKNOWN, 'Unknown AI credit pack'),
};

/** The job's stored charge: what was taken and under which ledger key. */
interface StoredCharge extends AiCharge {
  key: string;
}

export interface CreateInput {
  style: string;
  workId?: number;
  seed?: number;
  idempotencyKey: string;
  upload: Buffer | null;
}

export class AiImageService {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerService,
    private readonly wallet: WalletService,
    private readonly charges: AiChargesService,
    private readonly jobs: AiJobRepository,
    private readonly log: AiLogRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly media: AiMedia | null,
    private readonly options: { provider: string; maxJobsPerUser: number; kick: () => void },
  ) {}

  private async account(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['is_guest', 'coins', 'ticket', 'ai_cos_coin'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  async index(userId: number) {
    const user = await this.account(userId);
    const isGuest = Number(user.is_guest) === 1;
    return {
      is_guest: Number(isGuest),
      credits: Number(user.ai_cos_coin),
      coins: Number(user.coins) + Number(user.ticket),
      free_left: await this.charges.freeLeft(userId),
      free_daily: await this.charges.freeDaily(),
      can_buy: Number(!isGuest),
      provider: this.options.provider,
      styles: AI_STYLES.map(({ key, name, cost }) => ({ key, name, cost })),
      packs: AI_PACKS.map((pack) => ({ ...pack })),
    };
  }

  async create(userId: number, input: CreateInput): Promise<AiJob> {
    const style = AI_STYLES.find((item) => item.key === input.style);
    if (!style) throw AiImageErrors.style();
    if (!this.media) throw Errors.internal();
    if ((input.upload ? 1 : 0) + (input.workId ? 1 : 0) !== 1)
      throw AiImageErrors.source('Upload a photo or pick a work, not both');
    // The picture is stored before the transaction: checking and re-encoding it takes a while,
    // and a stored but unused picture costs nothing (keys are content hashes).
    let inputKey: string;
    if (input.upload) inputKey = await this.media.storePhoto(input.upload);
    else {
      const work = await this.catalogue.findWork(input.workId!);
      if (!work || !work.cover_key) throw AiImageErrors.source('That work has no cover to start from');
      inputKey = work.cover_key;
    }
    const seed = input.seed ?? Math.floor(Math.random() * 2_147_483_647);
    const request = { style: style.key, workId: input.workId ?? 0, seed: input.seed ?? null, inputKey };
    const job = await this.ledger.transaction((tx) =>
      idempotent(tx, { userId, call: 'ai/cos_create', key: input.idempotencyKey, request }, async () => {
        const jobs = this.jobs.within(tx.trx);
        if ((await jobs.activeCount(userId)) >= this.options.maxJobsPerUser)
          throw AiImageErrors.busy(this.options.maxJobsPerUser);
        const key = `ai:image:${userId}:${input.idempotencyKey}`;
        const entryTitle = moneyTitle('aiCos', { style: style.name });
        const title = entryTitle.title;
        const charge = await this.charges.charge(tx, userId, style.cost, { key, ...entryTitle });
        const stored: StoredCharge = { ...charge, key };
        const logId = await this.log.within(tx.trx).add({
          userId,
          kind: 'image',
          title,
          costCredits: charge.credits,
          paidWith: charge.paidWith,
          status: 'queued',
          time: tx.now,
        });
        const id = await jobs.insert({
          user_id: userId,
          style: style.key,
          seed,
          source: input.upload ? 'upload' : 'work',
          input_key: inputKey,
          cost: charge.credits,
          charge: JSON.stringify(stored),
          log_id: logId,
          created_time: tx.now,
          updated_time: tx.now,
        });
        await this.log.within(tx.trx).setRef(logId, id);
        return this.present((await jobs.find(id))!);
      }),
    );
    this.options.kick();
    return job;
  }

  async job(userId: number, id: number): Promise<AiJob> {
    const row = await this.jobs.find(id);
    // An image an operator hid (hidden = 2) is gone for its owner too, not only from the gallery.
    if (!row || row.user_id !== userId || Number(row.hidden) === 2) throw AiImageErrors.notFound();
    return this.present(row);
  }

  async gallery(userId: number, page: number, limit: number) {
    const { rows, total } = await this.jobs.gallery(userId, (page - 1) * limit, limit);
    return { list: rows.map((row) => this.present(row)), total };
  }

  async galleryDelete(userId: number, id: number): Promise<Record<string, never>> {
    if (!(await this.jobs.hide(userId, id))) throw AiImageErrors.notFound();
    return {};
  }

  async logPage(userId: number, page: number, limit: number): Promise<{ list: AiLogItem[]; total: number }> {
    const { rows, total } = await this.log.page(userId, (page - 1) * limit, limit);
    return {
      list: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        ...(row.style ? { style: row.style } : {}),
        cost: row.cost_credits,
        paid_with: row.paid_with,
        status: row.status,
        addtime: row.created_time,
      })),
      total,
    };
  }

  /** Fails a job and gives its charge back, once: only the caller whose update moved it refunds. */
  async fail(job: AiJobRow, error: string): Promise<void> {
    const charge = JSON.parse(job.charge) as StoredCharge;
    await this.ledger.transaction(async (tx) => {
      await tx.lockUser(job.user_id);
      if (!(await this.jobs.within(tx.trx).fail(job.id, error, nowS()))) return;
      await this.charges.refund(tx, job.user_id, charge, { key: charge.key, ...moneyTitle('aiCosRefund') });
      await this.log.within(tx.trx).setStatus(job.log_id, 'failed');
    });
  }

  async buy(userId: number, packKey: string, idempotencyKey: string) {
    const pack = AI_PACKS.find((item) => item.key === packKey);
    if (!pack) throw AiImageErrors.pack();
    await this.ledger.transaction((tx) =>
      idempotent(
        tx,
        { userId, call: 'ai/buy', key: idempotencyKey, request: { pack: pack.key } },
        async () => {
          // Short of coins: BalanceShortError (BALANCE_SHORT 1301), and nothing moves.
          await this.wallet.buyAiCredits(tx, userId, pack.coins, pack.credits, {
            key: `ai:buy:${userId}:${idempotencyKey}`,
            ...moneyTitle('aiCredits', { credits: pack.credits }),
          });
          return { added: pack.credits };
        },
      ),
    );
    const user = await this.account(userId);
    return {
      credits: Number(user.ai_cos_coin),
      coins: Number(user.coins) + Number(user.ticket),
      added: pack.credits,
    };
  }

  present(row: AiJobRow): AiJob {
    const charge = JSON.parse(row.charge) as StoredCharge;
    return {
      id: Number(row.id),
      status: row.status,
      progress: Number(row.progress),
      style: row.style,
      result: row.result_key && this.media ? this.media.url(row.result_key) : '',
      error: row.error,
      cost: Number(row.cost),
      paid_with: charge.paidWith,
      refunded: Number(row.refunded),
      addtime: Number(row.created_time),
    };
  }
}
