import { RELATIVE_TIME } from '@dm51/shared';

export type RelativeTime =
  { key: 'justNow' } | { key: 'minutes' | 'hours' | 'days'; count: number } | { key: 'date'; date: string };

/**
 * Spec §9 relative time: under 300 s "just now"; then minutes, hours, days up to 30 days; then a
 * date (YYYY-MM-DD in local time).
 */
export function relativeTime(thenS: number, nowS: number): RelativeTime {
  const diff = Math.max(0, nowS - thenS);
  if (diff < RELATIVE_TIME.justNowUnderS) return { key: 'justNow' };
  if (diff < 3600) return { key: 'minutes', count: Math.floor(diff / 60) };
  if (diff < 86_400) return { key: 'hours', count: Math.floor(diff / 3600) };
  const days = Math.floor(diff / 86_400);
  if (days <= RELATIVE_TIME.maxDays) return { key: 'days', count: days };
  const d = new Date(thenS * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { key: 'date', date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` };
}
