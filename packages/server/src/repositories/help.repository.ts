/** Help-area reads that are not settings: the online count. */
import type { Database } from '../db/database.js';

export class HelpRepository {
  constructor(private readonly db: Database) {}

  /** Sessions (guests included) seen since `since` and not revoked. */
  async activeSessions(since: number): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('last_seen_time', '>=', since)
      .where('revoked_time', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
