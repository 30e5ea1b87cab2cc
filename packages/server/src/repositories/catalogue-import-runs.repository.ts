/** Libraries the importer knows and the record of its runs (import_libraries, import_runs). */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { isImportKind, type ImportKind } from '../import/import-types.js';

export interface ImportRunRecord {
  id: number;
  library_id: number;
  status: string;
  started_time: number;
  finished_time: number | null;
  summary: string;
  reason: string;
}

export class CatalogueImportRunsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The id of a library root, registering it on first sight. */
  async ensureLibrary(root: string, now: number): Promise<number> {
    await this.db
      .insertInto('import_libraries')
      .values({ root, created_time: now })
      .onConflict((oc) => oc.column('root').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('import_libraries')
      .select('id')
      .where('root', '=', root)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The kind a console folder was given (null: the layout and each file say). */
  async libraryKind(libraryId: number): Promise<ImportKind | null> {
    const row = await this.db
      .selectFrom('import_libraries')
      .select('kind')
      .where('id', '=', libraryId)
      .executeTakeFirst();
    return isImportKind(row?.kind) ? row.kind : null;
  }

  async findLibrary(root: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('import_libraries')
      .select('id')
      .where('root', '=', root)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async startRun(libraryId: number, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('import_runs')
      .values({ library_id: libraryId, status: 'running', started_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async finishRun(
    id: number,
    status: 'done' | 'failed',
    summary: string,
    reason: string,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('import_runs')
      .set({ status, summary, reason, finished_time: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Runs still marked running when a new one starts were cut short (killed, crashed). They are
   * closed as interrupted, and the caller learns that the store may hold half-imported media.
   */
  async closeInterruptedRuns(now: number): Promise<number> {
    const result = await this.db
      .updateTable('import_runs')
      .set({
        status: 'interrupted',
        finished_time: now,
        reason: 'the import process stopped before it finished',
      })
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async lastRun(libraryId: number): Promise<ImportRunRecord | undefined> {
    return this.db
      .selectFrom('import_runs')
      .selectAll()
      .where('library_id', '=', libraryId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async countRuns(): Promise<number> {
    const row = await this.db
      .selectFrom('import_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
