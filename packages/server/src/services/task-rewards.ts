/**
 * Pays a task or check-in reward through the ledger, inside the caller's transaction, so the
 * claim row and the entry commit together. Bonus coins from tasks expire after 30 days (the
 * reward is for coming back, not a stock to hoard); VIP hours stack on the current expiry; AI
 * tries go to the 'ai_credits' account.
 */
import type { TaskRewardType } from '@dm51/shared';
import type { LedgerTx, Posted } from './ledger.service.js';
import type { WalletService, EntryRefs } from './wallet.service.js';

export const TASK_BONUS_LIFETIME_S = 30 * 86_400;

export interface Reward {
  type: TaskRewardType;
  amount: number;
}

export function asRewardType(value: string): TaskRewardType {
  return value === 'vip_hours' || value === 'ai_credits' ? value : 'coins';
}

export async function payReward(
  wallet: WalletService,
  tx: LedgerTx,
  userId: number,
  reward: Reward,
  refs: EntryRefs,
): Promise<Posted | null> {
  if (reward.amount <= 0) return null;
  switch (reward.type) {
    case 'vip_hours':
      return wallet.grantVipTime(tx, userId, reward.amount * 3600, refs);
    case 'ai_credits':
      return wallet.grantAiCredits(tx, userId, reward.amount, refs);
    default:
      return wallet.grantBonus(tx, userId, reward.amount, tx.now + TASK_BONUS_LIFETIME_S, refs);
  }
}
