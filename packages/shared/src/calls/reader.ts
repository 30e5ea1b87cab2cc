/**
 * Reader calls: a comic chapter's pages and a novel chapter's text. Buying chapters is in money.ts.
 */
import { z } from 'zod';
import { rowId } from './row-id.js';
import { defineCall } from './define.js';
import { chargeNoticeSchema } from './money.js';

const chapterId = rowId;

export const readerChapterSchema = z.object({
  id: z.number().int(),
  work_id: z.number().int(),
  work_name: z.string(),
  name: z.string(),
  sort: z.number().int(),
  pay: z.number().int(),
  /** Total chapters of the work, for "chapter n / N". */
  chapter_count: z.number().int(),
  /** 0 when this is the first chapter. */
  prev_chapter_id: z.number().int(),
  /** 0 when this is the last chapter. */
  next_chapter_id: z.number().int(),
  /** 1 when the next chapter is locked for this session (VIP or coins), so the reader can say so before opening it. */
  next_locked: z.number().int().min(0).max(1),
});
export type ReaderChapter = z.infer<typeof readerChapterSchema>;

export const comicPageSchema = z.object({
  /** '/media/<key>' (resolve against the API host); keys ending `_xfile.<ext>` are XOR-encoded. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ComicPage = z.infer<typeof comicPageSchema>;

export const comicReadCall = defineCall({
  path: '/v3/comic/read',
  summary:
    "A comic chapter's pages in order with their pixel sizes (reserve space before loading), plus prev/next chapter ids and the work's reading direction. A VIP chapter (pay 2) answers VIP_REQUIRED (1101) and no page URL for sessions without an active VIP; unknown or unpublished chapters answer CONTENT_NOT_FOUND (1102). Counts one view of the work.",
  tag: 'reader',
  auth: 'session',
  request: z.object({ chapter_id: chapterId }),
  response: z.object({
    chapter: readerChapterSchema,
    /** 1 when the work reads right to left. */
    rtl: z.number().int().min(0).max(1),
    pages: z.array(comicPageSchema),
    /** What auto-unlock charged to open this chapter (null when nothing). */
    charged: chargeNoticeSchema,
  }),
});

export const bookReadCall = defineCall({
  path: '/v3/book/read',
  summary:
    "A novel chapter's content: sanitised HTML (images as '/media/<key>' URL paths) and its plain text (positions saved with /v3/book_read/add are character offsets into `text`). VIP chapters answer VIP_REQUIRED (1101) without content for sessions without VIP. Counts one view of the work.",
  tag: 'reader',
  auth: 'session',
  request: z.object({ chapter_id: chapterId }),
  response: z.object({
    chapter: readerChapterSchema,
    html: z.string(),
    text: z.string(),
    word_count: z.number().int(),
    /** What auto-unlock charged to open this chapter (null when nothing). */
    charged: chargeNoticeSchema,
  }),
});
