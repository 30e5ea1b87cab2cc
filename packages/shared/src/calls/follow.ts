/**
 * Follows (/pages/user/cell/follow): works a user follows for updates. A new chapter of a
 * followed work creates a message of type 3 for each follower.
 */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { rowId } from './row-id.js';
import { workCardSchema } from './catalogue.js';
import { defineCall, pageRequestSchema, pagedListSchema } from './define.js';

export const followItemSchema = workCardSchema.extend({
  /** When it was followed (Unix seconds). */
  addtime: z.number().int(),
});
export type FollowItem = z.infer<typeof followItemSchema>;

export const followIndexCall = defineCall({
  path: '/v3/follow/index',
  summary: 'The works the session follows, most recently updated first, paged.',
  tag: 'follow',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(followItemSchema),
});

export const followAddCall = defineCall({
  path: '/v3/follow/add',
  summary: 'Follow a published work for updates (idempotent). Unknown work: CONTENT_NOT_FOUND (1102).',
  tag: 'follow',
  auth: 'session',
  request: z.object({ id: rowId }),
  response: z.object({ is_follow: z.literal(1) }),
});

export const followDelCall = defineCall({
  path: '/v3/follow/del',
  summary: 'Unfollow works by id (batch); ids the session does not follow change nothing.',
  tag: 'follow',
  auth: 'session',
  request: z.object({ ids: z.array(intField(1)).min(1).max(500) }),
  response: z.object({ deleted: z.number().int() }),
});
