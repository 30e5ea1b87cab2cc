import { useTranslation } from 'react-i18next';

/**
 * "Continued on KOReader · Kobo Clara" under a saved place that KOReader's progress sync wrote, so
 * the reader knows why the place moved without them reading in the app. Nothing when the app saved
 * the place (`synced_from` is '').
 */
export function SyncedFromLine({ device, className }: { device: string; className: string }) {
  const { t } = useTranslation();
  if (device === '') return null;
  return (
    <span className={className} data-testid="synced-from">
      {t('shelf.syncedFrom', { device })}
    </span>
  );
}
