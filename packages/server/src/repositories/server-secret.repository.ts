/**
 * Named server secrets (`server_secrets`, migration 0027). Creation is race-safe across instances:
 * every starter inserts its own random value with `on conflict do nothing` and then reads back
 * whichever value won, so a cluster agrees on one key.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export class ServerSecretRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async getOrCreate(name: string, candidate: string, now: number): Promise<string> {
    await this.db
      .insertInto('server_secrets')
      .values({ name, value: candidate, created_time: now })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
