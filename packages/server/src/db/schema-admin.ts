/** Table types of migration 0017-admin.ts (the operator console); merged into DB in schema.ts. */
import type { Generated } from 'kysely';

export type OperatorRole = 'owner' | 'admin' | 'moderator' | 'viewer';

/** Console operators: a table of their own, never app users (an app token never opens the console). */
export interface OperatorsTable {
  id: Generated<number>;
  name: string;
  /** services/password.service.ts format (`scrypt$N$r$p$salt$hash`). */
  password_hash: string;
  role: OperatorRole;
  /** Base32 TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s); every operator has one. */
  totp_secret: string;
  /** The last accepted TOTP time step: a code is accepted once (no replay inside its window). */
  totp_last_step: Generated<number>;
  disabled: Generated<number>;
  created_time: number;
  updated_time: number;
  last_login_time: Generated<number>;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  /** sha256 hex of the cookie value; the value itself is never stored. */
  token_hash: string;
  operator_id: number;
  /** Synchronizer token: changing calls must send it in `x-csrf-token`. */
  csrf_token: string;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_time: number;
  last_seen_time: number;
  /** Absolute expiry (created + 12 h); idle expiry is last_seen + 30 min. */
  expires_time: number;
  revoked_time: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number;
  /** Kept as written: the log still names an operator who was renamed or removed. */
  operator_name: string;
  /** `<section>.<verb>`, e.g. `comment.approve`, `user.ban`, `feedback.reply`. */
  action: string;
  target_type: string;
  target_id: string;
  /** JSON text of the record before and after the change ('null' when there is none). */
  before_json: Generated<string>;
  after_json: Generated<string>;
  ip: Generated<string>;
  created_time: number;
}

export interface AdminTables {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
}
