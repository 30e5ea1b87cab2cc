/**
 * Table types for Kysely. Times are Unix seconds (integers). Flags are 0/1 integers because SQLite
 * has no boolean type and both databases must read back the same values.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Columns with a database default are `Generated`: optional on insert. */
export interface UsersTable {
  id: Generated<number>;
  is_guest: Generated<number>;
  nickname: Generated<string>;
  uuid: string;
  /** The guest's recovery secret, shown to the guest on every init (spec §3 `pass`). */
  guest_pass: Generated<string>;
  pic: Generated<string>;
  /** Login name of a registered user (spec §3 `name`). */
  name: Generated<string>;
  tel: Generated<string>;
  tel_code: Generated<string>;
  email: Generated<string>;
  password_hash: string | null;
  vip: Generated<number>;
  viptime: Generated<number>;
  vipday: Generated<number>;
  /** Coin balance (spec `cion`). */
  coins: Generated<number>;
  ticket: Generated<number>;
  /** Cash balance in fen (1/100 yuan); integers keep money exact on both databases. */
  rmb_fen: Generated<number>;
  invite_code: string;
  ai_cos_coin: Generated<number>;
  ai_free_time: Generated<number>;
  created_time: number;
  updated_time: number;
  deleted_time: number | null;
}

export interface GuestDevicesTable {
  deviceid: string;
  user_id: number;
  created_time: number;
}

export interface SessionsTable {
  id: Generated<number>;
  /** sha256 (hex) of the opaque token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  deviceid: Generated<string>;
  facility: Generated<string>;
  created_time: number;
  last_seen_time: number;
  revoked_time: number | null;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_time: ColumnType<number, number, number>;
}

export interface DB {
  users: UsersTable;
  guest_devices: GuestDevicesTable;
  sessions: SessionsTable;
  settings: SettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SettingRow = Selectable<SettingsTable>;
