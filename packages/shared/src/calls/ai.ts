/**
 * The AI section: the AI tab's state (free tries, credits, styles), AI cos image
 * generation jobs and their gallery, buying AI credits with coins, and the AI log.
 *
 * A generation takes one of today's free tries (`free_daily` per task day) or the style's cost in
 * AI credits; a job that fails or times out gives back what it took. Jobs run in the background:
 * the client polls /v3/ai/job until `status` is 'done' or 'failed'.
 */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { rowId } from './row-id.js';
import { defineCall, pageRequestSchema, pagedListSchema } from './define.js';
import { idempotencyKeySchema } from './money.js';

const id = rowId;
const flag = z.number().int().min(0).max(1);

/** Upload limit of the AI cos photo (checked by content and for decompression bombs). */
export const AI_PHOTO_MAX_BYTES = 8 * 1024 * 1024;

export const AI_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type AiJobStatus = (typeof AI_JOB_STATUSES)[number];

export const aiStyleSchema = z.object({
  /** Stable key ('anime', 'manga', …); the web names it from its locale, `name` is the fallback. */
  key: z.string(),
  name: z.string(),
  cost: z.number().int(),
});
export type AiStyle = z.infer<typeof aiStyleSchema>;

export const aiPackSchema = z.object({
  key: z.string(),
  coins: z.number().int(),
  credits: z.number().int(),
});
export type AiPack = z.infer<typeof aiPackSchema>;

export const aiIndexCall = defineCall({
  path: '/v3/ai/index',
  summary:
    "The AI tab: the session's AI credits, free tries left today and per day, the AI cos styles with their cost, the credit packs for sale, whether this account may buy (guests must bind first) and which image provider runs ('builtin' is a stylisation filter, not a model) and whether character chat is available (it needs a chat model the operator connects; without one chat_send answers AI_CHAT_NO_MODEL).",
  tag: 'ai',
  auth: 'session',
  request: z.object({}),
  response: z.object({
    is_guest: flag,
    credits: z.number().int(),
    coins: z.number().int(),
    free_left: z.number().int(),
    free_daily: z.number().int(),
    can_buy: flag,
    provider: z.string(),
    /** 1 when the operator connected a chat model; 0: character chat is off (the reading helpers still quote the text). */
    chat_available: flag,
    styles: z.array(aiStyleSchema),
    packs: z.array(aiPackSchema),
  }),
});

export const aiJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(AI_JOB_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  style: z.string(),
  /** The result's media path ('' until done). */
  result: z.string(),
  /** What went wrong, for a failed job ('' otherwise). */
  error: z.string(),
  cost: z.number().int(),
  /** 'free' (a free try) or 'credits'. */
  paid_with: z.enum(['free', 'credits']),
  /** 1 when a failed job's charge was given back. */
  refunded: flag,
  addtime: z.number().int(),
});
export type AiJob = z.infer<typeof aiJobSchema>;

export const aiCosCreateCall = defineCall({
  path: '/v3/ai/cos_create',
  summary:
    'Starts an AI cos generation: multipart/form-data with a photo in `file` (JPEG, PNG, WebP, GIF or AVIF, checked by content, at most 8 MB), or `work_id` of a published work whose cover is used; a `style` of /v3/ai/index and an optional `seed`. Charges a free try or the style cost (short: AI_CREDITS_SHORT 1501), refuses a fifth concurrent job (AI_JOBS_BUSY 1510). A repeat of the `idempotency_key` answers the first job.',
  tag: 'ai',
  auth: 'session',
  request: z.object({
    style: z.string().min(1).max(20),
    work_id: id.optional(),
    seed: intField(0, 2_147_483_647).optional(),
    idempotency_key: idempotencyKeySchema,
  }),
  response: aiJobSchema,
});

export const aiJobCall = defineCall({
  path: '/v3/ai/job',
  summary: "One of the session's generation jobs: status, progress, result, error and what it cost.",
  tag: 'ai',
  auth: 'session',
  request: z.object({ id }),
  response: aiJobSchema,
});

export const aiGalleryCall = defineCall({
  path: '/v3/ai/gallery',
  summary: "The session's finished AI cos images, newest first (paged).",
  tag: 'ai',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(aiJobSchema),
});

export const aiGalleryDelCall = defineCall({
  path: '/v3/ai/gallery_del',
  summary: "Removes one of the session's images from the gallery (the log keeps its line).",
  tag: 'ai',
  auth: 'session',
  request: z.object({ id }),
  response: z.object({}),
});

export const aiBuyCall = defineCall({
  path: '/v3/ai/buy',
  summary:
    'Buys an AI credit pack with coins (bonus coins first). Guests: LOGIN_REQUIRED (1006); unknown pack: AI_PACK_UNKNOWN (1514); short of coins: BALANCE_SHORT (1301). A repeat of the key answers the first result.',
  tag: 'ai',
  auth: 'user',
  request: z.object({ pack: z.string().min(1).max(20), idempotency_key: idempotencyKeySchema }),
  response: z.object({ credits: z.number().int(), coins: z.number().int(), added: z.number().int() }),
});

export const AI_LOG_KINDS = ['image', 'chat', 'recap', 'summary'] as const;
export const aiLogItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(AI_LOG_KINDS),
  /** As written when it happened: for an image, "AI cos · <style name>" in English. */
  title: z.string(),
  /** An image's style key, for the app to name the style in the reader's language. */
  style: z.string().optional(),
  cost: z.number().int(),
  paid_with: z.enum(['free', 'credits']),
  /** 'queued', 'running', 'done', 'failed' (refunded), or 'ok' for a chat message. */
  status: z.string(),
  addtime: z.number().int(),
});
export type AiLogItem = z.infer<typeof aiLogItemSchema>;

export const aiLogCall = defineCall({
  path: '/v3/ai/log',
  summary:
    'Every AI generation and chat message of the session with its cost and status, newest first (paged).',
  tag: 'ai',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(aiLogItemSchema),
});
