/**
 * The ledger's chart of accounts. Each kind has one unit; an entry's legs sum to zero per unit.
 *
 * User accounts (one per user, never below zero): paid coins, bonus coins, VIP seconds, AI tries.
 * System accounts (user_id 0, may go negative; their balance is the sum of their legs, never a
 * stored hot row): where money and coins come from and go to. Income accounts are credit-normal,
 * so `cash_sales` grows more negative as money comes in and `cash_gateway` holds what the payment
 * providers owe us (or paid out on refunds).
 */
export const USER_ACCOUNTS = {
  COINS_PAID: 'coins_paid',
  COINS_BONUS: 'coins_bonus',
  VIP_SECONDS: 'vip_seconds',
  /** AI tries (the task centre gives them as rewards; the AI section spends them). */
  AI_CREDITS: 'ai_credits',
} as const;

export const SYSTEM_ACCOUNTS = {
  /** Money the payment providers collected for us (+) or paid back (−). */
  CASH_GATEWAY: 'cash_gateway',
  /** Money earned by selling coins and VIP (credit-normal: −). */
  CASH_SALES: 'cash_sales',
  /** Money given back (+). */
  CASH_REFUNDS: 'cash_refunds',
  /** Coins sold (paid and their package bonus) leave from here (−); coins clawed back return (+). */
  COINS_ISSUED: 'coins_issued',
  /** Coins spent on chapters: the coin revenue (+). */
  COINS_REDEEMED: 'coins_redeemed',
  /** Bonus coins given by tasks, invites and operators (−). */
  COINS_PROMOTIONS: 'coins_promotions',
  /** Bonus coins that expired unspent (+). */
  COINS_EXPIRED: 'coins_expired',
  /** VIP time sold (−) or taken back on refund (+). */
  VIP_ISSUED: 'vip_issued',
  /** VIP time given by friends help, tasks and operators (−). */
  VIP_PROMOTIONS: 'vip_promotions',
  /** AI tries given by tasks and operators (−); created by migration 0010. */
  AI_PROMOTIONS: 'ai_promotions',
  /** AI credits sold for coins leave from here (−); created by migration 0014. */
  AI_ISSUED: 'ai_issued',
  /** AI credits spent on generations (+), and given back from here when a job fails (−). */
  AI_REDEEMED: 'ai_redeemed',
} as const;

export type UserAccountKind = (typeof USER_ACCOUNTS)[keyof typeof USER_ACCOUNTS];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];
export type AccountKind = UserAccountKind | SystemAccountKind;
export type LedgerUnit = 'coin' | 'second' | 'fen' | 'ai_credit';

export function unitOf(kind: AccountKind): LedgerUnit {
  if (kind.startsWith('cash_')) return 'fen';
  if (kind.startsWith('vip_')) return 'second';
  if (kind.startsWith('ai_')) return 'ai_credit';
  return 'coin';
}

export const SYSTEM_USER_ID = 0;

/** What an entry records; shown to users in the expense log (shared ExpenseKind). */
export type EntryKind =
  | 'topup'
  | 'vip_purchase'
  | 'chapter_unlock'
  | 'checkin_makeup'
  | 'ai_purchase'
  | 'ai_spend'
  | 'ai_refund'
  | 'refund'
  | 'bonus_grant'
  | 'vip_grant'
  | 'ai_grant'
  | 'bonus_expired'
  | 'adjustment';
