/**
 * Messages (/pages/user/cell/mes): type 1 system notices (broadcast to everyone), type 2
 * replies to my comments, type 3 updates of works I follow. Read state is per user.
 */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { rowId } from './row-id.js';
import { defineCall, pageRequestSchema, pagedListSchema } from './define.js';

const flag = z.number().int().min(0).max(1);
/** 0 all, 1 system, 2 replies, 3 follow updates. */
const messageType = intField(0, 3).default(0);

export const messageItemSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  /** As written, or the English of `title_key`. */
  title: z.string(),
  /**
   * A text of the app's that the title is in the reader's language ('' for free text): clients
   * render `serverText.<title_key>` with `params`, and fall back to `title` when they lack it.
   */
  title_key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  content: z.string(),
  addtime: z.number().int(),
  is_read: flag,
  /** The work concerned (replies, updates), 0 for none, and its type (0 comic, 1 novel, 2 anime). */
  work_id: z.number().int(),
  work_type: z.number().int(),
  /** The reply (type 2), 0 for none. */
  comment_id: z.number().int(),
  /** Who replied (type 2): id, name and avatar; 0/'' otherwise. */
  from_uid: z.number().int(),
  from_nichen: z.string(),
  from_upic: z.string(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

export const messageNumsSchema = z.object({
  total: z.number().int(),
  system: z.number().int(),
  reply: z.number().int(),
  update: z.number().int(),
});
export type MessageNums = z.infer<typeof messageNumsSchema>;

export const messageGetNumsCall = defineCall({
  path: '/v3/message/get_nums',
  summary: 'Unread message counts: total and per type (system, reply, update), for tab and list badges.',
  tag: 'message',
  auth: 'session',
  request: z.object({}),
  response: messageNumsSchema,
});

export const messageReadCall = defineCall({
  path: '/v3/message/read',
  summary: 'The messages of the session, newest first, paged; `type` 0 all, 1 system, 2 replies, 3 updates.',
  tag: 'message',
  auth: 'session',
  request: pageRequestSchema.extend({ type: messageType }),
  response: pagedListSchema(messageItemSchema),
});

export const messagePosCall = defineCall({
  path: '/v3/message/pos',
  summary:
    "Open one message: marks it read and answers it with the new counts. Another user's message: CONTENT_NOT_FOUND.",
  tag: 'message',
  auth: 'session',
  request: z.object({ id: rowId }),
  response: z.object({ message: messageItemSchema, nums: messageNumsSchema }),
});

export const messageReadAllCall = defineCall({
  path: '/v3/message/read_all',
  summary: 'Mark every message (or every one of `type`) read; answers the new counts.',
  tag: 'message',
  auth: 'session',
  request: z.object({ type: messageType }),
  response: messageNumsSchema,
});
