/** The first answer of each idempotent call, by '<user>:<call>:<client key>'. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export class IdempotencyRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(key: string) {
    return this.db
      .selectFrom('idempotency_records')
      .select(['request_hash', 'response'])
      .where('key', '=', key)
      .executeTakeFirst();
  }

  async insert(record: { key: string; userId: number; requestHash: string; response: string; time: number }) {
    await this.db
      .insertInto('idempotency_records')
      .values({
        key: record.key,
        user_id: record.userId,
        request_hash: record.requestHash,
        response: record.response,
        created_time: record.time,
      })
      .execute();
  }
}
