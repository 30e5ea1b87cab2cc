/** Invitations, their rewards and the accounts they involve (the invite programme's only SQL). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { InviteRewardKind } from '../db/schema-invites.js';

export interface RewardTotals {
  coins: number;
  vipSeconds: number;
}

export class InviteRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The account, if it exists and is not deleted. */
  async account(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'nickname', 'pic', 'invite_code', 'is_guest', 'created_time'])
      .where('id', '=', userId)
      .where('deleted_time', 'is', null)
      .executeTakeFirst();
  }

  /** The registered, not deleted account whose invite code this is (guests' codes do not count). */
  async inviterByCode(code: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'nickname', 'pic', 'created_time'])
      .where('invite_code', '=', code)
      .where('is_guest', '=', 0)
      .where('deleted_time', 'is', null)
      .executeTakeFirst();
  }

  /** The invitation this account entered, with its inviter's public face. */
  async invitationOf(inviteeId: number) {
    return this.db
      .selectFrom('invitations')
      .innerJoin('users', 'users.id', 'invitations.inviter_id')
      .select([
        'invitations.id',
        'invitations.inviter_id',
        'invitations.code',
        'invitations.created_time',
        'users.nickname',
        'users.pic',
        'users.deleted_time',
      ])
      .where('invitations.invitee_id', '=', inviteeId)
      .executeTakeFirst();
  }

  async countByDevice(deviceid: string): Promise<number> {
    const row = await this.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('deviceid', '=', deviceid)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async countByIpSince(ip: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('ip', '=', ip)
      .where('created_time', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insertInvitation(values: {
    inviterId: number;
    inviteeId: number;
    code: string;
    deviceid: string;
    ip: string;
    time: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('invitations')
      .values({
        inviter_id: values.inviterId,
        invitee_id: values.inviteeId,
        code: values.code,
        deviceid: values.deviceid,
        ip: values.ip,
        created_time: values.time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async hasReward(inviteeId: number, kind: InviteRewardKind): Promise<boolean> {
    const row = await this.db
      .selectFrom('invite_rewards')
      .select('id')
      .where('invitee_id', '=', inviteeId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertReward(values: {
    invitationId: number;
    inviteeId: number;
    userId: number;
    kind: InviteRewardKind;
    coins: number;
    vipSeconds: number;
    time: number;
  }): Promise<void> {
    await this.db
      .insertInto('invite_rewards')
      .values({
        invitation_id: values.invitationId,
        invitee_id: values.inviteeId,
        user_id: values.userId,
        kind: values.kind,
        coins: values.coins,
        vip_seconds: values.vipSeconds,
        created_time: values.time,
      })
      .execute();
  }

  /** What one reward of an invitation paid (the invitee's own, for the write page). */
  async reward(inviteeId: number, kind: InviteRewardKind): Promise<RewardTotals> {
    const row = await this.db
      .selectFrom('invite_rewards')
      .select(['coins', 'vip_seconds'])
      .where('invitee_id', '=', inviteeId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return { coins: row?.coins ?? 0, vipSeconds: row?.vip_seconds ?? 0 };
  }

  async friendCount(inviterId: number): Promise<number> {
    const row = await this.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('inviter_id', '=', inviterId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Everything friends brought this inviter. */
  async earned(inviterId: number): Promise<RewardTotals> {
    const row = await this.db
      .selectFrom('invite_rewards')
      .select([
        sql<number>`coalesce(sum(coins), 0)`.as('coins'),
        sql<number>`coalesce(sum(vip_seconds), 0)`.as('vip_seconds'),
      ])
      .where('user_id', '=', inviterId)
      .where('kind', '<>', 'invitee')
      .executeTakeFirstOrThrow();
    return { coins: Number(row.coins), vipSeconds: Number(row.vip_seconds) };
  }

  /** A page of the inviter's friends, newest first. */
  async friends(inviterId: number, offset: number, limit: number) {
    return this.db
      .selectFrom('invitations')
      .innerJoin('users', 'users.id', 'invitations.invitee_id')
      .select([
        'invitations.id',
        'invitations.created_time',
        'users.nickname',
        'users.pic',
        'users.deleted_time',
      ])
      .where('invitations.inviter_id', '=', inviterId)
      .orderBy('invitations.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** The inviter's rewards from the given invitations. */
  async rewardsOf(inviterId: number, invitationIds: readonly number[]) {
    if (invitationIds.length === 0) return [];
    return this.db
      .selectFrom('invite_rewards')
      .select(['invitation_id', 'kind', 'coins', 'vip_seconds'])
      .where('user_id', '=', inviterId)
      .where('kind', '<>', 'invitee')
      .where('invitation_id', 'in', invitationIds)
      .execute();
  }
}
