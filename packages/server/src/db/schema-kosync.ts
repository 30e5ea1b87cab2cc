/** Table types of migration 0029-kosync.ts (KOReader progress sync); merged into DB in schema.ts. */
import type { Generated } from 'kysely';

export interface SyncDocumentsTable {
  user_id: number;
  /** KOReader's document id: partial MD5 of the file, or MD5 of its file name. */
  document: string;
  work_id: number;
  /** The chapter of a one-chapter document (CBZ, PDF); 0 for a whole-work EPUB. */
  chapter_id: Generated<number>;
  format: string;
  /** EPUB: JSON array of the chapter id of each spine document, in order (0: not a chapter). */
  layout: Generated<string>;
  progress: Generated<string>;
  percentage: Generated<number>;
  device: Generated<string>;
  device_id: Generated<string>;
  /** When KOReader last pushed progress for this document (Unix seconds); 0: never. */
  progress_time: Generated<number>;
  updated_time: number;
}

export interface KosyncTables {
  sync_documents: SyncDocumentsTable;
}
