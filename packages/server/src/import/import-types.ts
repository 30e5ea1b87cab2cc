/** The shapes the import pipeline passes between its stages, and what a run reports. */

export type ImportKind = 'comic' | 'novel' | 'anime';
export const IMPORT_KINDS: readonly ImportKind[] = ['comic', 'novel', 'anime'];

export function isImportKind(value: unknown): value is ImportKind {
  return typeof value === 'string' && (IMPORT_KINDS as readonly string[]).includes(value);
}

/**
 * How a work's chapters past the free preview are paid for: 'free' (pay 0), 'coins' (coin
 * chapters, pay 1: unlocked with coins) or 'vip' (VIP chapters, pay 2: open to VIP members, or
 * unlocked with coins). VIP wins over coins when both are stated.
 */
export type PayMode = 'free' | 'coins' | 'vip';

/** An author credit as it appears on a work. */
export interface AuthorCredit {
  name: string;
  /** writer, penciller, inker, colorist, letterer, cover, editor, translator, author, ... */
  role: string;
}

/**
 * What one library file says about its work. Stored per file (library_files.meta) so that the
 * work's fields are re-derived from all of its files whenever one of them changes or goes away.
 */
export interface FileMeta {
  /** Series/work name the file declares (ComicInfo Series, EPUB series or title); null: folder name. */
  series: string | null;
  /** Other names (EPUB title when the series differs, the folder name when metadata renames it). */
  altTitles: string[];
  summary: string | null;
  authors: AuthorCredit[];
  /** Genres first (they drive categories), then free tags. */
  genres: string[];
  tags: string[];
  language: string | null;
  rtl: boolean;
  ageRating: string | null;
  /** The file says the series is complete (ComicInfo Count reached, Notes, a marker). */
  finished: boolean;
  /** The file marks the work as a coin work or a VIP work ('free' when it says nothing). */
  pay: PayMode;
  /** Coins per chapter the file asks for (works.chapter_price); null: the kind's default. */
  price: number | null;
  /** 0-100 (score × 10), from ComicInfo CommunityRating (0-5 stars) or Notes; null when unknown. */
  scoreX10: number | null;
  /** ComicInfo Count: how many issues the series has in total. */
  count: number | null;
  cover: StoredImage | null;
  /**
   * An EPUB's own file, stored as it is (XOR-encoded like every import object) so that downloads
   * are the book byte for byte; absent for every other kind of file.
   */
  original?: StoredOriginal | null;
  /**
   * An EPUB's spine as KOReader numbers it (`DocFragment[n]` in its positions): for each chapter
   * of the file in order, the 1-based index of its spine document; absent for other files.
   */
  spine?: number[];
}

export interface StoredOriginal {
  key: string;
  /** Size of the file itself (the stored object has the same size). */
  bytes: number;
  /** sha256 (hex) of the file's bytes, so a download can be checked against the library file. */
  sha256: string;
}

export interface StoredImage {
  key: string;
  width: number;
  height: number;
  bytes: number;
}

/** A media object written to the store, recorded in media_objects. */
export interface WrittenMedia {
  key: string;
  contentType: string;
  bytes: number;
}

export interface PreparedPage extends StoredImage {
  index: number;
}

export interface PreparedVideo {
  sourcePath: string;
  container: string;
  durationMs: number;
  width: number;
  height: number;
  videoCodec: string;
  audioCodecs: string[];
  subtitles: { path: string; format: string; language: string | null; embedded: boolean }[];
  posterKey: string;
}

/** One chapter (or episode) ready to be written: every media object it names is already stored. */
export interface PreparedChapter {
  /** Library-relative source: the file, or `file#0003` for the n-th chapter inside a book. */
  sourcePath: string;
  number: string;
  volume: string;
  title: string;
  special: boolean;
  pages: PreparedPage[];
  novel: { html: string; text: string; wordCount: number } | null;
  video: PreparedVideo | null;
  durationS: number;
  /** Media the chapter uses besides its pages (novel images, posters, the file's cover). */
  extraMedia: string[];
  /** Front or back matter of a book (cover, contents, licence): not a chapter; none: a chapter. */
  matter?: 'front' | 'back' | null;
}

/** A library file read, rendered and stored, waiting for its one database transaction. */
export interface PreparedFile {
  kind: ImportKind;
  /** Library-relative identity of the work (a series folder, or a virtual one for loose files). */
  workKey: string;
  /** Folder or grouping name used as the title when the metadata names no series. */
  fallbackTitle: string;
  meta: FileMeta;
  chapters: PreparedChapter[];
  media: WrittenMedia[];
  /** Entries inside the file left out by design (not an image, OS litter, unsafe path, duplicate). */
  skipped: { entry: string; reason: string }[];
  /** Pages or images that could not be decoded or broke a limit; the rest of the file imported. */
  failedEntries: { entry: string; reason: string }[];
}

export type CountKey = 'added' | 'updated' | 'unchanged' | 'removed' | 'failed';
export type Counts = Record<CountKey, number>;

export interface ImportedChapterReport {
  number: string;
  volume: string;
  title: string;
  pages: number;
}

export interface ImportedWorkReport {
  kind: ImportKind;
  title: string;
  series: string;
  authors: string[];
  language: string;
  rtl: boolean;
  chapters: ImportedChapterReport[];
}

export interface ImportFailure {
  path: string;
  reason: string;
}

/** What a run reports: the CLI prints it, the job keeps it, import_runs stores it. */
export interface ImportSummary {
  library: string;
  /** deferred: files still being written, left for a later run (server imports with a settle period). */
  files: {
    scanned: number;
    unchanged: number;
    imported: number;
    removed: number;
    failed: number;
    deferred: number;
  };
  works: Counts;
  chapters: Counts;
  pages: Counts;
  mediaCollected: number;
  durationMs: number;
  /** The works the run added or changed, the first WORKS_REPORT_MAX of them (import-report.ts). */
  worksReport: ImportedWorkReport[];
  /** Works added or changed beyond those listed in worksReport. */
  worksReportOmitted: number;
  failed: ImportFailure[];
  skipped: ImportFailure[];
}

export interface ImportProgress {
  /** `waiting`: queued behind another server instance's import (the lock is held elsewhere). */
  phase: 'waiting' | 'scanning' | 'importing' | 'removing' | 'collecting' | 'done';
  done: number;
  total: number;
  current: string | null;
}
