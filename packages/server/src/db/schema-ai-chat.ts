/** Table types of migration 0016-ai-chat.ts (AI chat and reading helpers); merged into DB in schema.ts. */
import type { Generated } from 'kysely';

export interface AiChatMessagesTable {
  id: Generated<number>;
  user_id: number;
  work_id: number;
  character: string;
  role: 'user' | 'character';
  text: Generated<string>;
  /** A reply: pending until streamed, then done or failed (refunded). */
  status: Generated<string>;
  /** A reply: how its message was paid ('free' | 'credits'), for the refund. */
  paid_with: Generated<string>;
  cost_credits: Generated<number>;
  charge_day: Generated<number>;
  /** sha256 hex of the one-time stream token; '' once opened. */
  stream_token_hash: Generated<string>;
  stream_expires: Generated<number>;
  created_time: number;
  updated_time: number;
}

export interface AiHelperCacheTable {
  kind: 'recap' | 'summary' | 'who';
  chapter_id: number;
  /** The name a "who is" answer is about; '' for recaps and summaries. */
  subject: Generated<string>;
  /** The model that wrote the text, "<provider>/<model>": another model's cache is not served. */
  model: string;
  text: string;
  /** JSON array of chapter titles. */
  sources: Generated<string>;
  created_time: number;
}

export interface AiChatTables {
  ai_chat_messages: AiChatMessagesTable;
  ai_helper_cache: AiHelperCacheTable;
}
