/** Table types of migration 0018-app-tokens.ts (OPDS app tokens); merged into DB in schema.ts. */
import type { Generated } from 'kysely';

export interface AppTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** sha256 hex of the token; the token itself is shown once and never stored. */
  token_hash: string;
  /** The token's last 4 characters, to tell tokens apart in the list. */
  hint: Generated<string>;
  created_time: number;
  /** 0 until first used; refreshed at most once a minute. */
  last_used_time: Generated<number>;
  /** 0 while valid. */
  revoked_time: Generated<number>;
  /** sha256 hex of md5 hex of the token, KOReader's sign-in (0029-kosync); '' for older tokens. */
  sync_key_hash: Generated<string>;
}

export interface AppTokenTables {
  app_tokens: AppTokensTable;
}
