/** Invite rows → the invite calls' records: masked friend names, rewards in coins and VIP hours. */
import type { InviteFriend, InviteReward } from '@dm51/shared';
import type { InviteRewardKind } from '../db/schema-invites.js';

const HOUR_S = 3_600;

/**
 * A friend's nickname as others see it in the invite log: the first one or two characters, '***'
 * and the last ('用户A3K9ZP' → '用户***P'), so a list of friends does not expose their names.
 */
export function maskNickname(name: string): string {
  const chars = [...name];
  if (chars.length === 0) return '';
  if (chars.length <= 2) return `${chars[0]}*`;
  const keep = chars.length >= 6 ? 2 : 1;
  return `${chars.slice(0, keep).join('')}***${chars[chars.length - 1]}`;
}

export function presentReward(coins: number, vipSeconds: number): InviteReward {
  return { coins, vip_hours: Math.floor(vipSeconds / HOUR_S) };
}

export function presentFriend(
  friend: { id: number; created_time: number; nickname: string; pic: string; deleted_time: number | null },
  rewards: readonly { invitation_id: number; kind: InviteRewardKind; coins: number; vip_seconds: number }[],
): InviteFriend {
  const own = rewards.filter((reward) => reward.invitation_id === friend.id);
  const reached = (kind: InviteRewardKind) => (own.some((reward) => reward.kind === kind) ? 1 : 0);
  return {
    id: friend.id,
    nichen: friend.deleted_time ? '' : maskNickname(friend.nickname),
    pic: friend.deleted_time ? '' : friend.pic,
    addtime: Number(friend.created_time),
    reward: presentReward(
      own.reduce((sum, reward) => sum + reward.coins, 0),
      own.reduce((sum, reward) => sum + reward.vip_seconds, 0),
    ),
    first_task: reached('first_task'),
    first_topup: reached('first_topup'),
  };
}
