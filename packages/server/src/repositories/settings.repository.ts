/** The key → JSON settings store operators edit (start-up settings and, later, more). */
import type { Database } from '../db/database.js';

export class SettingsRepository {
  constructor(private readonly db: Database) {}

  /** The same queries inside a transaction. */
  within(trx: Database): SettingsRepository {
    return new SettingsRepository(trx);
  }

  /** Raw JSON text by key for the given keys. */
  async getMany(keys: readonly string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', keys)
      .execute();
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  /** Inserts the rows that are missing and leaves existing ones alone (operators' edits win). */
  async insertMissing(values: Record<string, string>, time: number): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => ({ key, value, updated_time: time }));
    if (rows.length === 0) return;
    await this.db
      .insertInto('settings')
      .values(rows)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }

  async set(key: string, value: string, time: number): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key, value, updated_time: time })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_time: time }))
      .execute();
  }
}
