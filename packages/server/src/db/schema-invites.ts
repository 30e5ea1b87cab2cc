/** Table types of migration 0011-invites.ts (the invite programme); merged into DB in schema.ts. */
import type { Generated, Selectable } from 'kysely';

export interface InvitationsTable {
  id: Generated<number>;
  inviter_id: number;
  /** Unique: an account enters one code, ever. */
  invitee_id: number;
  code: string;
  deviceid: Generated<string>;
  ip: Generated<string>;
  created_time: number;
}

/** 'invitee' | 'inviter' | 'first_task' | 'first_topup'; unique per (invitee_id, kind). */
export type InviteRewardKind = 'invitee' | 'inviter' | 'first_task' | 'first_topup';

export interface InviteRewardsTable {
  id: Generated<number>;
  invitation_id: number;
  invitee_id: number;
  /** Who was paid. */
  user_id: number;
  kind: InviteRewardKind;
  coins: number;
  vip_seconds: number;
  created_time: number;
}

export type InvitationRow = Selectable<InvitationsTable>;

export interface InviteTables {
  invitations: InvitationsTable;
  invite_rewards: InviteRewardsTable;
}
