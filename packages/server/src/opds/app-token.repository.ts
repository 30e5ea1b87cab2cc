/** Rows of app_tokens (migration 0018): the OPDS app tokens of accounts, stored as hashes. */
import type { Database } from '../db/database.js';

export interface AppTokenRow {
  id: number;
  user_id: number;
  name: string;
  hint: string;
  created_time: number;
  last_used_time: number;
  sync_key_hash: string;
}

const COLUMNS = ['id', 'user_id', 'name', 'hint', 'created_time', 'last_used_time', 'sync_key_hash'] as const;

export class AppTokenRepository {
  constructor(private readonly db: Database) {}

  async insert(row: {
    userId: number;
    name: string;
    tokenHash: string;
    syncKeyHash: string;
    hint: string;
    now: number;
  }) {
    return this.db
      .insertInto('app_tokens')
      .values({
        user_id: row.userId,
        name: row.name,
        token_hash: row.tokenHash,
        sync_key_hash: row.syncKeyHash,
        hint: row.hint,
        created_time: row.now,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  /** Live tokens of a user, newest first. */
  async live(userId: number): Promise<AppTokenRow[]> {
    return this.db
      .selectFrom('app_tokens')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .where('revoked_time', '=', 0)
      .orderBy('id', 'desc')
      .execute();
  }

  async countLive(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('app_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_time', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Revokes a live token of the user; false when there is none (unknown, other user's, revoked). */
  async revoke(userId: number, id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('app_tokens')
      .set({ revoked_time: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_time', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Live tokens with their account's state (callers refuse guests and deleted accounts). */
  private liveWithAccount() {
    return this.db
      .selectFrom('app_tokens')
      .innerJoin('users', 'users.id', 'app_tokens.user_id')
      .select([
        'app_tokens.id',
        'app_tokens.user_id',
        'app_tokens.last_used_time',
        'users.name as login_name',
        'users.is_guest',
        'users.deleted_time',
      ])
      .where('app_tokens.revoked_time', '=', 0);
  }

  /** The live token with this hash and its account. */
  async findLive(tokenHash: string) {
    return this.liveWithAccount().where('app_tokens.token_hash', '=', tokenHash).executeTakeFirst();
  }

  /**
   * The live token of `userId` whose KOReader sign-in key (the sha256 of the token's MD5, see
   * hashSyncKey) is this, with its account.
   */
  async findLiveBySyncKey(userId: number, syncKeyHash: string) {
    return this.liveWithAccount()
      .where('app_tokens.sync_key_hash', '=', syncKeyHash)
      .where('app_tokens.user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The id of the registered account with this login name, if any. */
  async userIdByLogin(name: string): Promise<number | null> {
    if (name === '') return null;
    const row = await this.db.selectFrom('users').select('id').where('name', '=', name).executeTakeFirst();
    return row?.id ?? null;
  }

  async touch(id: number, now: number): Promise<void> {
    await this.db.updateTable('app_tokens').set({ last_used_time: now }).where('id', '=', id).execute();
  }
}
