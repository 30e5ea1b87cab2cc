/**
 * AI: what operators see and change of the AI features: the providers in use (from the
 * environment; keys masked), the prices and quotas the app reads at every call (free tries per
 * day `ai.free_daily`, credits per chat reply `ai.chat_cost`; image styles and credit packs are
 * fixed in the code and shown), usage from the AI log, and moderation of generated images: an
 * operator-hidden image (`ai_jobs.hidden = 2`) leaves every gallery, as the user's own removal
 * (`hidden = 1`) does.
 */
import { xorBytes } from '@dm51/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { DEFAULT_AI_IMAGE_CONFIG } from '../../ai-images/ai-image-config.js';
import { AI_PACKS, AI_STYLES } from '../../ai-images/providers.js';
import type { Database } from '../../db/database.js';
import { DEFAULT_FREE_DAILY, FREE_DAILY_SETTING } from '../../services/ai-charges.service.js';
import {
  CHAT_CONCURRENCY_SETTING,
  CHAT_COST_SETTING,
  DEFAULT_CHAT_CONCURRENCY,
} from '../../services/ai-chat.service.js';
import { SettingsRepository } from '../../repositories/settings.repository.js';
import type { Audit } from '../admin-route.js';
import { AdminErrors } from '../admin-errors.js';
import { maskSecret, maskUrl } from '../system/env-settings.js';

export const DEFAULT_CHAT_COST = 1;
/** ai_jobs.hidden: 1 = removed by its user, 2 = hidden by an operator. */
export const HIDDEN_BY_OPERATOR = 2;

export interface AiPrices {
  freeDaily: number;
  chatCost: number;
}

const DAY_S = 86_400;

function parseCount(raw: string | undefined, fallback: number): number {
  let value = Number.NaN;
  try {
    value = raw === undefined ? Number.NaN : Number(JSON.parse(raw));
  } catch {
    // A malformed setting reads as its default, as the app reads it.
  }
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

export class AiAdminService {
  constructor(private readonly app: FastifyInstance) {}

  private get db(): Database {
    return this.app.db;
  }

  async prices(db: Database = this.db): Promise<AiPrices> {
    const raw = await new SettingsRepository(db).getMany([FREE_DAILY_SETTING, CHAT_COST_SETTING]);
    return {
      freeDaily: parseCount(raw.get(FREE_DAILY_SETTING), DEFAULT_FREE_DAILY),
      chatCost: parseCount(raw.get(CHAT_COST_SETTING), DEFAULT_CHAT_COST),
    };
  }

  /** Providers (secrets masked), prices and quotas, limits. */
  async settings() {
    const images = this.app.config.aiImages ?? DEFAULT_AI_IMAGE_CONFIG;
    const chat = this.app.config.aiChat;
    return {
      images: {
        provider: images.provider,
        openai: {
          baseUrl: images.openai.baseUrl ? maskUrl(images.openai.baseUrl) : '',
          apiKey: maskSecret(images.openai.apiKey),
          model: images.openai.model,
        },
        comfyui: {
          url: images.comfyui.url ? maskUrl(images.comfyui.url) : '',
          workflow: images.comfyui.workflowPath,
        },
        jobTimeoutS: images.jobTimeoutS,
        maxJobsPerUser: images.maxJobsPerUser,
        concurrency: images.concurrency,
        styles: AI_STYLES.map(({ key, name, cost }) => ({ key, name, cost })),
        packs: AI_PACKS.map((pack) => ({ ...pack })),
      },
      chat: {
        /** Whether a chat model is connected: without one the app offers no character chat. */
        connected: this.app.services.ai.chat.chat.available,
        provider: chat?.provider ?? 'builtin',
        baseUrl: chat?.baseUrl ? maskUrl(chat.baseUrl) : '',
        apiKey: maskSecret(chat?.apiKey ?? ''),
        model: chat?.model ?? '',
        timeoutS: chat?.timeoutS ?? 60,
      },
      prices: await this.prices(),
    };
  }

  /** Changes the free tries per day and the credits per chat reply; the app reads them at its next call. */
  async setPrices(trx: Database, audit: Audit, input: Partial<AiPrices>): Promise<AiPrices> {
    const before = await this.prices(trx);
    const after = { ...before, ...input };
    const settings = new SettingsRepository(trx);
    const now = Math.floor(Date.now() / 1000);
    if (after.freeDaily !== before.freeDaily)
      await settings.set(FREE_DAILY_SETTING, String(after.freeDaily), now);
    if (after.chatCost !== before.chatCost)
      await settings.set(CHAT_COST_SETTING, String(after.chatCost), now);
    await audit({ action: 'ai.prices', targetType: 'setting', targetId: 'ai', before, after });
    return after;
  }

  /** Chat replies one user may have generating at once (`ai.chat_concurrency`). */
  async chatConcurrency(db: Database = this.db): Promise<number> {
    const raw = (await new SettingsRepository(db).getMany([CHAT_CONCURRENCY_SETTING])).get(
      CHAT_CONCURRENCY_SETTING,
    );
    return parseCount(raw, DEFAULT_CHAT_CONCURRENCY);
  }

  async setChatConcurrency(trx: Database, audit: Audit, value: number): Promise<number> {
    const before = await this.chatConcurrency(trx);
    await new SettingsRepository(trx).set(
      CHAT_CONCURRENCY_SETTING,
      String(value),
      Math.floor(Date.now() / 1000),
    );
    await audit({
      action: 'ai.chat_concurrency',
      targetType: 'setting',
      targetId: CHAT_CONCURRENCY_SETTING,
      before: { chatConcurrency: before },
      after: { chatConcurrency: value },
    });
    return value;
  }

  /** Generations per day and kind, failures (each refunded), credits spent, and the top users. */
  async usage(days: number) {
    const since = Math.floor(Date.now() / 1000 / DAY_S) * DAY_S - (days - 1) * DAY_S;
    const rows = await this.db
      .selectFrom('ai_log')
      .select(['user_id', 'kind', 'status', 'paid_with', 'cost_credits', 'created_time'])
      .where('created_time', '>=', since)
      .execute();
    const perDay = new Map<
      string,
      {
        day: string;
        image: number;
        chat: number;
        other: number;
        failed: number;
        free: number;
        credits: number;
      }
    >();
    for (let i = 0; i < days; i += 1) {
      const day = new Date((since + i * DAY_S) * 1000).toISOString().slice(0, 10);
      perDay.set(day, { day, image: 0, chat: 0, other: 0, failed: 0, free: 0, credits: 0 });
    }
    const users = new Map<number, { generations: number; failed: number; credits: number }>();
    let failed = 0;
    let creditsSpent = 0;
    for (const row of rows) {
      const day = perDay.get(new Date(Number(row.created_time) * 1000).toISOString().slice(0, 10));
      const isFailed = row.status === 'failed';
      const credits = isFailed ? 0 : Number(row.cost_credits);
      if (day) {
        if (row.kind === 'image') day.image += 1;
        else if (row.kind === 'chat') day.chat += 1;
        else day.other += 1;
        if (isFailed) day.failed += 1;
        if (row.paid_with === 'free') day.free += 1;
        day.credits += credits;
      }
      if (isFailed) failed += 1;
      creditsSpent += credits;
      const user = users.get(row.user_id) ?? { generations: 0, failed: 0, credits: 0 };
      user.generations += 1;
      user.failed += isFailed ? 1 : 0;
      user.credits += credits;
      users.set(row.user_id, user);
    }
    const top = [...users].sort((a, b) => b[1].generations - a[1].generations || a[0] - b[0]).slice(0, 10);
    const names = top.length
      ? await this.db
          .selectFrom('users')
          .select(['id', 'nickname'])
          .where(
            'id',
            'in',
            top.map(([id]) => id),
          )
          .execute()
      : [];
    return {
      days: [...perDay.values()],
      totals: { generations: rows.length, failed, refunded: failed, creditsSpent },
      topUsers: top.map(([userId, stats]) => ({
        userId,
        nickname: names.find((n) => n.id === userId)?.nickname ?? '',
        ...stats,
      })),
    };
  }

  private async thumbnail(key: string): Promise<string> {
    if (!key) return '';
    const stored = await this.app.media.get(key).catch(() => null);
    if (!stored) return '';
    try {
      const jpeg = await sharp(xorBytes(stored, this.app.config.imageXorKey))
        .resize(160, 160, { fit: 'inside' })
        .jpeg({ quality: 70 })
        .toBuffer();
      return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    } catch {
      return '';
    }
  }

  /** Finished images, newest first, with a small thumbnail each (the stored files are XOR-encoded). */
  async results(page: number, limit: number, hiddenOnly: boolean) {
    let base = this.db.selectFrom('ai_jobs').where('status', '=', 'done');
    if (hiddenOnly) base = base.where('hidden', '=', HIDDEN_BY_OPERATOR);
    const [rows, count] = await Promise.all([
      base
        .innerJoin('users', 'users.id', 'ai_jobs.user_id')
        .select([
          'ai_jobs.id',
          'ai_jobs.user_id',
          'users.nickname',
          'ai_jobs.style',
          'ai_jobs.result_key',
          'ai_jobs.hidden',
          'ai_jobs.cost',
          'ai_jobs.created_time',
        ])
        .orderBy('ai_jobs.id', 'desc')
        .offset((page - 1) * limit)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const data = [];
    for (const row of rows) {
      data.push({
        id: Number(row.id),
        userId: Number(row.user_id),
        nickname: row.nickname,
        style: row.style,
        cost: Number(row.cost),
        hidden:
          Number(row.hidden) === HIDDEN_BY_OPERATOR ? 'operator' : Number(row.hidden) === 1 ? 'user' : 'no',
        time: Number(row.created_time),
        thumbnail: await this.thumbnail(row.result_key),
      });
    }
    return { data, total: Number(count.n) };
  }

  /** Hides (or shows again) a finished image for everyone; a user's own removal stays as it is. */
  async setHidden(trx: Database, audit: Audit, id: number, hide: boolean): Promise<void> {
    const job = await trx
      .selectFrom('ai_jobs')
      .select(['id', 'user_id', 'status', 'hidden', 'style'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!job || job.status !== 'done') throw AdminErrors.notFound('AI image');
    const hidden = Number(job.hidden);
    if (hide && hidden !== 0) throw AdminErrors.invalid('This image is already hidden');
    if (!hide && hidden !== HIDDEN_BY_OPERATOR)
      throw AdminErrors.invalid('Only an image hidden by an operator can be shown again');
    await trx
      .updateTable('ai_jobs')
      .set({ hidden: hide ? HIDDEN_BY_OPERATOR : 0 })
      .where('id', '=', id)
      .execute();
    await audit({
      action: hide ? 'ai_result.hide' : 'ai_result.unhide',
      targetType: 'ai_result',
      targetId: String(id),
      before: { hidden, userId: job.user_id, style: job.style },
      after: { hidden: hide ? HIDDEN_BY_OPERATOR : 0 },
    });
  }
}

const instances = new WeakMap<FastifyInstance, AiAdminService>();

export function aiAdminService(app: FastifyInstance): AiAdminService {
  let service = instances.get(app);
  if (!service) {
    service = new AiAdminService(app);
    instances.set(app, service);
  }
  return service;
}
