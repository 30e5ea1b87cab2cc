/**
 * Favourites (the bookshelf, /pages/book/book): comics under `/v3/cases/*`, novels under
 * `/v3/book_cases/*`. Guests have favourites too; they are keyed by user id, so they follow a guest
 * who registers.
 */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { rowId } from './row-id.js';
import { defineCall, pageRequestSchema, pagedListSchema } from './define.js';
import { readTargetSchema, workCardSchema } from './catalogue.js';

export const shelfItemSchema = workCardSchema.extend({
  /** When it was added to the shelf (Unix seconds). */
  addtime: z.number().int(),
  /** The saved reading place, or null when never read: "continue" opens it. */
  read: readTargetSchema.nullable(),
  /** 1 when chapters changed after the last read (or after adding, when never read). */
  has_update: z.number().int().min(0).max(1),
});
export type ShelfItem = z.infer<typeof shelfItemSchema>;

const addRequest = z.object({ id: rowId });
const addResponse = z.object({
  is_favorite: z.literal(1),
  /** The work's favourite count after the change. */
  favorites: z.number().int(),
});
/** Batch delete by work ids (the shelf's edit mode); ids not on the session's shelf are ignored. */
const delRequest = z.object({
  ids: z.array(intField(1)).min(1).max(500),
});
const delResponse = z.object({ deleted: z.number().int() });

export const casesIndexCall = defineCall({
  path: '/v3/cases/index',
  summary: "The session's favourite comics, most recently added first, with the saved reading place; paged.",
  tag: 'shelf',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(shelfItemSchema),
});

export const casesAddComicCall = defineCall({
  path: '/v3/cases/add/comic',
  summary:
    'Add a published comic to the favourites (idempotent). Unknown ids or non-comics answer CONTENT_NOT_FOUND (1102).',
  tag: 'shelf',
  auth: 'session',
  request: addRequest,
  response: addResponse,
});

export const casesDelCall = defineCall({
  path: '/v3/cases/del',
  summary:
    "Remove comics from the favourites by work ids (batch); ids not on the session's shelf change nothing.",
  tag: 'shelf',
  auth: 'session',
  request: delRequest,
  response: delResponse,
});

export const bookCasesIndexCall = defineCall({
  path: '/v3/book_cases/index',
  summary: "The session's favourite novels; same as /v3/cases/index.",
  tag: 'shelf',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(shelfItemSchema),
});

export const bookCasesAddCall = defineCall({
  path: '/v3/book_cases/add',
  summary: 'Add a published novel to the favourites (idempotent).',
  tag: 'shelf',
  auth: 'session',
  request: addRequest,
  response: addResponse,
});

export const bookCasesDelCall = defineCall({
  path: '/v3/book_cases/del',
  summary: 'Remove novels from the favourites by work ids (batch).',
  tag: 'shelf',
  auth: 'session',
  request: delRequest,
  response: delResponse,
});
