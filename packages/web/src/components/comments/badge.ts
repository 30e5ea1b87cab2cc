import { BADGE_MAX } from '@dm51/shared';

/** Spec §3 badge: nothing for 0, the number up to 999, then '999+'. */
export function badgeText(count: number, max: number = BADGE_MAX): string | null {
  if (count <= 0) return null;
  return count > max ? `${max}+` : String(count);
}
