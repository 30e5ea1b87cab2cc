/**
 * Spec §9 relative time as translated text, for comments and messages. The arithmetic is the shared
 * one in components/work-card/relative-time.ts (one rule for the whole app).
 */
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../components/work-card/relative-time';

export function useRelativeTime(): (timeS: number) => string {
  const { t } = useTranslation();
  const now = Date.now() / 1000;
  return (timeS: number) => {
    const when = relativeTime(timeS, now);
    if (when.key === 'justNow') return t('community.justNow');
    if (when.key === 'date') return when.date;
    return t(`community.${when.key}Ago`, { count: when.count });
  };
}
