/** AI cos generation jobs: the runner's queue and the user's gallery. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { AiJobRow, AiJobsTable } from '../db/schema-ai-images.js';
import type { Insertable } from 'kysely';

export class AiJobRepository {
  constructor(private readonly db: Kysely<DB>) {}

  within(trx: Kysely<DB>): AiJobRepository {
    return new AiJobRepository(trx);
  }

  async insert(values: Insertable<AiJobsTable>): Promise<number> {
    const row = await this.db.insertInto('ai_jobs').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async find(id: number): Promise<AiJobRow | undefined> {
    return this.db.selectFrom('ai_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Jobs of the user still queued or running (the per-user limit). */
  async activeCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('ai_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The oldest queued jobs, for the runner. */
  async queued(limit: number): Promise<AiJobRow[]> {
    return this.db
      .selectFrom('ai_jobs')
      .selectAll()
      .where('status', '=', 'queued')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async running(): Promise<AiJobRow[]> {
    return this.db.selectFrom('ai_jobs').selectAll().where('status', '=', 'running').execute();
  }

  /** queued → running; false when another runner took it. */
  async start(id: number, time: number): Promise<boolean> {
    const result = await this.db
      .updateTable('ai_jobs')
      .set({ status: 'running', progress: 5, updated_time: time })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async progress(id: number, progress: number, attempts: number, time: number): Promise<void> {
    await this.db
      .updateTable('ai_jobs')
      .set({ progress, attempts, updated_time: time })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  async finish(id: number, resultKey: string, time: number): Promise<boolean> {
    const result = await this.db
      .updateTable('ai_jobs')
      .set({ status: 'done', progress: 100, result_key: resultKey, updated_time: time })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * queued|running → failed, refunded. True for exactly one caller: the one whose update moved the
   * job, which then gives the charge back in the same transaction.
   */
  async fail(id: number, error: string, time: number): Promise<boolean> {
    const result = await this.db
      .updateTable('ai_jobs')
      .set({ status: 'failed', error: error.slice(0, 500), refunded: 1, updated_time: time })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async gallery(userId: number, offset: number, limit: number): Promise<{ rows: AiJobRow[]; total: number }> {
    const base = this.db
      .selectFrom('ai_jobs')
      .where('user_id', '=', userId)
      .where('status', '=', 'done')
      .where('hidden', '=', 0);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async hide(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('ai_jobs')
      .set({ hidden: 1 })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '=', 'done')
      .where('hidden', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
