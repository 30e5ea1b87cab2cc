/**
 * Feedback (/pages/user/feedback/*): a type, a text, a contact and up to 3 screenshots;
 * operators answer later in `reply` (the admin console fills it).
 */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { FEEDBACK_LIMITS } from '../limits.js';
import { uploadedImageUrlSchema } from './comment.js';
import { defineCall, pageRequestSchema, pagedListSchema } from './define.js';

export const feedbackItemSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  content: z.string(),
  contact: z.string(),
  imgList: z.array(z.string()),
  addtime: z.number().int(),
  /** The operator's answer ('' until answered) and when (0 until answered). */
  reply: z.string(),
  reply_time: z.number().int(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const feedbackAddCall = defineCall({
  path: '/v3/feedback/add',
  summary:
    `Send feedback: type 1 bug, 2 suggestion, 3 content, 4 payment, 5 other; content ${FEEDBACK_LIMITS.minLength}–` +
    `${FEEDBACK_LIMITS.maxLength} characters; up to 3 screenshots from /v3/app/feedback_upload. Rate limited.`,
  tag: 'feedback',
  auth: 'session',
  request: z.object({
    type: intField(1, 5),
    content: z.string().max(4000),
    contact: z.string().trim().max(FEEDBACK_LIMITS.contactMax).default(''),
    imgList: z.array(uploadedImageUrlSchema).max(FEEDBACK_LIMITS.maxImages).default([]),
  }),
  response: z.object({ feedback: feedbackItemSchema }),
});

export const feedbackListCall = defineCall({
  path: '/v3/feedback/list',
  summary: "The session's feedback log, newest first, with operators' replies; paged.",
  tag: 'feedback',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(feedbackItemSchema),
});

export const appFeedbackUploadCall = defineCall({
  path: '/v3/app/feedback_upload',
  summary:
    'Upload one feedback screenshot (multipart, field `file`, at most 8 MiB): checked by content, re-encoded ' +
    'as JPEG and stored; answers its URL for `imgList`.',
  tag: 'feedback',
  auth: 'session',
  request: z.object({}),
  response: z.object({ url: z.string() }),
});
