/** Table types of migration 0015-ai-images.ts (AI images); merged into DB in schema.ts. */
import type { Generated, Selectable } from 'kysely';

export interface AiJobsTable {
  id: Generated<number>;
  user_id: number;
  style: string;
  seed: Generated<number>;
  source: 'upload' | 'work';
  input_key: Generated<string>;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  progress: Generated<number>;
  attempts: Generated<number>;
  result_key: Generated<string>;
  error: Generated<string>;
  cost: Generated<number>;
  /** JSON of the AiCharge taken (what a refund gives back). */
  charge: string;
  refunded: Generated<number>;
  hidden: Generated<number>;
  log_id: Generated<number>;
  created_time: number;
  updated_time: number;
}
export type AiJobRow = Selectable<AiJobsTable>;

export interface AiLogTable {
  id: Generated<number>;
  user_id: number;
  kind: 'image' | 'chat' | 'recap' | 'summary';
  ref_id: Generated<number>;
  title: Generated<string>;
  cost_credits: Generated<number>;
  paid_with: 'free' | 'credits';
  status: string;
  created_time: number;
}
export type AiLogRow = Selectable<AiLogTable>;

export interface AiImageTables {
  ai_jobs: AiJobsTable;
  ai_log: AiLogTable;
}
