/**
 * How far a task is, from the facts the server recorded (pure, so the rules are testable alone).
 * Every metric is counted from an event that proves it: chapters opened through the reader calls,
 * reading time accepted by the capped reports, comments published, favourites added, shares and
 * the notification switch reported, and the account itself (bound address, avatar and nickname,
 * a fulfilled order).
 */
import type { TaskDefRow } from '../db/schema-tasks.js';

export interface TaskFacts {
  /** Today's event counts by kind: chapter, comment, favorite, share. */
  today: Map<string, number>;
  /** Today's accepted seconds by kind: read, watch. */
  reading: Map<string, number>;
  /** Events of day 0 (one-time reports): notify. */
  ever: Map<string, number>;
  account: { is_guest: number; tel: string; email: string; pic: string; nickname: string } | undefined;
  fulfilledOrders: number;
}

/** Guests and new accounts get a generated '游客…' name; a nickname of one's own is anything else. */
const GENERATED_NAME_PREFIX = '游客';

export function progressOf(def: Pick<TaskDefRow, 'metric'>, facts: TaskFacts): number {
  const account = facts.account;
  switch (def.metric) {
    case 'chapters':
      return facts.today.get('chapter') ?? 0;
    case 'comments':
      return facts.today.get('comment') ?? 0;
    case 'favorites':
      return facts.today.get('favorite') ?? 0;
    case 'shares':
      return facts.today.get('share') ?? 0;
    case 'read_minutes':
      return Math.floor((facts.reading.get('read') ?? 0) / 60);
    case 'watch_minutes':
      return Math.floor((facts.reading.get('watch') ?? 0) / 60);
    case 'bound':
      return account && account.is_guest === 0 && (account.tel !== '' || account.email !== '') ? 1 : 0;
    case 'profile':
      return account &&
        account.pic !== '' &&
        account.nickname.trim() !== '' &&
        !account.nickname.startsWith(GENERATED_NAME_PREFIX)
        ? 1
        : 0;
    case 'topups':
      return facts.fulfilledOrders;
    case 'notify':
      return facts.ever.get('notify') ?? 0;
    default:
      return 0;
  }
}

/**
 * Consecutive checked days ending at `lastDay` (today, or yesterday before today's check-in),
 * from the checked days newest first.
 */
export function streakEndingAt(lastDay: number, checkedDesc: readonly number[]): number {
  let streak = 0;
  for (const day of checkedDesc) {
    if (day > lastDay) continue;
    if (day !== lastDay - streak) break;
    streak += 1;
  }
  return streak;
}

/** The streak's day in the 7-day reward cycle (1–7). */
export function cycleDayOf(streak: number): number {
  return ((Math.max(streak, 1) - 1) % 7) + 1;
}
