/**
 * Paying invite rewards through the ledger, and the milestones other domains report
 * (`FriendMilestones`): when an invited friend first claims a task or first pays for an order, the
 * inviter gets the `first_task` / `first_topup` reward, inside the transaction that made the
 * milestone true. Each reward is paid at most once per friend: the `invite_rewards` row is unique
 * per (friend, kind) and the ledger entries behind it have unique keys.
 */
import type { InviteRewardKind } from '../db/schema-invites.js';
import { maskNickname } from '../presenters/invite.presenter.js';
import { InviteRepository } from '../repositories/invite.repository.js';
import type { FriendMilestone, FriendMilestones } from './growth-hooks.js';
import type { InviteSettingsService, InviteRules } from './invite-settings.service.js';
import type { LedgerTx } from './ledger.service.js';
import type { WalletService } from './wallet.service.js';
import { moneyTitle, type MoneyTitle } from './money-texts.js';

const DAY_S = 86_400;
const HOUR_S = 3_600;

export interface RewardAmount {
  coins: number;
  vipSeconds: number;
}

/** What a reward kind pays under the current rules. */
export function rewardFor(kind: InviteRewardKind, rules: InviteRules): RewardAmount {
  const amounts: Record<InviteRewardKind, { coins: number; hours: number }> = {
    invitee: { coins: rules.invitee_coins, hours: rules.invitee_vip_hours },
    inviter: { coins: rules.inviter_coins, hours: rules.inviter_vip_hours },
    first_task: { coins: rules.first_task_coins, hours: rules.first_task_vip_hours },
    first_topup: { coins: rules.first_topup_coins, hours: rules.first_topup_vip_hours },
  };
  return { coins: amounts[kind].coins, vipSeconds: amounts[kind].hours * HOUR_S };
}

/** The ledger entry titles (the expense log shows them). */
const TITLES: Record<InviteRewardKind, (name: string) => MoneyTitle> = {
  invitee: (code) => moneyTitle('inviteCode', { code }),
  inviter: (name) => moneyTitle('inviteFriendJoined', { name }),
  first_task: (name) => moneyTitle('inviteFriendFirstTask', { name }),
  first_topup: (name) => moneyTitle('inviteFriendFirstTopup', { name }),
};

export interface RewardSpec {
  invitationId: number;
  inviteeId: number;
  /** Who is paid. */
  userId: number;
  kind: InviteRewardKind;
  /** The friend's name (or, for the invitee's own reward, the code), for the entry title. */
  label: string;
}

export class InviteRewards implements FriendMilestones {
  constructor(
    private readonly wallet: WalletService,
    private readonly settings: InviteSettingsService,
  ) {}

  /** Pays one reward once; answers what it paid (nothing when it was paid before). */
  async pay(tx: LedgerTx, spec: RewardSpec, rules: InviteRules): Promise<RewardAmount> {
    const repo = new InviteRepository(tx.trx);
    if (await repo.hasReward(spec.inviteeId, spec.kind)) return { coins: 0, vipSeconds: 0 };
    const amount = rewardFor(spec.kind, rules);
    const key = `invite:${spec.inviteeId}:${spec.kind}`;
    const title = TITLES[spec.kind](spec.label);
    if (amount.coins > 0) {
      const expires = rules.bonus_days > 0 ? tx.now + rules.bonus_days * DAY_S : 0;
      await this.wallet.grantBonus(tx, spec.userId, amount.coins, expires, { key: `${key}:coins`, ...title });
    }
    if (amount.vipSeconds > 0)
      await this.wallet.grantVipTime(tx, spec.userId, amount.vipSeconds, { key: `${key}:vip`, ...title });
    await repo.insertReward({ ...spec, ...amount, time: tx.now });
    return amount;
  }

  async reached(tx: LedgerTx, userId: number, milestone: FriendMilestone): Promise<void> {
    // The friend's accounts first (the reporting transaction usually holds them already), then
    // the inviter's: the same order on every milestone path.
    await tx.lockUser(userId);
    const repo = new InviteRepository(tx.trx);
    const invitation = await repo.invitationOf(userId);
    if (!invitation || invitation.deleted_time) return;
    if (await repo.hasReward(userId, milestone)) return;
    const friend = await repo.account(userId);
    await tx.lockUser(invitation.inviter_id);
    await this.pay(
      tx,
      {
        invitationId: invitation.id,
        inviteeId: userId,
        userId: invitation.inviter_id,
        kind: milestone,
        label: maskNickname(friend?.nickname ?? ''),
      },
      await this.settings.rules(),
    );
  }
}
