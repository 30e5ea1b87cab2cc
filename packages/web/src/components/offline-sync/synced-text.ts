import type { TFunction } from 'i18next';
import type { SyncedCounts } from '../../lib/offline/outbox';

/** The sync notice's text: "Synced 3 reading places and 1 like", or '' when nothing was sent. */
export function syncedText(synced: SyncedCounts, t: TFunction, language: string): string {
  const parts = [
    synced.place > 0 ? t('offlineSync.places', { count: synced.place }) : '',
    synced.favorite > 0 ? t('offlineSync.favorites', { count: synced.favorite }) : '',
    synced.like > 0 ? t('offlineSync.likes', { count: synced.like }) : '',
  ].filter(Boolean);
  if (parts.length === 0) return '';
  // Each language's own list words: "A, B and C", "A、B和C".
  const what = new Intl.ListFormat(language, { type: 'conjunction' }).format(parts);
  return t('offlineSync.synced', { what });
}
