import type { GlyphName } from '../../components/icons/EntryGlyph';

/** The mine page's entries to the user routes of spec §2, grouped as the page draws them. */
export interface UserEntry {
  /** Route name of the target; also the data-testid suffix (user-entry-<id>). */
  id: string;
  path: string;
  labelKey: string;
  glyph: GlyphName;
  /** Guests get the bind prompt instead (spec §2: tasks need a bound account). */
  needsBoundAccount?: boolean;
}

export const LIBRARY_ENTRIES: readonly UserEntry[] = [
  { id: 'bookHistory', path: '/pages/book/history', labelKey: 'user.entryHistory', glyph: 'history' },
  { id: 'book', path: '/pages/book/book', labelKey: 'user.entryBookshelf', glyph: 'shelf' },
  { id: 'animeFavorites', path: '/pages/anime/favorites', labelKey: 'user.entryFavorites', glyph: 'heart' },
  { id: 'follow', path: '/pages/user/cell/follow', labelKey: 'user.entryFollow', glyph: 'follow' },
  { id: 'downloads', path: '/pages/user/downloads', labelKey: 'user.entryDownloads', glyph: 'download' },
];

export const ACCOUNT_ENTRIES: readonly UserEntry[] = [
  {
    id: 'quest',
    path: '/pages/quest/quest',
    labelKey: 'user.entryTasks',
    glyph: 'task',
    needsBoundAccount: true,
  },
  {
    id: 'questLog',
    path: '/pages/quest/questLog',
    labelKey: 'user.entryQuestLog',
    glyph: 'log',
    needsBoundAccount: true,
  },
  { id: 'invite', path: '/pages/user/invite/invite', labelKey: 'user.entryInvite', glyph: 'gift' },
  { id: 'balance', path: '/pages/user/vip/balance', labelKey: 'user.entryBalance', glyph: 'wallet' },
  { id: 'orderLog', path: '/pages/quest/orderLog', labelKey: 'user.entryOrders', glyph: 'receipt' },
  { id: 'expenseLog', path: '/pages/quest/expenseLog', labelKey: 'user.entryExpenses', glyph: 'coin' },
  { id: 'aiLog', path: '/pages/ai/aiLog', labelKey: 'user.entryAiLog', glyph: 'ai' },
];

export const MORE_ENTRIES: readonly UserEntry[] = [
  { id: 'messages', path: '/pages/user/cell/mes', labelKey: 'user.entryMessages', glyph: 'bell' },
  { id: 'seting', path: '/pages/user/seting/seting', labelKey: 'user.entrySettings', glyph: 'gear' },
  { id: 'feedback', path: '/pages/user/feedback/feedback', labelKey: 'user.entryFeedback', glyph: 'chat' },
  { id: 'problem', path: '/pages/user/problem', labelKey: 'user.entryHelp', glyph: 'help' },
  { id: 'assist', path: '/pages/user/assist', labelKey: 'user.entrySupport', glyph: 'heart' },
  { id: 'about', path: '/pages/user/about/about', labelKey: 'user.entryAbout', glyph: 'info' },
];

/** VIP is active while vip is set and viptime (Unix seconds) lies in the future. */
export function vipActiveUntil(
  user: { vip: number; viptime: number } | null,
  nowMs = Date.now(),
): Date | null {
  if (!user || user.vip <= 0 || user.viptime * 1000 <= nowMs) return null;
  return new Date(user.viptime * 1000);
}

/** Whole days of VIP left: the server's `vipday` when it has one, else counted up from the expiry. */
export function vipDaysLeft(user: { vipday: number } | null, until: Date, nowMs = Date.now()): number {
  if (user && user.vipday > 0) return user.vipday;
  return Math.max(1, Math.ceil((until.getTime() - nowMs) / 86_400_000));
}
