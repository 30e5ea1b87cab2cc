/**
 * Catalogue calls: work cards, work details, chapter lists, categories/filters, tags and authors.
 * Comics use `/v3/comic/*`, novels `/v3/book/*`; both answer the same record shapes.
 */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { rowId, rowIdOrNone } from './row-id.js';
import { defineCall, pageRequestSchema, pagedListSchema } from './define.js';

const id = rowId;
const flag = z.number().int().min(0).max(1);

/**
 * The spec's mixed list item (type, relate_id, pic, score, isend, pay, name, latest_chapter_name)
 * plus what a card needs to lay out without jumping (cover size) and its subtitle (author, tags).
 */
export const workCardSchema = z.object({
  /** 0 comic, 1 novel, 2 anime. */
  type: z.number().int(),
  /** The work id; detail routes take it as `column` (comic, novel) or `id` (anime). */
  relate_id: z.number().int(),
  /** Cover URL path ('/media/<key>', resolve against the API host; `_xfile` keys are XOR-encoded); '' when none. */
  pic: z.string(),
  pic_width: z.number().int(),
  pic_height: z.number().int(),
  /** Score out of 10 with one decimal (8.7); shown followed by '分'. */
  score: z.number(),
  /** 1 finished (完结), 0 serialising (连载). */
  isend: flag,
  /** 2 = VIP. */
  pay: z.number().int(),
  name: z.string(),
  /** Name of the newest chapter ('' when none); shown with '最新' for unfinished works. */
  latest_chapter_name: z.string(),
  /** Author names joined with ' / ' ('' when unknown). */
  author: z.string(),
  /** Up to 3 tag names. */
  tags: z.array(z.string()),
  chapter_count: z.number().int(),
  views: z.number().int(),
  favorites: z.number().int(),
  /** When a chapter was last added or changed (Unix seconds). */
  updated_time: z.number().int(),
});
export type WorkCard = z.infer<typeof workCardSchema>;

export const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/** Where the reader should open: the saved place, or the first chapter when never read. */
export const readTargetSchema = z.object({
  chapter_id: z.number().int(),
  chapter_name: z.string(),
  /** 0-based position of the chapter in reading order. */
  chapter_sort: z.number().int(),
  /** Comic: 0-based page index to scroll to. */
  page_index: z.number().int(),
  /** Novel: character offset into the chapter's plain text. */
  position: z.number().int(),
  /** Progress within the chapter, 0–100. */
  percent: z.number().int(),
  /** Unix seconds of the last save (0 when never read). */
  readtime: z.number().int(),
  /**
   * The e-reader that saved this place through KOReader's progress sync ("Kobo Clara"); '' when
   * the app saved it. Clients show "continued on KOReader · <device>".
   */
  synced_from: z.string(),
});
export type ReadTarget = z.infer<typeof readTargetSchema>;

export const workDetailSchema = workCardSchema.extend({
  alt_names: z.array(z.string()),
  summary: z.string(),
  authors: z.array(namedRefSchema.extend({ role: z.string() })),
  tag_list: z.array(namedRefSchema),
  categories: z.array(namedRefSchema),
  language: z.string(),
  /** 1 when pages read right to left (manga): the paged reader defaults to RTL. */
  rtl: flag,
  /** 1 when the work is in the session's favourites. */
  is_favorite: flag,
  /** The saved place (history), or null when never read. */
  read: readTargetSchema.nullable(),
  /** Id of the first chapter in reading order (0 when none): "start reading". */
  first_chapter_id: z.number().int(),
});
export type WorkDetail = z.infer<typeof workDetailSchema>;

export const chapterItemSchema = z.object({
  id: z.number().int(),
  /** 0-based reading order. */
  sort: z.number().int(),
  /** Display name: the title, else the parsed number, else the 1-based position. */
  name: z.string(),
  number: z.string(),
  volume: z.string(),
  /** 0 free, 1 coin chapter (unlock with coins), 2 VIP chapter (VIP, or unlock with coins). */
  pay: z.number().int(),
  /** Coin price of this chapter alone (0 for a free chapter); see /v3/book/buy. */
  price_coins: z.number().int(),
  /** 1 when the session may not open it (coin chapter not bought; VIP chapter without VIP, not bought). */
  locked: flag,
  /** 1 when the session bought it (it stays open for good). */
  unlocked: flag,
  page_count: z.number().int(),
  word_count: z.number().int(),
  updated_time: z.number().int(),
  /**
   * '' for a chapter; 'front' or 'back' for a book's matter around its chapters (cover, title page,
   * contents, licence): listed in its place, shown without a chapter number, always free, and not
   * counted in the work's chapter count or free preview.
   */
  matter: z.enum(['', 'front', 'back']),
});
export type ChapterItem = z.infer<typeof chapterItemSchema>;

const detailRequest = z.object({ id });
const chaptersRequest = z.object({
  id,
  /** 'asc' oldest first (default), 'desc' newest first. */
  order: z.enum(['asc', 'desc']).default('asc'),
  page: intField(1).default(1),
  /** Chapter lists are read whole by the readers, so the page may be large. */
  limit: intField(1, 2000).default(100),
});

export const comicDetailsCall = defineCall({
  path: '/v3/comic/details',
  summary:
    "A published comic's detail (/pages/cartoon/details?column=ID): card fields plus alternative titles, summary, authors, tags, categories, reading direction, whether it is a favourite, and the saved reading place. Unknown or unpublished ids answer CONTENT_NOT_FOUND (1102).",
  tag: 'catalogue',
  auth: 'session',
  request: detailRequest,
  response: workDetailSchema,
});

export const bookDetailsCall = defineCall({
  path: '/v3/book/details',
  summary: "A published novel's detail (/pages/novel/cover?column=ID); same record as /v3/comic/details.",
  tag: 'catalogue',
  auth: 'session',
  request: detailRequest,
  response: workDetailSchema,
});

export const comicChaptersCall = defineCall({
  path: '/v3/comic/chapters',
  summary:
    "A comic's chapters in reading order ('asc') or newest first ('desc'), paged (limit up to 2000). `locked` tells the session which VIP chapters it may not open.",
  tag: 'catalogue',
  auth: 'session',
  request: chaptersRequest,
  response: pagedListSchema(chapterItemSchema),
});

export const bookChaptersCall = defineCall({
  path: '/v3/book/chapters',
  summary: "A novel's chapters; same as /v3/comic/chapters.",
  tag: 'catalogue',
  auth: 'session',
  request: chaptersRequest,
  response: pagedListSchema(chapterItemSchema),
});

/** Filters of the category pages (/pages/sort/sort, /pages/home/sort/homeSort, tag pages). */
export const workFilterSchema = pageRequestSchema.extend({
  /** 0 comics, 1 novels, 2 anime. */
  type: intField(0, 2).default(0),
  /** 0 = any category. */
  category_id: rowIdOrNone.default(0),
  /** 0 = any tag. */
  tag_id: rowIdOrNone.default(0),
  /** 0 any, 1 serialising (连载), 2 finished (完结). */
  status: intField(0, 2).default(0),
  /** 0 any, 1 free, 2 VIP. */
  pay: intField(0, 2).default(0),
  /** 'new' recently updated, 'hot' most viewed, 'score' best rated. */
  order: z.enum(['new', 'hot', 'score']).default('new'),
});

export const categoryWorksCall = defineCall({
  path: '/v3/category/works',
  summary:
    'Published works of one type filtered by category or tag, status (1 serialising, 2 finished), pay (1 free, 2 VIP) and ordered by newest update, views or score; paged {list, total}. Ties break by id so pages never overlap.',
  tag: 'catalogue',
  auth: 'session',
  request: workFilterSchema,
  response: pagedListSchema(workCardSchema),
});

export const categoryIndexCall = defineCall({
  path: '/v3/category/index',
  summary:
    'The filter options of a type: its categories (by their sort) and its tags that have published works (most used first), each with its number of published works.',
  tag: 'catalogue',
  auth: 'session',
  request: z.object({ type: intField(0, 2).default(0) }),
  response: z.object({
    categories: z.array(namedRefSchema.extend({ count: z.number().int() })),
    tags: z.array(namedRefSchema.extend({ count: z.number().int() })),
  }),
});

export const categoryTagsCall = defineCall({
  path: '/v3/category/tags',
  summary: 'All tags with published works of a type, most used first, paged (tag pages and the tag cloud).',
  tag: 'catalogue',
  auth: 'session',
  request: pageRequestSchema.extend({
    type: intField(0, 2).default(0),
    limit: intField(1, 500).default(100),
  }),
  response: pagedListSchema(namedRefSchema.extend({ count: z.number().int() })),
});

export const authorWorksCall = defineCall({
  path: '/v3/comic/author',
  summary:
    'The author page (/pages/menu/author): the author and their published works of every type (newest update first), paged. `type` narrows to one type (-1 = all).',
  tag: 'catalogue',
  auth: 'session',
  request: pageRequestSchema.extend({
    id,
    type: intField(-1, 2).default(-1),
  }),
  response: z.object({
    author: namedRefSchema.extend({ work_count: z.number().int() }),
    list: z.array(workCardSchema),
    total: z.number().int(),
  }),
});
