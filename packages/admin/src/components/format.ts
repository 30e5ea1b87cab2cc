/** Unix seconds → local date and time (operators read times in their own zone). */
import dayjs from 'dayjs';

export function formatTime(seconds: number | null | undefined): string {
  if (!seconds) return '—';
  return dayjs(seconds * 1000).format('YYYY-MM-DD HH:mm');
}

export const WORK_TYPES = ['comic', 'novel', 'anime'] as const;
