/**
 * Character chat and the reading helpers: characters of a work, conversations with a
 * streamed reply, "previously on" recaps, chapter summaries and "who is".
 *
 * A chat message is sent with /v3/ai/chat_send, which charges it (a free try of today, else AI
 * credits) and answers a one-time `stream_url`; the client opens it with GET (Server-Sent Events)
 * and receives the reply in chunks. Replies are grounded in the work's summary and only the
 * chapters up to the user's reading place: never text past it.
 */
import { z } from 'zod';
import { rowId } from './row-id.js';
import { defineCall, pageRequestSchema, pagedListSchema } from './define.js';
import { idempotencyKeySchema } from './money.js';

const id = rowId;
const characterName = z.string().trim().min(1).max(40);

export const aiCharacterSchema = z.object({
  name: z.string(),
  /** How often the name occurs in the chapters read (0 for the narrator). */
  mentions: z.number().int(),
  /** 1 for the narrator fallback: speaks for the story as a whole. */
  is_narrator: z.number().int().min(0).max(1),
});

export const aiCharactersCall = defineCall({
  path: '/v3/ai/characters',
  summary:
    "The characters one can chat with in a work: names that recur in the work's summary and the chapters the session has read (chapter titles for comics), most mentioned first, then the narrator. Also answers the free tries left today, the AI credits and what a message costs. Unknown work: AI_CHARACTER_UNKNOWN (1532).",
  tag: 'ai',
  auth: 'session',
  request: z.object({ work_id: id }),
  response: z.object({
    work_id: z.number().int(),
    title: z.string(),
    language: z.string(),
    /** Chapters the reply may draw on (the reading place and those before it). */
    chapters_read: z.number().int(),
    list: z.array(aiCharacterSchema),
    free_left: z.number().int(),
    credits: z.number().int(),
    cost: z.number().int(),
  }),
});

export const aiChatSendCall = defineCall({
  path: '/v3/ai/chat_send',
  summary:
    "Sends a message to a character and charges it (a free try of today, else `cost` AI credits). Answers the reply's message id and a one-time `stream_url` (GET, Server-Sent Events, valid 60 s) that streams the reply. Short of both: AI_CREDITS_SHORT (1501); the word filter: AI_PROMPT_REFUSED (1531); too many replies at once: AI_CHAT_BUSY (1530); no chat model connected: AI_CHAT_NO_MODEL (1535), nothing charged. A failed or timed-out reply gives back what it cost.",
  tag: 'ai',
  auth: 'session',
  request: z.object({
    work_id: id,
    character: characterName,
    message: z.string().trim().min(1).max(500),
    idempotency_key: idempotencyKeySchema,
  }),
  response: z.object({
    message_id: z.number().int(),
    stream_url: z.string(),
    paid_with: z.enum(['free', 'credits']),
    free_left: z.number().int(),
    credits: z.number().int(),
  }),
});

export const aiChatMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'character']),
  text: z.string(),
  /** pending (not streamed yet), done, or failed (refunded). */
  status: z.enum(['pending', 'done', 'failed']),
  created_time: z.number().int(),
});

export const aiChatHistoryCall = defineCall({
  path: '/v3/ai/chat_history',
  summary:
    "The session's conversation with a character of a work, newest first, paged. Only the session's own messages.",
  tag: 'ai',
  auth: 'session',
  request: pageRequestSchema.extend({ work_id: id, character: characterName }),
  response: pagedListSchema(aiChatMessageSchema),
});

export const aiChatClearCall = defineCall({
  path: '/v3/ai/chat_clear',
  summary: "Deletes the session's conversation with a character of a work (the AI log keeps what it cost).",
  tag: 'ai',
  auth: 'session',
  request: z.object({ work_id: id, character: characterName }),
  response: z.object({ deleted: z.number().int() }),
});

export const aiConversationSchema = z.object({
  work_id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  character: z.string(),
  last_text: z.string(),
  updated_time: z.number().int(),
});

export const aiConversationsCall = defineCall({
  path: '/v3/ai/conversations',
  summary: "The session's recent conversations (one per work and character), most recent first.",
  tag: 'ai',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(aiConversationSchema),
});

/** A sentence quoted word for word from a chapter. */
export const aiPassageSchema = z.object({
  /** The chapter's title. */
  chapter: z.string(),
  text: z.string(),
});
export type AiPassage = z.infer<typeof aiPassageSchema>;

const helperResponse = z.object({
  chapter_id: z.number().int(),
  /** A model's summary, or (extractive) the quoted passages, one a line with their chapter. */
  text: z.string(),
  /** The chapters the text was made from (titles, in reading order). */
  sources: z.array(z.string()),
  /**
   * 1: no model wrote this; `passages` are sentences quoted from the chapters, and a client must
   * show them as quotations ("From the text"), not as a written summary. 0: a model's summary.
   */
  extractive: z.number().int().min(0).max(1),
  /** The quoted sentences when extractive, in reading order; empty for a model's summary. */
  passages: z.array(aiPassageSchema),
});

export const aiRecapCall = defineCall({
  path: '/v3/ai/recap',
  summary:
    '"Previously on": a recap of the chapters before this one (the ones read before reaching it), free: a chat model\'s summary (made once per chapter and cached) or, with no model or when it fails, sentences quoted from those chapters (`extractive` 1). Empty `text` for a first chapter. Unknown chapter: AI_CHARACTER_UNKNOWN (1532).',
  tag: 'ai',
  auth: 'session',
  request: z.object({ chapter_id: id }),
  response: helperResponse,
});

export const aiSummaryCall = defineCall({
  path: '/v3/ai/summary',
  summary:
    "A novel chapter's summary, free: a chat model's (made once per chapter and cached) or, with no model or when it fails, sentences quoted from the chapter (`extractive` 1). Unknown chapter: AI_CHARACTER_UNKNOWN (1532).",
  tag: 'ai',
  auth: 'session',
  request: z.object({ chapter_id: id }),
  response: helperResponse,
});

export const aiWhoNamesCall = defineCall({
  path: '/v3/ai/who_names',
  summary:
    'The names a reader can ask "who is" about at a novel chapter, free: names that recur in the chapters up to and including this one (never a later chapter), most mentioned first. Unknown chapter, or not a novel\'s: AI_CHARACTER_UNKNOWN (1532).',
  tag: 'ai',
  auth: 'session',
  request: z.object({ chapter_id: id }),
  response: z.object({
    chapter_id: z.number().int(),
    list: z.array(z.object({ name: z.string(), mentions: z.number().int() })),
  }),
});

export const aiWhoCall = defineCall({
  path: '/v3/ai/who',
  summary:
    '"Who is": what the text says about a name, from the chapters up to and including this novel chapter only (never a later one), free. With no model, or when it fails: sentences quoted from those chapters that mention the name (its first appearances and the ones that say most about it), `extractive` 1. With a chat model: its short answer grounded in those sentences only, made once per chapter, name and model and cached. A name not in the text so far: `mentioned` 0 and empty `text`. Unknown chapter, or not a novel\'s: AI_CHARACTER_UNKNOWN (1532).',
  tag: 'ai',
  auth: 'session',
  request: z.object({ chapter_id: id, name: characterName }),
  response: helperResponse.extend({
    /** The name asked about, trimmed. */
    name: z.string(),
    /** 0: the name is not in the chapters so far (the answer says nothing else). */
    mentioned: z.number().int().min(0).max(1),
  }),
});

/** One Server-Sent Event of a reply stream (`data:` is this object as JSON, not sealed). */
export const aiStreamEventSchema = z.union([
  z.object({ type: z.literal('chunk'), text: z.string() }),
  z.object({ type: z.literal('done'), message_id: z.number().int(), text: z.string() }),
  z.object({ type: z.literal('error'), code: z.number().int(), msg: z.string() }),
]);
export type AiStreamEvent = z.infer<typeof aiStreamEventSchema>;
