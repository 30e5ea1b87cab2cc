/**
 * Reading history and progress (/pages/book/history): one entry per (session user, work) holding
 * the last chapter and the place in it; newest first.
 */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { rowId } from './row-id.js';
import { defineCall, emptySchema, pageRequestSchema, pagedListSchema } from './define.js';
import { readTargetSchema, workCardSchema } from './catalogue.js';

export const historyItemSchema = workCardSchema.extend({
  /** The saved place: "continue" opens this chapter at this page/position. */
  read: readTargetSchema,
  /** Progress through the whole work, 0–100 (chapters before the saved one plus the saved percent). */
  progress: z.number().int(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

const workId = rowId;
const chapterId = rowId;
const percent = intField(0, 100).default(0);

/**
 * When the place was reached, ms since the epoch (default: now). The place is kept only if it is
 * not older than the stored place of the work, so a place saved offline and sent late never
 * replaces a newer one; a time more than 5 minutes ahead of the server counts as now.
 */
export const readAtField = intField(0).optional();

export const readIndexCall = defineCall({
  path: '/v3/read/index',
  summary:
    "The session's reading history, most recently read first, paged. `type` 0 comics, 1 novels, -1 both (default).",
  tag: 'history',
  auth: 'session',
  request: pageRequestSchema.extend({ type: intField(-1, 2).default(-1) }),
  response: pagedListSchema(historyItemSchema),
});

export const readAddCall = defineCall({
  path: '/v3/read/add',
  summary:
    'Save the reading place in a comic: chapter, 0-based page index and percent of the chapter. Replaces the previous place for the work unless that one is newer: `read_at` (optional, ms since the epoch, default now) is when the place was reached, and a place older than the stored one is not kept (a place saved offline and sent late); a time more than 5 minutes ahead of the server counts as now. The history is ordered by the kept time. The chapter must belong to the work.',
  tag: 'history',
  auth: 'session',
  request: z.object({
    id: workId,
    chapter_id: chapterId,
    page_index: intField(0, 100_000).default(0),
    percent,
    read_at: readAtField,
  }),
  response: emptySchema,
});

export const bookReadAddCall = defineCall({
  path: '/v3/book_read/add',
  summary:
    "Save the reading place in a novel: chapter, character offset into the chapter's plain text (independent of font size) and percent of the chapter. `read_at` as in /v3/read/add: a place older than the stored one is not kept.",
  tag: 'history',
  auth: 'session',
  request: z.object({
    id: workId,
    chapter_id: chapterId,
    position: intField(0, 100_000_000).default(0),
    percent,
    read_at: readAtField,
  }),
  response: emptySchema,
});

export const readDelCall = defineCall({
  path: '/v3/read/del',
  summary: "Remove works from the session's history by work ids (batch); `ids` empty with `all` 1 clears it.",
  tag: 'history',
  auth: 'session',
  request: z.object({
    ids: z.array(intField(1)).max(500).default([]),
    all: intField(0, 1).default(0),
  }),
  response: z.object({ deleted: z.number().int() }),
});
