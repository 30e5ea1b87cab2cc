/**
 * Comments on works (spec §2 comment item, §3 Comment, §4 child replies, §5 validation).
 * A comment belongs to a work (comic, novel or anime); a reply names its top-level comment
 * (`to_father_id`), optionally the reply it answers (`to_child_id`) and that reply's author
 * (`to_user_id`). Comments and likes need a session (guests too: every guest has a nickname);
 * rate limits and the word filter keep that in check.
 */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { rowId, rowIdOrNone } from './row-id.js';
import { REPORT_SUCCESS_MESSAGE } from '../limits.js';
import { COMMENT_LIMITS } from '../limits.js';
import { defineCall, pageRequestSchema, pagedListSchema } from './define.js';

const id = rowId;
const flag = z.number().int().min(0).max(1);

/** A media URL path returned by an upload call ('/media/<key>'). */
export const uploadedImageUrlSchema = z
  .string()
  .max(300)
  .regex(/^\/media\/[a-z0-9_./-]+$/, 'not an uploaded image URL');

export const commentItemSchema = z.object({
  id: z.number().int(),
  work_id: z.number().int(),
  /** Author id; 0 for a deleted account (shown as anonymous). */
  uid: z.number().int(),
  /** Avatar URL ('' when none; `_xfile` images are XOR-encoded). */
  upic: z.string(),
  /** Display name chosen for comments; clients prefer it over `nichen` (spec §3). Here always ''. */
  unichen: z.string(),
  nichen: z.string(),
  text: z.string(),
  /** Unix seconds. */
  addtime: z.number().int(),
  zan: z.number().int(),
  is_zan: flag,
  /** 0 under review (only its author sees it, with a 'reviewing' tag), 1 published. */
  status: z.number().int(),
  imgList: z.array(z.string()),
  /** 1 when the viewer wrote it (delete is offered). */
  is_mine: flag,
  /** Replies only: the top-level comment, the reply answered (0 none) and its author's name. */
  to_father_id: z.number().int(),
  to_child_id: z.number().int(),
  to_user_id: z.number().int(),
  to_nichen: z.string(),
  /** Replies only: posted in the last 24 hours (shown even beyond the first 2). */
  isNewComment: flag,
});
export type CommentItem = z.infer<typeof commentItemSchema>;

export const commentWithRepliesSchema = commentItemSchema.extend({
  /** The first 2 replies (oldest first) plus any new ones (spec §4). */
  child: z.array(commentItemSchema),
  /** All visible replies; the client shows 'expand N replies' for those not in `child`. */
  child_total: z.number().int(),
});
export type CommentWithReplies = z.infer<typeof commentWithRepliesSchema>;

export const commentListCall = defineCall({
  path: '/v3/comment/list',
  summary:
    "Top-level comments of a work, paged, `sort` 'new' (newest first) or 'hot' (most liked, then newest). " +
    "Each has its first 2 replies plus new ones and `child_total`. Hidden: other users' comments under review, " +
    'authors the viewer blocked. Unknown or unpublished work: CONTENT_NOT_FOUND (1102).',
  tag: 'comment',
  auth: 'session',
  request: pageRequestSchema.extend({
    work_id: id,
    sort: z.enum(['new', 'hot']).default('new'),
  }),
  response: pagedListSchema(commentWithRepliesSchema),
});

export const commentChildrenCall = defineCall({
  path: '/v3/comment/children',
  summary: "All replies of a top-level comment, oldest first, paged (for 'expand N replies').",
  tag: 'comment',
  auth: 'session',
  request: pageRequestSchema.extend({ id, limit: intField(1, 100).default(50) }),
  response: pagedListSchema(commentItemSchema),
});

export const commentAddCall = defineCall({
  path: '/v3/comment/add',
  summary:
    `Post a comment or reply. \`content\` must be more than ${COMMENT_LIMITS.tooShortAtMost} and at most ` +
    `${COMMENT_LIMITS.maxLength} characters ('comment too short!'), or empty with at least one image; ` +
    `up to ${COMMENT_LIMITS.maxImages} images from /v3/comment/upload. Starts at status 0 unless the setting ` +
    "'community.comment_publish_directly' is true (default true); the word filter setting " +
    "'community.comment_word_filter' masks listed words. Rate limited per user and per IP. A reply notifies " +
    'the author answered (a message of type 2).',
  tag: 'comment',
  auth: 'session',
  request: z.object({
    work_id: id,
    to_father_id: rowIdOrNone.default(0),
    to_child_id: rowIdOrNone.default(0),
    to_user_id: rowIdOrNone.default(0),
    content: z.string().max(4000).default(''),
    imgList: z.array(uploadedImageUrlSchema).max(COMMENT_LIMITS.maxImages).default([]),
  }),
  response: z.object({ comment: commentItemSchema }),
});

export const COMMENT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

export const commentUploadCall = defineCall({
  path: '/v3/comment/upload',
  summary:
    'Upload one comment image (multipart, field `file`, at most 8 MiB): checked by content, re-encoded as ' +
    'JPEG (max 1600 px, metadata stripped) and stored; answers its URL for `imgList`.',
  tag: 'comment',
  auth: 'session',
  request: z.object({}),
  response: z.object({ url: z.string() }),
});

export const commentZanCall = defineCall({
  path: '/v3/comment/zan',
  summary:
    'Toggle the like of a visible comment (one per user); answers the new count and state. With `is_zan` (1 like, 0 no like) it sets that state instead of toggling, so sending it twice (a like made offline and sent later) changes nothing the second time.',
  tag: 'comment',
  auth: 'session',
  request: z.object({ id, is_zan: intField(0, 1).optional() }),
  response: z.object({ zan: z.number().int(), is_zan: flag }),
});

export const commentDelCall = defineCall({
  path: '/v3/comment/del',
  summary:
    "Delete one of the session's own comments (with its replies). Another user's comment: CONTENT_NOT_FOUND.",
  tag: 'comment',
  auth: 'session',
  request: z.object({ id }),
  response: z.object({ deleted: z.literal(1) }),
});

export const commentReportCall = defineCall({
  path: '/v3/comment/report',
  summary: `Report a comment with a reason (once per user and comment; repeating is accepted). msg: '${REPORT_SUCCESS_MESSAGE}'.`,
  tag: 'comment',
  auth: 'session',
  request: z.object({ id, reason: z.string().trim().min(1).max(200) }),
  response: z.object({ reported: z.literal(1) }),
});

export const commentBlockCall = defineCall({
  path: '/v3/comment/block',
  summary:
    "Block an author: their comments disappear for the session's user on every device. msg 'block succeeded'; " +
    "blocking oneself: 'You cannot block yourself!'.",
  tag: 'comment',
  auth: 'session',
  request: z.object({ uid: id }),
  response: z.object({ blacklist: z.array(z.number().int()) }),
});

export const commentUnblockCall = defineCall({
  path: '/v3/comment/unblock',
  summary: "Unblock an author. msg 'unblock succeeded'.",
  tag: 'comment',
  auth: 'session',
  request: z.object({ uid: id }),
  response: z.object({ blacklist: z.array(z.number().int()) }),
});

export const commentBlacklistCall = defineCall({
  path: '/v3/comment/blacklist',
  summary:
    "The user ids the session's user blocked (the client merges it into its local blacklist), and " +
    'who they are, oldest block first, for the blocked-users screen (a deleted account has uid 0 in ' +
    '`users`, no name or avatar, and can still be unblocked by its `blacklist` id).',
  tag: 'comment',
  auth: 'session',
  request: z.object({}),
  response: z.object({
    blacklist: z.array(z.number().int()),
    users: z.array(
      z.object({ id: z.number().int(), uid: z.number().int(), nichen: z.string(), upic: z.string() }),
    ),
  }),
});
