/**
 * Character chat. Sending a message charges it (a free try of today, else AI credits)
 * in one ledger transaction with the user's message and a pending reply that carries a one-time
 * stream token; opening the stream claims the token, generates the reply from the grounding (only
 * the chapters read) and saves it. A failed or timed-out reply is marked failed and refunded in one
 * transaction, guarded by its status so it is refunded once. Replies never opened within the
 * token's life are failed and refunded the next time the user sends or reads the conversation.
 * With no chat model connected a message is refused (AI_CHAT_NO_MODEL) before anything is stored or
 * charged: a try is only ever kept for a reply a model wrote.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ApiCode } from '@dm51/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { AppError } from '../errors.js';
import { mediaUrlPath } from '../media/media-key.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import type { AiChargesService, AiCharge } from './ai-charges.service.js';
import type { AiLogWriter } from './ai-chat-log.js';
import type { ChatGrounding, Character } from './ai-chat-grounding.js';
import { unknownTarget } from './ai-chat-grounding.js';
import type { ChatProvider, ChatTurn } from './ai-chat-provider.js';
import { idempotent } from './idempotent-call.js';
import type { MoneyServices } from './money-services.js';
import type { ModerationService } from './moderation.service.js';
import { moneyTitle } from './money-texts.js';

export const CHAT_COST_SETTING = 'ai.chat_cost';
export const CHAT_CONCURRENCY_SETTING = 'ai.chat_concurrency';
const DEFAULT_COST = 1;
/** Replies one user may have generating at once (the console changes it: AI → Settings). */
export const DEFAULT_CHAT_CONCURRENCY = 2;
const TOKEN_LIFE_S = 60;
/** Earlier turns handed to the provider with a new message. */
const HISTORY_TURNS = 6;

const now = () => Math.floor(Date.now() / 1000);
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const ChatErrors = {
  refused: () => new AppError(ApiCode.AI_PROMPT_REFUSED, 'The message contains a word that is not allowed'),
  busy: (limit: number) =>
    new AppError(
      ApiCode.AI_CHAT_BUSY,
      `At most ${limit} replies can be written at once; wait for one to finish`,
    ),
  failed: () =>
    new AppError(ApiCode.AI_GENERATION_FAILED, 'The reply could not be written; what it cost was given back'),
  expired: () =>
    new AppError(ApiCode.AI_STREAM_EXPIRED, 'This reply stream has expired or was opened already'),
  noModel: () =>
    new AppError(
      ApiCode.AI_CHAT_NO_MODEL,
      'Character chat needs a chat model, and the operator has not connected one; nothing was charged',
    ),
};

/** The mutable parts, so tests (and the integration) can swap the provider and the log writer. */
export interface ChatPlugs {
  /** The connected chat model; null when the operator has connected none (chat is then refused). */
  provider: ChatProvider | null;
  log: AiLogWriter;
  timeoutS: number;
}

export interface SendInput {
  work_id: number;
  character: string;
  message: string;
  idempotency_key: string;
}

/** Where a stream's events go (the route writes them as SSE). */
export type StreamSink = (
  event: { type: 'chunk'; text: string } | { type: 'done'; message_id: number; text: string },
) => void;

export class AiChatService {
  private readonly settings: SettingsRepository;

  constructor(
    private readonly db: Database,
    private readonly money: MoneyServices,
    private readonly charges: AiChargesService,
    private readonly grounding: ChatGrounding,
    private readonly moderation: ModerationService,
    readonly plugs: ChatPlugs,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.settings = new SettingsRepository(db);
  }

  private async setting(key: string, fallback: number): Promise<number> {
    const raw = (await this.settings.getMany([key])).get(key);
    const value = raw === undefined ? Number.NaN : Number(raw);
    return Number.isInteger(value) && value >= 0 ? value : fallback;
  }

  async wallet(userId: number): Promise<{ free_left: number; credits: number; cost: number }> {
    const user = await this.db
      .selectFrom('users')
      .select('ai_cos_coin')
      .where('id', '=', userId)
      .executeTakeFirst();
    return {
      free_left: await this.charges.freeLeft(userId),
      credits: user?.ai_cos_coin ?? 0,
      cost: await this.setting(CHAT_COST_SETTING, DEFAULT_COST),
    };
  }

  async characters(userId: number, workId: number) {
    const grounding = await this.grounding.forUser(userId, workId);
    return {
      work_id: workId,
      title: grounding.title,
      language: grounding.language,
      chapters_read: grounding.chaptersRead,
      list: this.grounding.characters(grounding).map((c) => ({
        name: c.name,
        mentions: c.mentions,
        is_narrator: Number(c.isNarrator),
      })),
      ...(await this.wallet(userId)),
    };
  }

  private async character(userId: number, workId: number, name: string): Promise<Character> {
    const grounding = await this.grounding.forUser(userId, workId);
    const found = this.grounding.characters(grounding).find((c) => c.name === name);
    if (!found) throw unknownTarget(`${name} is not a character of this work (as far as you have read)`);
    return found;
  }

  /** Whether a chat model is connected (the AI tab shows chat only then). */
  get available(): boolean {
    return this.plugs.provider !== null;
  }

  async send(userId: number, input: SendInput) {
    // Before anything is stored or charged: a reply no model can write must not cost a try.
    if (!this.available) throw ChatErrors.noModel();
    const words = (await this.moderation.rules()).words.map((w) => w.trim().toLowerCase()).filter(Boolean);
    const lower = input.message.toLowerCase();
    if (words.some((word) => lower.includes(word))) throw ChatErrors.refused();
    const character = await this.character(userId, input.work_id, input.character);
    await this.expireStale(userId);
    const limit = await this.setting(CHAT_CONCURRENCY_SETTING, DEFAULT_CHAT_CONCURRENCY);
    const cost = await this.setting(CHAT_COST_SETTING, DEFAULT_COST);
    const answer = await this.money.ledger.transaction((tx) =>
      idempotent(
        tx,
        { userId, call: 'ai.chat_send', key: input.idempotency_key, request: input },
        async () => {
          const running = await tx.trx
            .selectFrom('ai_chat_messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('role', '=', 'character')
            .where('status', 'in', ['pending', 'streaming'])
            .executeTakeFirstOrThrow();
          if (Number(running.n) >= limit) throw ChatErrors.busy(limit);
          const time = tx.now;
          const base = {
            user_id: userId,
            work_id: input.work_id,
            character: character.name,
            created_time: time,
            updated_time: time,
          };
          await tx.trx
            .insertInto('ai_chat_messages')
            .values({ ...base, role: 'user', text: input.message })
            .execute();
          const token = randomBytes(24).toString('base64url');
          const reply = await tx.trx
            .insertInto('ai_chat_messages')
            .values({
              ...base,
              role: 'character',
              status: 'pending',
              stream_token_hash: hashOf(token),
              stream_expires: time + TOKEN_LIFE_S,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const paid = await this.charges.charge(tx, userId, cost, {
            key: `ai:chat:${reply.id}`,
            ...moneyTitle('aiChat', { character: character.name }),
          });
          await tx.trx
            .updateTable('ai_chat_messages')
            .set({ paid_with: paid.paidWith, cost_credits: paid.credits, charge_day: paid.day })
            .where('id', '=', reply.id)
            .execute();
          return { message_id: reply.id, stream_url: `/v3/ai/stream/${token}`, paid_with: paid.paidWith };
        },
      ),
    );
    const wallet = await this.wallet(userId);
    return { ...answer, free_left: wallet.free_left, credits: wallet.credits };
  }

  /**
   * Claims a stream token and writes the reply through `sink`. Throws AI_STREAM_EXPIRED for a
   * bad token and AI_GENERATION_FAILED (after the refund) when the provider fails or times out.
   */
  async stream(token: string, sink: StreamSink, signal?: AbortSignal): Promise<void> {
    const claimed = await this.db
      .updateTable('ai_chat_messages')
      .set({ stream_token_hash: '', status: 'streaming', updated_time: now() })
      .where('stream_token_hash', '=', hashOf(token))
      .where('status', '=', 'pending')
      .where('stream_expires', '>=', now())
      .returningAll()
      .executeTakeFirst();
    if (!claimed || !token) throw ChatErrors.expired();
    let text = '';
    try {
      // The model was disconnected (or swapped out in a test) after this message was charged.
      const provider = this.plugs.provider;
      if (!provider) throw ChatErrors.noModel();
      const character = await this.character(claimed.user_id, claimed.work_id, claimed.character);
      const grounding = await this.grounding.forUser(claimed.user_id, claimed.work_id);
      const turns = await this.db
        .selectFrom('ai_chat_messages')
        .select(['role', 'text'])
        .where('user_id', '=', claimed.user_id)
        .where('work_id', '=', claimed.work_id)
        .where('character', '=', claimed.character)
        .where('id', '<', claimed.id)
        .where('status', '=', 'done')
        .orderBy('id', 'desc')
        .limit(HISTORY_TURNS + 1)
        .execute();
      const [last, ...earlier] = turns;
      if (!last || last.role !== 'user') throw new Error('the message of this reply is missing');
      const timeout = AbortSignal.timeout(this.plugs.timeoutS * 1000);
      const both = signal ? AbortSignal.any([timeout, signal]) : timeout;
      const history: ChatTurn[] = earlier.reverse().map((t) => ({ role: t.role, text: t.text }));
      for await (const chunk of provider.streamReply(
        {
          grounding,
          character: character.name,
          isNarrator: character.isNarrator,
          history,
          message: last.text,
        },
        both,
      )) {
        text += chunk;
        sink({ type: 'chunk', text: chunk });
      }
      if (!text.trim()) throw new Error('the provider answered nothing');
    } catch (error) {
      await this.fail(claimed.id);
      throw error instanceof AppError &&
        (error.code === ApiCode.AI_CHARACTER_UNKNOWN || error.code === ApiCode.AI_CHAT_NO_MODEL)
        ? error
        : ChatErrors.failed();
    }
    await this.db
      .updateTable('ai_chat_messages')
      .set({ text, status: 'done', updated_time: now() })
      .where('id', '=', claimed.id)
      .execute();
    await this.writeLog(claimed, 'done');
    sink({ type: 'done', message_id: claimed.id, text });
  }

  /**
   * The AI log row, written after the reply's own commit: the log is a record for the user, and a
   * log that cannot be written (its table missing, a full disk) must not undo a reply or a refund.
   */
  private async writeLog(
    reply: { id: number; user_id: number; character: string; cost_credits: number; paid_with: string },
    status: string,
  ): Promise<void> {
    try {
      await this.plugs.log.add(this.db, this.logRow(reply, status));
    } catch (error) {
      this.logger.warn({ err: error, replyId: reply.id }, 'could not write the AI log row');
    }
  }

  private logRow(
    reply: { id: number; user_id: number; character: string; cost_credits: number; paid_with: string },
    status: string,
  ) {
    return {
      userId: reply.user_id,
      kind: 'chat' as const,
      refId: reply.id,
      title: reply.character,
      costCredits: reply.cost_credits,
      paidWith: reply.paid_with as 'free' | 'credits',
      status,
      createdTime: now(),
    };
  }

  /** Marks a reply failed and gives back what it cost, once (the status guard). */
  private async fail(replyId: number): Promise<void> {
    const refunded = await this.money.ledger.transaction(async (tx) => {
      const reply = await tx.trx
        .updateTable('ai_chat_messages')
        .set({ status: 'failed', stream_token_hash: '', updated_time: tx.now })
        .where('id', '=', replyId)
        .where('status', 'in', ['pending', 'streaming'])
        .returningAll()
        .executeTakeFirst();
      if (!reply) return null;
      const charge: AiCharge = {
        paidWith: reply.paid_with === 'credits' ? 'credits' : 'free',
        credits: reply.cost_credits,
        day: reply.charge_day,
      };
      await this.charges.refund(tx, reply.user_id, charge, {
        key: `ai:chat:${reply.id}`,
        ...moneyTitle('aiChatRefund', { character: reply.character }),
      });
      return reply;
    });
    if (refunded) await this.writeLog(refunded, 'refunded');
  }

  /** Replies whose stream was never opened in time (or a server that stopped mid-stream). */
  private async expireStale(userId: number): Promise<void> {
    const stale = await this.db
      .selectFrom('ai_chat_messages')
      .select('id')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('stream_expires', '<', now())]),
          eb.and([
            eb('status', '=', 'streaming'),
            eb('updated_time', '<', now() - this.plugs.timeoutS - TOKEN_LIFE_S),
          ]),
        ]),
      )
      .execute();
    for (const row of stale) await this.fail(row.id);
  }

  async history(userId: number, input: { work_id: number; character: string; page: number; limit: number }) {
    await this.expireStale(userId);
    const where = this.db
      .selectFrom('ai_chat_messages')
      .where('user_id', '=', userId)
      .where('work_id', '=', input.work_id)
      .where('character', '=', input.character);
    const [rows, total] = await Promise.all([
      where
        .select(['id', 'role', 'text', 'status', 'created_time'])
        .orderBy('id', 'desc')
        .limit(input.limit)
        .offset((input.page - 1) * input.limit)
        .execute(),
      where.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(total.n),
      list: rows.map((row) => ({
        ...row,
        status: (row.status === 'done' || row.status === 'failed' ? row.status : 'pending') as
          'pending' | 'done' | 'failed',
      })),
    };
  }

  async clear(userId: number, workId: number, character: string) {
    const result = await this.db
      .deleteFrom('ai_chat_messages')
      .where('user_id', '=', userId)
      .where('work_id', '=', workId)
      .where('character', '=', character)
      // A reply being written is left to finish (or fail and refund).
      .where('status', 'not in', ['pending', 'streaming'])
      .executeTakeFirst();
    return { deleted: Number(result.numDeletedRows) };
  }

  async conversations(userId: number, page: number, limit: number) {
    const latest = this.db
      .selectFrom('ai_chat_messages')
      .select(['work_id', 'character', (eb) => eb.fn.max('id').as('last_id')])
      .where('user_id', '=', userId)
      .groupBy(['work_id', 'character']);
    const rows = await this.db
      .selectFrom(latest.as('c'))
      .innerJoin('ai_chat_messages as m', 'm.id', 'c.last_id')
      .innerJoin('works as w', 'w.id', 'c.work_id')
      .select(['c.work_id', 'c.character', 'm.text', 'm.updated_time', 'w.title', 'w.cover_key'])
      .orderBy('c.last_id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const total = await this.db
      .selectFrom(latest.as('c'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return {
      total: Number(total.n),
      list: rows.map((row) => ({
        work_id: row.work_id,
        title: row.title,
        cover: row.cover_key ? mediaUrlPath(row.cover_key) : '',
        character: row.character,
        last_text: row.text.slice(0, 80),
        updated_time: row.updated_time,
      })),
    };
  }
}
