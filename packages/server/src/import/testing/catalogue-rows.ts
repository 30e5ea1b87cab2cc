/** What import tests read back from the catalogue: a work by title, its chapters in reading order. */
import type { Database } from '../../db/database.js';

export function workTitled(db: Database, title: string) {
  return db.selectFrom('works').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
}

export function chaptersOfWork(db: Database, workId: number) {
  return db.selectFrom('chapters').selectAll().where('work_id', '=', workId).orderBy('sort_order').execute();
}
