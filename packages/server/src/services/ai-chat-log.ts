/**
 * What chat writes to the AI log (/pages/ai/aiLog). The log's table (`ai_log`) belongs to
 * the AI images area (migration 0015, AiLogRepository); this small interface keeps chat
 * independent of it: ai-chat-services.ts writes through the repository, tests may pass a no-op.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export interface AiLogRow {
  userId: number;
  kind: 'chat' | 'recap' | 'summary' | 'image';
  /** The reply message id (chat) or the chapter id (recap, summary). */
  refId: number;
  title: string;
  costCredits: number;
  paidWith: 'free' | 'credits' | '';
  /** done, or refunded (a failed reply that gave back its cost). */
  status: string;
  createdTime: number;
}

/** Called after the reply's or refund's own commit, with the database; a failure is only logged. */
export interface AiLogWriter {
  add(trx: Kysely<DB>, row: AiLogRow): Promise<void>;
}

export const noAiLog: AiLogWriter = { add: async () => {} };
