/** Library section: the import libraries the server knows, their runs, and the transcode queue. */
import { nowSeconds, type Database } from '../../db/database.js';

export interface TranscodeFilter {
  status?: 'waiting' | 'processing' | 'ready' | 'failed';
}

export class LibraryRepository {
  constructor(private readonly db: Database) {}

  /** The connection outside any transaction (reads for the folder list). */
  get database(): Database {
    return this.db;
  }

  /** The folders in use (a folder removed in the console is left out). */
  libraries(db: Database = this.db) {
    return db
      .selectFrom('import_libraries')
      .select(['id', 'root', 'created_time', 'kind', 'watch', 'console'])
      .where('removed_time', 'is', null)
      .orderBy('id')
      .execute();
  }

  /** A folder by its real path, removed or not (adding a removed folder again takes its row back). */
  libraryByRoot(db: Database, root: string) {
    return db.selectFrom('import_libraries').selectAll().where('root', '=', root).executeTakeFirst();
  }

  async addLibrary(
    trx: Database,
    folder: { root: string; kind: string | null; watch: boolean },
    now: number,
  ): Promise<number> {
    const row = await trx
      .insertInto('import_libraries')
      .values({
        root: folder.root,
        kind: folder.kind,
        watch: folder.watch ? 1 : 0,
        console: 1,
        created_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Settings of a folder; `removed_time` null brings a removed folder back. */
  async updateLibrary(
    trx: Database,
    id: number,
    changes: { kind?: string | null; watch?: boolean; console?: boolean; removedTime?: number | null },
  ): Promise<void> {
    await trx
      .updateTable('import_libraries')
      .set({
        ...(changes.kind !== undefined ? { kind: changes.kind } : {}),
        ...(changes.watch !== undefined ? { watch: changes.watch ? 1 : 0 } : {}),
        ...(changes.console !== undefined ? { console: changes.console ? 1 : 0 } : {}),
        ...(changes.removedTime !== undefined ? { removed_time: changes.removedTime } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /** How many works have a file from this folder (what leaves the catalogue with it). */
  async workCount(trx: Database, libraryId: number): Promise<number> {
    const row = await trx
      .selectFrom('library_files')
      .select((eb) => eb.fn.count<number | string>('work_id').distinct().as('n'))
      .where('path', 'like', `${libraryId}/%`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Each folder's newest run (its status and when), by library id. */
  async lastRuns(): Promise<
    Map<number, { status: string; started_time: number; finished_time: number | null }>
  > {
    const rows = await this.db
      .selectFrom('import_runs')
      .select(['id', 'library_id', 'status', 'started_time', 'finished_time'])
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('import_runs')
          .select((e) => e.fn.max('id').as('id'))
          .groupBy('library_id'),
      )
      .execute();
    return new Map(rows.map((r) => [r.library_id, r]));
  }

  library(db: Database, id: number) {
    return db.selectFrom('import_libraries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * One folder's files, the failed ones and its works, counted by the database: it reads every row
   * of the folder (100,000 files: tens of ms on SQLite), so LibraryFoldersService keeps the counts
   * until `countsStamp` moves.
   */
  async folderCounts(libraryId: number): Promise<{ files: number; failed: number; works: number }> {
    const row = await this.db
      .selectFrom('library_files')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('files'),
        eb.fn
          .sum<number | string | null>(eb.case().when('status', '=', 'failed').then(1).else(0).end())
          .as('failed'),
        eb.fn.count<number | string>('work_id').distinct().as('works'),
      ])
      .where('path', 'like', `${libraryId}/%`)
      .executeTakeFirstOrThrow();
    return { files: Number(row.files), failed: Number(row.failed ?? 0), works: Number(row.works) };
  }

  /**
   * What moves the folders' counts: only an import run changes library_files (every process
   * records its runs here), and a merge in the console moves files to another work (it moves the
   * catalogue version). `running`: the newest run has not finished.
   */
  async countsStamp(): Promise<{ run: string; running: boolean; version: number }> {
    const [run, version] = await Promise.all([
      this.db
        .selectFrom('import_runs')
        .select(['id', 'status', 'finished_time'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      this.db.selectFrom('catalogue_version').select('version').where('id', '=', 1).executeTakeFirst(),
    ]);
    return {
      run: run ? `${run.id}:${run.status}:${run.finished_time ?? ''}` : '',
      running: run?.finished_time === null,
      version: Number(version?.version ?? 0),
    };
  }

  /** Import runs, newest first; of one folder when `libraryId` is given. */
  async runs(offset: number, limit: number, libraryId?: number) {
    const base = this.db
      .selectFrom('import_runs')
      .$if(libraryId !== undefined, (q) => q.where('import_runs.library_id', '=', libraryId!));
    const [rows, total] = await Promise.all([
      base
        .innerJoin('import_libraries', 'import_libraries.id', 'import_runs.library_id')
        .select([
          'import_runs.id',
          'import_runs.library_id',
          'import_libraries.root',
          'import_runs.status',
          'import_runs.started_time',
          'import_runs.finished_time',
          'import_runs.summary',
          'import_runs.reason',
        ])
        .orderBy('import_runs.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** How many files of a library the catalogue remembers (what a full rescan reads again). */
  async fileCount(trx: Database, libraryId: number): Promise<number> {
    const row = await trx
      .selectFrom('library_files')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('path', 'like', `${libraryId}/%`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async transcodes(filter: TranscodeFilter, offset: number, limit: number) {
    let q = this.db
      .selectFrom('transcode_jobs')
      .innerJoin('chapters', 'chapters.id', 'transcode_jobs.chapter_id')
      .innerJoin('works', 'works.id', 'chapters.work_id');
    if (filter.status) q = q.where('transcode_jobs.status', '=', filter.status);
    const [rows, total] = await Promise.all([
      q
        .select([
          'transcode_jobs.chapter_id as chapterId',
          'transcode_jobs.status',
          'transcode_jobs.progress',
          'transcode_jobs.reason',
          'transcode_jobs.updated_time as updatedTime',
          'chapters.title as chapterTitle',
          'chapters.sort_order as sortOrder',
          'works.id as workId',
          'works.title as workTitle',
        ])
        .orderBy('transcode_jobs.updated_time', 'desc')
        .orderBy('transcode_jobs.chapter_id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  transcode(trx: Database, chapterId: number) {
    return trx
      .selectFrom('transcode_jobs')
      .select(['chapter_id', 'status', 'reason'])
      .where('chapter_id', '=', chapterId)
      .executeTakeFirst();
  }

  /** A failed job back to waiting (the transcoder picks it up at its next poll). */
  async retry(trx: Database, chapterId: number): Promise<boolean> {
    const result = await trx
      .updateTable('transcode_jobs')
      .set({ status: 'waiting', progress: 0, reason: '', updated_time: nowSeconds() })
      .where('chapter_id', '=', chapterId)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
