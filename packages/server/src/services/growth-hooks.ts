/**
 * Milestones other domains report so the invite programme can pay an inviter's extra reward when
 * their friend first claims a task or first tops up. Reported inside the transaction
 * that makes the milestone true, so the reward is posted with it or not at all.
 */
import type { LedgerTx } from './ledger.service.js';

export type FriendMilestone = 'first_task' | 'first_topup';

export interface FriendMilestones {
  reached(tx: LedgerTx, userId: number, milestone: FriendMilestone): Promise<void>;
}

/** Until the invite programme is wired in, milestones are simply not rewarded. */
export const NO_MILESTONES: FriendMilestones = {
  async reached() {},
};
