/** Library section: the import libraries the server knows, their runs, and the transcode queue. */
import { nowSeconds, type Database } from '../../db/database.js';

export interface TranscodeFilter {
  status?: 'waiting' | 'processing' | 'ready' | 'failed';
}

export class LibraryRepository {
  constructor(private readonly db: Database) {}

  libraries(db: Database = this.db) {
    return db.selectFrom('import_libraries').select(['id', 'root', 'created_time']).orderBy('id').execute();
  }

  library(db: Database, id: number) {
    return db.selectFrom('import_libraries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Per library: how many files it holds and how many failed at their last read. */
  async fileCounts(): Promise<Map<number, { files: number; failed: number }>> {
    const rows = await this.db.selectFrom('library_files').select(['path', 'status']).execute();
    const counts = new Map<number, { files: number; failed: number }>();
    for (const row of rows) {
      const id = Number(row.path.slice(0, row.path.indexOf('/')));
      const c = counts.get(id) ?? { files: 0, failed: 0 };
      c.files += 1;
      if (row.status === 'failed') c.failed += 1;
      counts.set(id, c);
    }
    return counts;
  }

  async runs(offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('import_runs')
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
      this.db
        .selectFrom('import_runs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
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
