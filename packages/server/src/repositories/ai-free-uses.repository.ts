/** Free AI tries used per user and day. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export class AiFreeUsesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The same queries inside a transaction. */
  within(trx: Kysely<DB>): AiFreeUsesRepository {
    return new AiFreeUsesRepository(trx);
  }

  async used(userId: number, day: number): Promise<number> {
    const row = await this.db
      .selectFrom('ai_free_uses')
      .select('used')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
    return Number(row?.used ?? 0);
  }

  /** Counts one more use (the caller holds the user's ledger lock, so there is no race). */
  async add(userId: number, day: number): Promise<void> {
    const updated = await this.db
      .updateTable('ai_free_uses')
      .set({ used: sql`used + 1` })
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      await this.db.insertInto('ai_free_uses').values({ user_id: userId, day, used: 1 }).execute();
  }

  async giveBack(userId: number, day: number): Promise<void> {
    await this.db
      .updateTable('ai_free_uses')
      .set({ used: sql`used - 1` })
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('used', '>', 0)
      .execute();
  }
}
