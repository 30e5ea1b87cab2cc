/** Sessions, looked up by the sha256 of their token. */
import type { Database } from '../db/database.js';
import type { SessionRow } from '../db/schema.js';
import { reusableQuery } from '../db/reusable-query.js';

export interface NewSession {
  token_hash: string;
  user_id: number;
  deviceid: string;
  facility: string;
  created_time: number;
}

export class SessionRepository {
  constructor(private readonly db: Database) {}

  async insert(session: NewSession): Promise<SessionRow> {
    return this.db
      .insertInto('sessions')
      .values({ ...session, last_seen_time: session.created_time })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Every /v3 call with a session runs this lookup: built and compiled once (db/reusable-query.ts). */
  private readonly activeByHash = reusableQuery<[string], SessionRow & { is_guest: number }>(
    () => this.db,
    1,
    (tokenHash) =>
      this.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('sessions')
        .select('users.is_guest')
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_time', 'is', null)
        .where('users.deleted_time', 'is', null),
  );

  /** A session that is not revoked and whose user is not deleted. */
  async findActiveByHash(tokenHash: string): Promise<(SessionRow & { is_guest: number }) | undefined> {
    return (await this.activeByHash(tokenHash)).rows[0];
  }

  async touch(id: number, time: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_time: time }).where('id', '=', id).execute();
  }

  async revokeByHash(tokenHash: string, time: number): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_time: time })
      .where('token_hash', '=', tokenHash)
      .where('revoked_time', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async revokeAllForUser(userId: number, time: number): Promise<number> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_time: time })
      .where('user_id', '=', userId)
      .where('revoked_time', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
