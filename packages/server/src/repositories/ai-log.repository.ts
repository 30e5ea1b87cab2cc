/**
 * The AI log: one line per generation or chat message of a user, with its cost and how
 * it was paid. Images and chat both write here (inside the ledger transaction that charged, via
 * `within(tx.trx)`), and /v3/ai/log lists it.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { AiLogRow, AiLogTable } from '../db/schema-ai-images.js';

export interface AiLogEntry {
  userId: number;
  kind: AiLogTable['kind'];
  /** The job, message or helper row it belongs to (0 when none). */
  refId?: number;
  title: string;
  costCredits: number;
  paidWith: 'free' | 'credits';
  /** 'queued' | 'running' | 'done' | 'failed' for jobs, 'ok' for a chat message. */
  status: string;
  time: number;
}

export class AiLogRepository {
  constructor(private readonly db: Kysely<DB>) {}

  within(trx: Kysely<DB>): AiLogRepository {
    return new AiLogRepository(trx);
  }

  async add(entry: AiLogEntry): Promise<number> {
    const row = await this.db
      .insertInto('ai_log')
      .values({
        user_id: entry.userId,
        kind: entry.kind,
        ref_id: entry.refId ?? 0,
        title: entry.title.slice(0, 200),
        cost_credits: entry.costCredits,
        paid_with: entry.paidWith,
        status: entry.status,
        created_time: entry.time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async setRef(id: number, refId: number): Promise<void> {
    await this.db.updateTable('ai_log').set({ ref_id: refId }).where('id', '=', id).execute();
  }

  async setStatus(id: number, status: string): Promise<void> {
    await this.db.updateTable('ai_log').set({ status }).where('id', '=', id).execute();
  }

  /** A page of the user's log, newest first; an image line carries its job's style key. */
  async page(
    userId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: (AiLogRow & { style: string | null })[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('ai_log')
        .leftJoin('ai_jobs', (join) =>
          join.onRef('ai_jobs.id', '=', 'ai_log.ref_id').on('ai_log.kind', '=', 'image'),
        )
        .selectAll('ai_log')
        .select('ai_jobs.style')
        .where('ai_log.user_id', '=', userId)
        .orderBy('ai_log.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('ai_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
