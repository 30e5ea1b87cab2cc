/** What the OPDS feeds need of works beyond the app's cards: summaries, covers, language. */
import type { Database } from '../db/database.js';

export interface WorkExtras {
  summary: string;
  cover_key: string;
  language: string;
}

export class OpdsRepository {
  constructor(private readonly db: Database) {}

  async extras(ids: number[]): Promise<Map<number, WorkExtras>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('works')
      .select(['id', 'summary', 'cover_key', 'language'])
      .where('id', 'in', ids)
      .where('published', '=', 1)
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }
}
