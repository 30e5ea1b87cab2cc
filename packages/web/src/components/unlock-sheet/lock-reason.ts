import { ApiCode } from '@dm51/shared';
import { isApiCode } from '../../lib/api/errors';
import type { LockReason } from './LockedChapter';

/**
 * Why a chapter or episode is locked, or null when it is not: the read/play answer's code wins
 * (VIP_REQUIRED, CHAPTER_LOCKED), else the cached chapter list's `locked` with its `pay` (2 = VIP).
 */
export function lockReasonOf(
  listed: { locked: number; pay: number } | undefined,
  error: unknown,
): LockReason | null {
  if (isApiCode(error, ApiCode.VIP_REQUIRED)) return 'vip';
  if (isApiCode(error, ApiCode.CHAPTER_LOCKED)) return 'coins';
  if (listed?.locked === 1) return listed.pay === 2 ? 'vip' : 'coins';
  return null;
}
