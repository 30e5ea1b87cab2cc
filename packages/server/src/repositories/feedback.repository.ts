/** Feedback. Reads are scoped by user id; operators' replies are written by the admin console. */
import type { Database } from '../db/database.js';
import type { FeedbackRow } from '../db/schema.js';

export class FeedbackRepository {
  constructor(private readonly db: Database) {}

  async insert(values: {
    user_id: number;
    type: number;
    content: string;
    contact: string;
    images: string;
    created_time: number;
  }): Promise<FeedbackRow> {
    return this.db.insertInto('feedback').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async list(userId: number, offset: number, limit: number): Promise<{ rows: FeedbackRow[]; total: number }> {
    const base = this.db.selectFrom('feedback').where('user_id', '=', userId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
    return { rows, total: Number(total.n) };
  }

  /** Operators' answer (admin console; tests). */
  async reply(id: number, reply: string, time: number): Promise<void> {
    await this.db.updateTable('feedback').set({ reply, reply_time: time }).where('id', '=', id).execute();
  }
}
