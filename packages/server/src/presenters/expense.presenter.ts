/**
 * Ledger entries → the expense log's items: the user's own legs summed per account, the money leg,
 * and the title in the reader's language.
 */
import type { ExpenseItem, ExpenseKind, Locale } from '@dm51/shared';
import { renderStoredTitle } from '../services/money-texts.js';
import { SYSTEM_ACCOUNTS, SYSTEM_USER_ID, USER_ACCOUNTS } from '../services/ledger-accounts.js';

export interface EntryForLog {
  id: number;
  kind: string;
  user_id: number;
  order_id: number;
  work_id: number;
  chapter_id: number;
  title: string;
  title_key?: string;
  params?: string;
  created_time: number;
}

export interface LegForLog {
  entry_id: number;
  user_id: number;
  kind: string;
  amount: number;
}

export function presentExpense(
  entry: EntryForLog,
  legs: readonly LegForLog[],
  order: { orderNo: string; currency: string } | undefined,
  locale: Locale,
): ExpenseItem {
  const own = (kind: string) =>
    legs
      .filter((leg) => leg.entry_id === entry.id && leg.user_id === entry.user_id && leg.kind === kind)
      .reduce((sum, leg) => sum + Number(leg.amount), 0);
  const money = legs
    .filter(
      (leg) =>
        leg.entry_id === entry.id &&
        leg.user_id === SYSTEM_USER_ID &&
        leg.kind === SYSTEM_ACCOUNTS.CASH_GATEWAY,
    )
    .reduce((sum, leg) => sum + Number(leg.amount), 0);
  return {
    id: entry.id,
    kind: entry.kind as ExpenseKind,
    title: renderStoredTitle(entry, locale),
    coins: own(USER_ACCOUNTS.COINS_PAID),
    bonus: own(USER_ACCOUNTS.COINS_BONUS),
    vip_seconds: own(USER_ACCOUNTS.VIP_SECONDS),
    amount_fen: money,
    currency: money !== 0 ? (order?.currency ?? '') : '',
    work_id: entry.work_id,
    chapter_id: entry.chapter_id,
    order_no: order?.orderNo ?? '',
    addtime: Number(entry.created_time),
  };
}
