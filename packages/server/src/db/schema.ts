/**
 * Table types for Kysely. Times are Unix seconds (integers). Flags are 0/1 integers because SQLite
 * has no boolean type and both databases must read back the same values.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { TaskTables } from './schema-tasks.js';
import type { InviteTables } from './schema-invites.js';
import type { AdUpdateTables } from './schema-ads-updates.js';
import type { AnalyticsTables } from './schema-analytics.js';
import type { AiBaseTables } from './schema-ai.js';
import type { AiImageTables } from './schema-ai-images.js';
import type { AiChatTables } from './schema-ai-chat.js';
import type { AppTokenTables } from './schema-app-tokens.js';
import type { KosyncTables } from './schema-kosync.js';
import type { HomePickTables } from './schema-home-picks.js';
import type { AdminTables } from './schema-admin.js';
import type { ServerSecretTables } from './schema-server-secrets.js';
import type { RecommendationTables } from './schema-recommendations.js';

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
  /** Posting ban set by an operator (migration 0017): Unix seconds, 0 = none. */
  banned_until: Generated<number>;
  ban_reason: Generated<string>;
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
  /** 2 marks VIP content (spec §6); 1 coin chapters. */
  pay: Generated<number>;
  /** Coins per chapter of this work (0: the kind's default from the `money.chapter_price` setting). */
  chapter_price: Generated<number>;
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
  /** This chapter's own coin price (0: its work's `chapter_price`, else the kind's default). */
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
  /** '' a chapter; 'front' / 'back' matter around the chapters (0028-chapter-matter.ts). */
  matter: Generated<string>;
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
  /** JSON: what this file said about its work (title, authors, tags, status, cover...); 0003-import. */
  meta: Generated<string>;
  /** KOReader's document ids of the file: partial MD5 and MD5 of the file name (0029-kosync). */
  partial_md5: Generated<string>;
  name_md5: Generated<string>;
}

/** A library root the importer has scanned; its id prefixes the paths and keys of its files. */
/** Ids of shared counter batches already written (migration 0025): a batch taken again is skipped. */
export interface CounterBatchesTable {
  /** The batch's Redis key (`…views:batch:<uuid>`). */
  batch: string;
  applied_time: number;
}

export interface ImportLibrariesTable {
  id: Generated<number>;
  root: string;
  created_time: number;
  /** The content kind when the layout does not say (comic, novel, anime); null: by layout and file. */
  kind: string | null;
  /** Console folders: watched for changes (by one instance of a cluster). */
  watch: Generated<number>;
  /** 1 when added in the console (the importer registers the others on first sight). */
  console: Generated<number>;
  /** Removed in the console: no longer listed, watched or scanned. */
  removed_time: number | null;
}

/** A lease one instance holds at a time (leases.repository.ts). */
export interface LeasesTable {
  name: string;
  owner: string;
  expires_time: number;
}

/** One import run: queued/running/done/failed/interrupted, with its summary JSON. */
export interface ImportRunsTable {
  id: Generated<number>;
  library_id: number;
  status: string;
  started_time: number;
  finished_time: number | null;
  summary: Generated<string>;
  reason: Generated<string>;
}

/** An import job as every instance sees it (migration 0024); times in milliseconds. */
export interface ImportJobsTable {
  id: Generated<number>;
  root: string;
  demo: Generated<number>;
  state: string;
  /** ImportProgress as JSON, null before the first report. */
  progress: string | null;
  /** ImportSummary as JSON once done. */
  summary: string | null;
  reason: string | null;
  /** The instance that queued and runs it (INSTANCE_ID, else hostname:pid). */
  owner: string;
  queued_time: number;
  started_time: number | null;
  finished_time: number | null;
  heartbeat_time: number;
}

/** Media a chapter uses besides its pages (novel images, episode posters, covers), for orphan collection. */
export interface ChapterMediaTable {
  chapter_id: number;
  media_key: string;
}

/** A verification code sent by SMS or e-mail (0004-accounts); only its salted hash is kept. */
export interface VerificationCodesTable {
  id: Generated<number>;
  target: string;
  purpose: string;
  code_hash: string;
  salt: string;
  attempts: Generated<number>;
  created_time: number;
  expires_time: number;
  used_time: number | null;
}

/** A fixed-window counter of the rate limiter (0004-accounts). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  window_start: number;
  /** Back-off counters (0026): no attempt is evaluated before this time; 0 for fixed windows. */
  until_time: Generated<number>;
}

/** The identity card of an account (0004-accounts): the hash of the secret its QR code holds. */
export interface IdentityCardsTable {
  user_id: number;
  secret_hash: string;
  created_time: number;
}

export interface DB
  extends
    TaskTables,
    InviteTables,
    AdUpdateTables,
    AnalyticsTables,
    AiBaseTables,
    AiImageTables,
    AiChatTables,
    AppTokenTables,
    KosyncTables,
    HomePickTables,
    AdminTables,
    ServerSecretTables,
    RecommendationTables {
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
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
  identity_cards: IdentityCardsTable;
  import_libraries: ImportLibrariesTable;
  import_runs: ImportRunsTable;
  import_jobs: ImportJobsTable;
  leases: LeasesTable;
  chapter_media: ChapterMediaTable;
  favorites: FavoritesTable;
  reading_history: ReadingHistoryTable;
  work_stats_daily: WorkStatsDailyTable;
  counter_batches: CounterBatchesTable;
  search_documents: SearchDocumentsTable;
  search_grams: SearchGramsTable;
  catalogue_version: CatalogueVersionTable;
  search_history: SearchHistoryTable;
  search_stats_daily: SearchStatsDailyTable;
  ads: AdsTable;
  transcode_jobs: TranscodeJobsTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  comment_reports: CommentReportsTable;
  user_blocks: UserBlocksTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  follows: FollowsTable;
  feedback: FeedbackTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_legs: LedgerLegsTable;
  bonus_lots: BonusLotsTable;
  chapter_unlocks: ChapterUnlocksTable;
  auto_unlocks: AutoUnlocksTable;
  vip_plans: VipPlansTable;
  coin_packages: CoinPackagesTable;
  payment_orders: PaymentOrdersTable;
  payment_events: PaymentEventsTable;
  idempotency_records: IdempotencyRecordsTable;
  cashier_payments: CashierPaymentsTable;
  analytics_events: AnalyticsEventsTable;
  assist_helps: AssistHelpsTable;
}

/** Money (migration 0009; see 0009-money.ts). */
export interface LedgerAccountsTable {
  id: Generated<number>;
  /** 0 for system accounts. */
  user_id: number;
  kind: string;
  balance: Generated<number>;
  allow_negative: Generated<number>;
  created_time: number;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  entry_key: string;
  kind: string;
  user_id: Generated<number>;
  order_id: Generated<number>;
  work_id: Generated<number>;
  chapter_id: Generated<number>;
  title: Generated<string>;
  /** The text `title` is shown as (services/money-texts.ts), '' for free text (0032). */
  title_key: Generated<string>;
  /** JSON parameters of `title_key` (0032). */
  params: Generated<string>;
  created_time: number;
}

export interface LedgerLegsTable {
  id: Generated<number>;
  entry_id: number;
  account_id: number;
  amount: number;
}

export interface BonusLotsTable {
  id: Generated<number>;
  user_id: number;
  entry_id: number;
  amount: number;
  remaining: number;
  /** 0: never expires. */
  expires_time: Generated<number>;
  created_time: number;
}

export interface ChapterUnlocksTable {
  user_id: number;
  chapter_id: number;
  work_id: number;
  coins: number;
  entry_id: number;
  /** 'single' | 'batch' | 'auto' */
  source: string;
  created_time: number;
}

export interface AutoUnlocksTable {
  user_id: number;
  work_id: number;
  created_time: number;
}

export interface VipPlansTable {
  id: Generated<number>;
  code: string;
  name: string;
  days: number;
  price_fen: number;
  first_price_fen: Generated<number>;
  badge: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<number>;
  updated_time: number;
}

export interface CoinPackagesTable {
  id: Generated<number>;
  coins: number;
  bonus: Generated<number>;
  bonus_days: Generated<number>;
  price_fen: number;
  badge: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<number>;
  updated_time: number;
}

export interface PaymentOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  product_type: string;
  product_id: number;
  title: string;
  amount_fen: number;
  currency: string;
  method: string;
  status: string;
  coins: Generated<number>;
  bonus: Generated<number>;
  bonus_days: Generated<number>;
  vip_days: Generated<number>;
  provider_ref: Generated<string>;
  pay_url: Generated<string>;
  idempotency_key: string;
  created_time: number;
  expires_time: number;
  paid_time: Generated<number>;
  fulfilled_time: Generated<number>;
  refunded_time: Generated<number>;
  reason: Generated<string>;
  /** 1: priced at the first-purchase price (0027). */
  first_price: Generated<number>;
  /** A payment after the order closed: '' | 'after_expiry' | 'after_cancel' (0027). */
  late_payment: Generated<string>;
  /** The text `title` is shown as (services/money-texts.ts), '' for free text (0032). */
  title_key: Generated<string>;
  /** JSON parameters of `title_key` (0032). */
  params: Generated<string>;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  order_id: Generated<number>;
  type: string;
  received_time: number;
}

export interface IdempotencyRecordsTable {
  key: string;
  user_id: number;
  request_hash: string;
  response: string;
  created_time: number;
}

export interface CashierPaymentsTable {
  id: Generated<number>;
  payment_id: string;
  order_no: string;
  amount_fen: number;
  currency: string;
  title: string;
  /** The text `title` is shown as (services/money-texts.ts), '' for free text (0032). */
  title_key: Generated<string>;
  /** JSON parameters of `title_key` (0032). */
  params: Generated<string>;
  return_url: string;
  status: string;
  created_time: number;
  expires_time: number;
  paid_time: Generated<number>;
  notified_time: Generated<number>;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  label: Generated<string>;
  params: Generated<string>;
  value: Generated<number>;
  count: Generated<number>;
  start_time: number;
  channel: Generated<string>;
  received_time: number;
  /** Day number in the server's time zone (migration 0013). */
  day: Generated<number>;
}

export interface AssistHelpsTable {
  id: Generated<number>;
  sharer_id: number;
  helper_id: number;
  deviceid: Generated<string>;
  hours: number;
  created_time: number;
}

export type PaymentOrderRow = Selectable<PaymentOrdersTable>;

/** Discovery and reading (migration 0005). A favourite of a guest or user (user_id). */
export interface FavoritesTable {
  user_id: number;
  work_id: number;
  /** The work's type, copied so each shelf (comics, novels) is one index range. */
  type: number;
  added_time: number;
}

/** The one saved reading place per (user, work). */
export interface ReadingHistoryTable {
  user_id: number;
  work_id: number;
  type: number;
  chapter_id: number;
  /** Comic: 0-based page index. */
  page_index: Generated<number>;
  /** Novel: character offset into the chapter's plain text. */
  position: Generated<number>;
  /** Progress within the chapter, 0–100. */
  percent: Generated<number>;
  updated_time: number;
  /** The e-reader's device name when KOReader's sync saved the place; '' from the app (0029). */
  synced_from: Generated<string>;
  /** When the place was reached, ms since the epoch; a save older than this is not kept (0038). */
  read_at_ms: Generated<number>;
}

/** Views and new favourites per work per UTC day (`day` = Unix seconds / 86400); ranking windows sum it. */
export interface WorkStatsDailyTable {
  work_id: number;
  day: number;
  views: Generated<number>;
  favorites: Generated<number>;
}

/** The search index document of a work (lowercased text) and the source values it was built from. */
export interface SearchDocumentsTable {
  work_id: number;
  type: number;
  title_text: string;
  people_text: string;
  summary_text: string;
  body: string;
  src_updated_time: number;
  src_title: string;
  src_alt_titles: string;
  src_summary_length: number;
  src_authors_sig: number;
  src_tags_sig: number;
  /** How the document was built (SEARCH_FORMS_VERSION; migration 0033). */
  forms_version: Generated<number>;
}

/** One character or pair of adjacent characters of a search document's body (migration 0022). */
/** One row (id 1): grows with every committed change to what chapter openings answer (0023). */
export interface CatalogueVersionTable {
  id: number;
  version: number | string;
}

export interface SearchGramsTable {
  gram: string;
  work_id: number;
}

export interface SearchHistoryTable {
  user_id: number;
  keyword: string;
  searched_time: number;
}

export interface SearchStatsDailyTable {
  keyword: string;
  day: number;
  /** Distinct users who searched the keyword that day. */
  users: Generated<number>;
}

/** An ad (spec §3 "Ad"), shown on the page named `page`. */
export interface AdsTable {
  id: Generated<number>;
  page: string;
  name: Generated<string>;
  pic: Generated<string>;
  pic_width: Generated<number>;
  pic_height: Generated<number>;
  url: Generated<string>;
  position: Generated<string>;
  position_offset_x: Generated<string>;
  position_offset_y: Generated<string>;
  bg_transparent: Generated<number>;
  hide_time: Generated<number>;
  display_time_again: Generated<number>;
  platform_show: Generated<number>;
  adtext_show: Generated<number>;
  adtext: Generated<string>;
  adtext_size: Generated<number>;
  adtext_color: Generated<string>;
  close_btn_control: Generated<string>;
  ad_bg_show: Generated<number>;
  enabled: Generated<number>;
  sort: Generated<number>;
  hits: Generated<number>;
  created_time: number;
  /** Migration 0019: the schedule (Unix seconds, 0 = open-ended) and the last console edit. */
  start_time: Generated<number>;
  end_time: Generated<number>;
  updated_time: Generated<number>;
}

/** Anime streaming (migration 0006): one HLS packaging job per episode; see 0006-anime.ts. */
export interface TranscodeJobsTable {
  chapter_id: number;
  /** waiting | processing | ready | failed */
  status: string;
  /** 0–100 while processing. */
  progress: Generated<number>;
  /** Why a job failed, in words a librarian can act on. */
  reason: Generated<string>;
  source_fingerprint: Generated<string>;
  /** Media key folder of the output (`hls/<chapter>/<token>`); '' until ready. */
  output_prefix: Generated<string>;
  /** JSON: renditions, subtitles, thumbnails and poster of the output (transcode/hls-manifest.ts). */
  manifest: Generated<string>;
  /** AES-128 key (hex) of a VIP episode's segments; '' for free episodes. */
  key_hex: Generated<string>;
  created_time: number;
  updated_time: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SettingRow = Selectable<SettingsTable>;
export type WorkRow = Selectable<WorksTable>;
export type ChapterRow = Selectable<ChaptersTable>;
export type PageRow = Selectable<PagesTable>;

/** Community (migration 0007). A comment or reply (father_id > 0) on a work. */
export interface CommentsTable {
  id: Generated<number>;
  work_id: number;
  user_id: number;
  father_id: Generated<number>;
  to_child_id: Generated<number>;
  to_user_id: Generated<number>;
  content: string;
  /** JSON array of media URL paths. */
  images: Generated<string>;
  /** 0 under review, 1 published, 2 rejected. */
  status: number;
  zan: Generated<number>;
  ip: Generated<string>;
  created_time: number;
}
export interface CommentLikesTable {
  comment_id: number;
  user_id: number;
  created_time: number;
}
export interface CommentReportsTable {
  id: Generated<number>;
  comment_id: number;
  user_id: number;
  reason: string;
  created_time: number;
  handled_time: number | null;
}
export interface UserBlocksTable {
  user_id: number;
  blocked_user_id: number;
  created_time: number;
}
/** user_id 0: a system notice to everyone. type 1 system, 2 reply, 3 follow update. */
export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  title: string;
  content: string;
  work_id: Generated<number>;
  comment_id: Generated<number>;
  from_user_id: Generated<number>;
  created_time: number;
  /** A text of the app's (`serverText.<key>`) the title is shown as, '' for free text (0030). */
  title_key: Generated<string>;
  /** JSON object of the text's parameters. */
  params: Generated<string>;
}
export interface MessageReadsTable {
  message_id: number;
  user_id: number;
  read_time: number;
}
export interface FollowsTable {
  user_id: number;
  work_id: number;
  created_time: number;
}
export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  content: string;
  contact: Generated<string>;
  images: Generated<string>;
  reply: Generated<string>;
  reply_time: Generated<number>;
  created_time: number;
}
export type CommentRow = Selectable<CommentsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type FeedbackRow = Selectable<FeedbackTable>;
