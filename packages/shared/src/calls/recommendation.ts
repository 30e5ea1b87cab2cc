/**
 * Recommendations: "for you" on the home tabs and "readers of this also read" on a work's detail,
 * both from what readers actually read and shelve (item-to-item co-occurrence, rebuilt by a
 * background job), minus the works the reader marked "not interested" (/v3/reco/hide).
 */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { rowId } from './row-id.js';
import { defineCall, pagedListSchema, pageRequestSchema } from './define.js';
import { workCardSchema } from './catalogue.js';

/** The most "for you" works a reader can page through. */
export const FOR_YOU_MAX = 60;

export const forYouItemSchema = workCardSchema.extend({
  /**
   * Why the work is listed: 'pinned' (the operator's pick), 'similar' (read or shelved by readers
   * of the reader's own works) or 'popular' (the kind's most read works, filling up the list).
   */
  reason: z.enum(['pinned', 'similar', 'popular']),
});
export type ForYouItem = z.infer<typeof forYouItemSchema>;

export const recoForYouCall = defineCall({
  path: '/v3/reco/for_you',
  summary: `"For you" of one kind (type 0 comic, 1 novel, 2 anime) for the session's reader: the operator's pinned works first, then works most read or shelved by the readers of the reader's recent history and shelf (scores summed), then the kind's most read works of the last 30 days. Never a work the reader has read (any chapter, so never one finished) or shelved, never one the reader marked "not interested" (/v3/reco/hide), never one the operator excluded. Paged, at most ${FOR_YOU_MAX} in all.`,
  tag: 'recommendation',
  auth: 'session',
  request: pageRequestSchema.extend({ type: intField(0, 2).default(0) }),
  response: z.object({ list: z.array(forYouItemSchema), total: z.number().int() }),
});

export const recoAlsoReadCall = defineCall({
  path: '/v3/reco/also_read',
  summary:
    'Readers of this also read: the published works of the same kind most read or shelved by the readers of work `id`, best first (up to `limit`, default 10); works the operator excluded and works the session\'s reader marked "not interested" are left out. An empty list when too few readers share the work (or it is unknown).',
  tag: 'recommendation',
  auth: 'session',
  request: z.object({ id: rowId, limit: intField(1, 30).default(10) }),
  response: z.object({ list: z.array(workCardSchema) }),
});

export const hiddenWorkSchema = workCardSchema.extend({
  /** When the reader marked the work "not interested" (Unix seconds). */
  hidden_time: z.number().int(),
});
export type HiddenWork = z.infer<typeof hiddenWorkSchema>;

export const recoHideCall = defineCall({
  path: '/v3/reco/hide',
  summary:
    'Not interested: the published work `id` (any kind) is never recommended to the session\'s reader again, neither in "for you" nor in "readers of this also read", until shown again with /v3/reco/unhide. Hiding a hidden work changes nothing. Unknown or unpublished work: CONTENT_NOT_FOUND (1102).',
  tag: 'recommendation',
  auth: 'session',
  request: z.object({ id: rowId }),
  response: z.object({ hidden: z.literal(1) }),
});

export const recoUnhideCall = defineCall({
  path: '/v3/reco/unhide',
  summary:
    "Shows work `id` in the session's reader's recommendations again. Idempotent: a work that is not on the reader's own hidden list (never hidden, already shown again, or hidden only by someone else) answers the same and changes nothing.",
  tag: 'recommendation',
  auth: 'session',
  request: z.object({ id: rowId }),
  response: z.object({ hidden: z.literal(0) }),
});

export const recoHiddenCall = defineCall({
  path: '/v3/reco/hidden',
  summary:
    'The works the session\'s reader marked "not interested", most recently hidden first, paged; works no longer published are left out.',
  tag: 'recommendation',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(hiddenWorkSchema),
});
