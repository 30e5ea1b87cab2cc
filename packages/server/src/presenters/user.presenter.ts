/**
 * DB rows → the records of spec §3. Routes answer only what passes through here, so a new column
 * (a password hash, a deletion time) can never leak into a response by accident.
 */
import type { GuestInfo, UserInfo } from '@dm51/shared';
import type { UserRow } from '../db/schema.js';
import { vipStatus } from '../policies/chapter-access.policy.js';

export function presentGuest(user: UserRow): GuestInfo {
  return {
    guest_id: user.id,
    guest_name: user.nickname,
    guest_uuid: user.uuid,
    pass: user.guest_pass,
    pic: user.pic,
    ai_cos_coin: user.ai_cos_coin,
  };
}

/**
 * `aiFreeLeft`: today's free AI tries left (spec §3 `ai_free_time`), where the caller looked it up
 * (/v3/user/index); elsewhere the stored column.
 */
export function presentUserInfo(user: UserRow, aiFreeLeft?: number): UserInfo {
  const isGuest = user.is_guest === 1;
  return {
    id: user.id,
    nichen: user.nickname,
    pass: isGuest ? user.guest_pass : '',
    uuid: user.uuid,
    pic: user.pic,
    tel: user.tel,
    // Projections of the ledger (services/ledger.service.ts); VIP days are counted now, not stored.
    ...vipStatus(user, Math.floor(Date.now() / 1000)),
    cion: user.coins,
    ticket: user.ticket,
    rmb: user.rmb_fen / 100,
    name: user.name,
    telCode: user.tel_code,
    inviteid: user.invite_code,
    email: user.email,
    ai_cos_coin: user.ai_cos_coin,
    ai_free_time: aiFreeLeft ?? user.ai_free_time,
    is_guest: isGuest,
  };
}

/** /v3/user/index: the guest identity is present only for guests. */
export function presentUserIndex(
  user: UserRow,
  aiFreeLeft?: number,
): { guest: GuestInfo | null; user: UserInfo } {
  return { guest: user.is_guest === 1 ? presentGuest(user) : null, user: presentUserInfo(user, aiFreeLeft) };
}
