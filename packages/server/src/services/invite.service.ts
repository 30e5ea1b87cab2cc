/**
 * The invite programme. Every registered account has an invite code (`users.invite_code`,
 * made with the account). A new account enters a friend's code once, within `window_days` of its
 * creation (for a guest that registered: of its first visit, so only a reader the friend actually
 * brought in qualifies); both are paid at once, and the inviter again when the friend first claims
 * a task or first pays (InviteRewards). Refusals change nothing (InviteErrors): unknown, own, a
 * second code, after the window, an account older than the code's owner (two old accounts cannot
 * swap codes, and a cycle is impossible), a device or network address that already entered codes
 * for too many accounts.
 */
import type { InviteFriend, InviteOutcome } from '@dm51/shared';
import { ApiCode } from '@dm51/shared';
import type { Database } from '../db/database.js';
import { isAppError } from '../errors.js';
import { maskNickname, presentFriend, presentReward } from '../presenters/invite.presenter.js';
import { InviteRepository } from '../repositories/invite.repository.js';
import { InviteErrors } from './invite-errors.js';
import { rewardFor, type InviteRewards } from './invite-rewards.service.js';
import type { InviteSettingsService, InviteRules } from './invite-settings.service.js';
import { nowS, type LedgerService, type LedgerTx } from './ledger.service.js';

const DAY_S = 86_400;

/** Where the code was entered from (the abuse limits count these). */
export interface InviteRequester {
  deviceid: string;
  ip: string;
}

/** The path shared in links and QR codes; the web app adds its origin and the channel code. */
export function sharePath(code: string): string {
  return `/#/pages/user/invite/write?code=${encodeURIComponent(code)}`;
}

export class InviteService {
  private readonly reads: InviteRepository;

  constructor(
    db: Database,
    private readonly ledger: LedgerService,
    private readonly rewards: InviteRewards,
    private readonly settings: InviteSettingsService,
  ) {
    this.reads = new InviteRepository(db);
  }

  async overview(userId: number) {
    const [rules, me, invitation, friends, earned] = await Promise.all([
      this.settings.rules(),
      this.reads.account(userId),
      this.reads.invitationOf(userId),
      this.reads.friendCount(userId),
      this.reads.earned(userId),
    ]);
    const created = Number(me?.created_time ?? 0);
    const deadline = created + rules.window_days * DAY_S;
    const own = invitation ? await this.reads.reward(userId, 'invitee') : null;
    const reward = (kind: 'invitee' | 'inviter' | 'first_task' | 'first_topup') => {
      const amount = rewardFor(kind, rules);
      return presentReward(amount.coins, amount.vipSeconds);
    };
    return {
      code: me?.invite_code ?? '',
      share_path: sharePath(me?.invite_code ?? ''),
      friends,
      earned: presentReward(earned.coins, earned.vipSeconds),
      rewards: {
        invitee: reward('invitee'),
        inviter: reward('inviter'),
        first_task: reward('first_task'),
        first_topup: reward('first_topup'),
      },
      window_days: rules.window_days,
      bonus_days: rules.bonus_days,
      can_bind: !invitation && nowS() <= deadline ? 1 : 0,
      bind_deadline: deadline,
      invited_by:
        invitation && own
          ? {
              nichen: invitation.deleted_time ? '' : invitation.nickname,
              pic: invitation.deleted_time ? '' : invitation.pic,
              code: invitation.code,
              addtime: Number(invitation.created_time),
              reward: presentReward(own.coins, own.vipSeconds),
            }
          : null,
    };
  }

  async friends(
    userId: number,
    page: number,
    limit: number,
  ): Promise<{ list: InviteFriend[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.reads.friends(userId, (page - 1) * limit, limit),
      this.reads.friendCount(userId),
    ]);
    const rewards = await this.reads.rewardsOf(
      userId,
      rows.map((row) => row.id),
    );
    return { list: rows.map((row) => presentFriend(row, rewards)), total };
  }

  /**
   * `inviteeId` enters `code`. Entering the same code again answers the first result (a retry
   * after a lost answer); any refusal throws before anything is written.
   */
  async bind(inviteeId: number, code: string, requester: InviteRequester) {
    const rules = await this.settings.rules();
    const [me, inviter] = await Promise.all([this.reads.account(inviteeId), this.reads.inviterByCode(code)]);
    if (me?.invite_code === code || inviter?.id === inviteeId) throw InviteErrors.ownCode();
    if (!me || !inviter) throw InviteErrors.unknownCode();
    return this.ledger.transaction(async (tx) => {
      // Both accounts, in id order (the ledger's lock order), before anything is read.
      for (const id of [inviteeId, inviter.id].sort((a, b) => a - b)) await tx.lockUser(id);
      const repo = new InviteRepository(tx.trx);
      const answer = async () => {
        const own = await repo.reward(inviteeId, 'invitee');
        return {
          inviter: { nichen: inviter.nickname, pic: inviter.pic },
          reward: presentReward(own.coins, own.vipSeconds),
        };
      };
      const existing = await repo.invitationOf(inviteeId);
      if (existing) {
        if (existing.inviter_id === inviter.id) return answer();
        throw InviteErrors.alreadyBound();
      }
      await this.checkLimits(tx, repo, { me, inviter, requester, rules });
      const invitationId = await repo.insertInvitation({
        inviterId: inviter.id,
        inviteeId,
        code,
        deviceid: requester.deviceid,
        ip: requester.ip,
        time: tx.now,
      });
      const base = { invitationId, inviteeId };
      await this.rewards.pay(tx, { ...base, userId: inviteeId, kind: 'invitee', label: code }, rules);
      await this.rewards.pay(
        tx,
        { ...base, userId: inviter.id, kind: 'inviter', label: maskNickname(me.nickname) },
        rules,
      );
      return answer();
    });
  }

  /**
   * The code sent with a registration: entered like `bind`, but a refusal does not undo the
   * registration; it is answered for the client to show.
   */
  async bindAtRegistration(userId: number, code: string, requester: InviteRequester): Promise<InviteOutcome> {
    const { window_days } = await this.settings.rules();
    try {
      const result = await this.bind(userId, code, requester);
      return { code: ApiCode.OK, msg: 'ok', reward: result.reward, window_days };
    } catch (error) {
      if (!isAppError(error)) throw error;
      return { code: error.code, msg: error.message, reward: { coins: 0, vip_hours: 0 }, window_days };
    }
  }

  private async checkLimits(
    tx: LedgerTx,
    repo: InviteRepository,
    args: {
      me: { created_time: number };
      inviter: { created_time: number };
      requester: InviteRequester;
      rules: InviteRules;
    },
  ): Promise<void> {
    const { me, inviter, requester, rules } = args;
    if (tx.now > Number(me.created_time) + rules.window_days * DAY_S)
      throw InviteErrors.windowPassed(rules.window_days);
    if (Number(me.created_time) < Number(inviter.created_time)) throw InviteErrors.notNewer();
    if ((await repo.countByDevice(requester.deviceid)) >= rules.max_accounts_per_device)
      throw InviteErrors.deviceLimit();
    if ((await repo.countByIpSince(requester.ip, tx.now - DAY_S)) >= rules.max_accounts_per_ip)
      throw InviteErrors.ipLimit();
  }
}
