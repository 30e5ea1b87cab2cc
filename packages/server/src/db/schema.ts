/**
 * Table types for Kysely. Times are Unix seconds (integers). Flags are 0/1 integers because SQLite
 * has no boolean type and both databases must read back the same values.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Columns with a database default are `Generated`: optional on insert. */
export interface UsersTable {
  id: Generated<number>;
  is_guest: Generated<number>;
  nickname: Generated<string>;
  uuid: string;
  /** The guest's recovery secret, shown to the guest on every init (spec §3 `pass`). */
  guest_pass: Generated<string>;
  pic: Generated<string>;
  /** Login name of a registered user (spec §3 `name`). */
  name: Generated<string>;
  tel: Generated<string>;
  tel_code: Generated<string>;
  email: Generated<string>;
  password_hash: string | null;
  vip: Generated<number>;
  viptime: Generated<number>;
  vipday: Generated<number>;
  /** Coin balance (spec `cion`). */
  coins: Generated<number>;
  ticket: Generated<number>;
  /** Cash balance in fen (1/100 yuan); integers keep money exact on both databases. */
  rmb_fen: Generated<number>;
  invite_code: string;
  ai_cos_coin: Generated<number>;
  ai_free_time: Generated<number>;
  created_time: number;
  updated_time: number;
  deleted_time: number | null;
}

export interface GuestDevicesTable {
  deviceid: string;
  user_id: number;
  created_time: number;
}

export interface SessionsTable {
  id: Generated<number>;
  /** sha256 (hex) of the opaque token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  deviceid: Generated<string>;
  facility: Generated<string>;
  created_time: number;
  last_seen_time: number;
  revoked_time: number | null;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_time: ColumnType<number, number, number>;
}

/** A comic, novel or anime (`type` uses WorkType: 0 comic, 1 novel, 2 anime). */
export interface WorksTable {
  id: Generated<number>;
  type: number;
  title: string;
  /** JSON array of strings. */
  alt_titles: Generated<string>;
  summary: Generated<string>;
  /** Media key of the cover thumbnail ('' when none). */
  cover_key: Generated<string>;
  cover_width: Generated<number>;
  cover_height: Generated<number>;
  /** 1 finished (完结), 0 serialising (连载). */
  is_end: Generated<number>;
  /** 2 marks VIP content (spec §6). */
  pay: Generated<number>;
  /** Score × 10 as an integer (8.7 → 87), exact on both databases. */
  score_x10: Generated<number>;
  language: Generated<string>;
  /** 1 when pages read right to left (manga). */
  rtl: Generated<number>;
  age_rating: Generated<string>;
  /** The importer's identity of the work: its library-relative folder or file. Unique. */
  source_key: string;
  chapter_count: Generated<number>;
  latest_chapter_title: Generated<string>;
  views_total: Generated<number>;
  favorites_total: Generated<number>;
  published: Generated<number>;
  created_time: number;
  /** When a chapter was last added or changed: "newest" lists sort by it. */
  updated_time: number;
}

export interface AuthorsTable {
  id: Generated<number>;
  name: string;
}

export interface WorkAuthorsTable {
  work_id: number;
  author_id: number;
  /** writer, penciller, artist, translator, ... */
  role: Generated<string>;
  position: Generated<number>;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
}

export interface WorkTagsTable {
  work_id: number;
  tag_id: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  type: number;
  name: string;
  sort: Generated<number>;
}

export interface WorkCategoriesTable {
  work_id: number;
  category_id: number;
}

/** A chapter of a comic or novel, or an episode of an anime. */
export interface ChaptersTable {
  id: Generated<number>;
  work_id: number;
  /** Reading order within the work, 0-based and dense. */
  sort_order: number;
  /** Parsed chapter/episode number as text ("12", "12.5", "10-11"); '' when none. */
  number: Generated<string>;
  volume: Generated<string>;
  title: Generated<string>;
  pay: Generated<number>;
  /** Price for buying this chapter alone with coins (0: not for sale); the monetization seam. */
  price_coins: Generated<number>;
  page_count: Generated<number>;
  word_count: Generated<number>;
  duration_s: Generated<number>;
  /** Library-relative path of the file or folder this chapter came from. */
  source_path: string;
  /** size:mtime (or a content hash) of the source when it was imported, for incremental rescans. */
  source_fingerprint: Generated<string>;
  created_time: number;
  updated_time: number;
}

export interface PagesTable {
  chapter_id: number;
  page_index: number;
  /** Content-hashed media key of the web rendition (`…_xfile.webp` etc.). */
  media_key: string;
  width: number;
  height: number;
  bytes: Generated<number>;
}

export interface NovelTextsTable {
  chapter_id: number;
  /** Sanitised XHTML body with media keys for images. */
  html: string;
  /** Plain text, for search and word counts. */
  text: string;
}

export interface VideosTable {
  chapter_id: number;
  source_path: string;
  container: Generated<string>;
  duration_ms: Generated<number>;
  width: Generated<number>;
  height: Generated<number>;
  video_codec: Generated<string>;
  /** JSON array of codec names. */
  audio_codecs: Generated<string>;
  /** JSON array of {path, format, language} sidecar or embedded subtitle tracks. */
  subtitles: Generated<string>;
  poster_key: Generated<string>;
}

/** Every stored media file; anything not referenced from the catalogue is an orphan to collect. */
export interface MediaObjectsTable {
  key: string;
  content_type: string;
  bytes: number;
  created_time: number;
}

/** The importer's memory of each library file, so an unchanged rescan opens nothing. */
export interface LibraryFilesTable {
  path: string;
  kind: string;
  size: number;
  mtime_ms: number;
  work_id: number | null;
  chapter_id: number | null;
  /** 'ok' or 'failed'. */
  status: string;
  reason: Generated<string>;
  scanned_time: number;
}

export interface DB {
  users: UsersTable;
  guest_devices: GuestDevicesTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  works: WorksTable;
  authors: AuthorsTable;
  work_authors: WorkAuthorsTable;
  tags: TagsTable;
  work_tags: WorkTagsTable;
  categories: CategoriesTable;
  work_categories: WorkCategoriesTable;
  chapters: ChaptersTable;
  pages: PagesTable;
  novel_texts: NovelTextsTable;
  videos: VideosTable;
  media_objects: MediaObjectsTable;
  library_files: LibraryFilesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SettingRow = Selectable<SettingsTable>;
export type WorkRow = Selectable<WorksTable>;
export type ChapterRow = Selectable<ChaptersTable>;
export type PageRow = Selectable<PagesTable>;
