/**
 * What an account's e-readers hold (sync_documents, migration 0029) and the library files
 * KOReader may know by their ids (library_files.partial_md5 / name_md5). Every statement on
 * sync_documents is scoped by user id.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** 'epub': the library's own EPUB file; 'made-epub': one the server made (chapter headings added). */
export type SyncFormat = 'cbz' | 'pdf' | 'epub' | 'made-epub' | 'other';

/** What a document is in the catalogue: the work, its chapter when it holds one, and its spine. */
export interface SyncTarget {
  workId: number;
  /** The chapter of a one-chapter document (a CBZ, a PDF); 0 for a whole-work EPUB. */
  chapterId: number;
  format: SyncFormat;
  /** EPUB: the chapter id of each spine document, in order (0: not a chapter). */
  layout: number[];
}

export interface StoredProgress {
  progress: string;
  percentage: number;
  device: string;
  device_id: string;
  progress_time: number;
}

export interface SyncDocumentRow extends StoredProgress {
  target: SyncTarget;
}

export interface LibraryFileMatch {
  path: string;
  kind: string;
  work_id: number;
  chapter_id: number;
  meta: string;
  /** True when the id matched the file's bytes, false when only its name. */
  byContent: boolean;
}

/** Documents one account may keep (each download adds up to ten names); a bound on what a token can write. */
export const MAX_DOCUMENTS_PER_USER = 20_000;

function parseLayout(layout: string): number[] {
  try {
    const parsed: unknown = JSON.parse(layout);
    return Array.isArray(parsed) ? parsed.map((id) => (Number.isSafeInteger(id) ? Number(id) : 0)) : [];
  } catch {
    return [];
  }
}

export class SyncDocumentsRepository {
  constructor(private readonly db: Database) {}

  async find(userId: number, document: string): Promise<SyncDocumentRow | undefined> {
    const row = await this.db
      .selectFrom('sync_documents')
      .selectAll()
      .where('user_id', '=', userId)
      .where('document', '=', document)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      target: {
        workId: row.work_id,
        chapterId: row.chapter_id,
        format: row.format as SyncFormat,
        layout: parseLayout(row.layout),
      },
      progress: row.progress,
      percentage: Number(row.percentage),
      device: row.device,
      device_id: row.device_id,
      progress_time: Number(row.progress_time),
    };
  }

  async count(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('sync_documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Records (or refreshes) what these document ids are for the account; progress is kept. */
  async register(userId: number, documents: string[], target: SyncTarget, now: number): Promise<void> {
    if (documents.length === 0) return;
    const what = {
      work_id: target.workId,
      chapter_id: target.chapterId,
      format: target.format,
      layout: JSON.stringify(target.layout),
      updated_time: now,
    };
    // A name id now naming another book (two chapters both saved as "Chapter 1.cbz") forgets
    // the other book's progress.
    const same = sql<boolean>`sync_documents.work_id = excluded.work_id and sync_documents.chapter_id = excluded.chapter_id`;
    await this.db
      .insertInto('sync_documents')
      .values([...new Set(documents)].map((document) => ({ user_id: userId, document, ...what })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'document']).doUpdateSet({
          ...what,
          progress: sql<string>`case when ${same} then sync_documents.progress else '' end`,
          progress_time: sql<number>`case when ${same} then sync_documents.progress_time else 0 end`,
        }),
      )
      .execute();
  }

  /** KOReader's last push for a document (its target recorded with it). */
  async saveProgress(
    userId: number,
    document: string,
    target: SyncTarget,
    progress: StoredProgress,
    now: number,
  ): Promise<void> {
    const values = {
      work_id: target.workId,
      chapter_id: target.chapterId,
      format: target.format,
      layout: JSON.stringify(target.layout),
      ...progress,
      updated_time: now,
    };
    await this.db
      .insertInto('sync_documents')
      .values({ user_id: userId, document, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'document']).doUpdateSet(values))
      .execute();
  }

  /** Library files whose partial MD5 or file-name MD5 is `document`, the content matches first. */
  async libraryFiles(document: string): Promise<LibraryFileMatch[]> {
    const rows = await this.db
      .selectFrom('library_files')
      .select(['path', 'kind', 'work_id', 'chapter_id', 'meta', 'partial_md5'])
      .where((eb) => eb.or([eb('partial_md5', '=', document), eb('name_md5', '=', document)]))
      .where('status', '=', 'ok')
      .where('work_id', 'is not', null)
      .limit(50)
      .execute();
    return rows
      .map((row) => ({
        path: row.path,
        kind: row.kind,
        work_id: row.work_id ?? 0,
        chapter_id: row.chapter_id ?? 0,
        meta: row.meta,
        byContent: row.partial_md5 === document,
      }))
      .sort((a, b) => Number(b.byContent) - Number(a.byContent));
  }

  /** The chapters that came from one library file, in the order the file holds them. */
  async chaptersOfFile(workId: number, path: string): Promise<{ id: number; source_path: string }[]> {
    const rows = await this.db
      .selectFrom('chapters')
      .select(['id', 'source_path'])
      .where('work_id', '=', workId)
      .where((eb) => eb.or([eb('source_path', '=', path), eb('source_path', 'like', `${path}#%`)]))
      .execute();
    // LIKE's wildcards may appear in a path: keep the exact ones only.
    return rows
      .filter((row) => row.source_path === path || row.source_path.startsWith(`${path}#`))
      .sort((a, b) => a.source_path.localeCompare(b.source_path));
  }

  /** The works among `workIds` the account read most recently first (to tell same-named files apart). */
  async lastRead(userId: number, workIds: number[]): Promise<number[]> {
    if (workIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('reading_history')
      .select('work_id')
      .where('user_id', '=', userId)
      .where('work_id', 'in', workIds)
      .orderBy('updated_time', 'desc')
      .execute();
    return rows.map((row) => row.work_id);
  }
}
