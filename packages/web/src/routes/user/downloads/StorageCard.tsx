import { useTranslation } from 'react-i18next';
import { showBottomToast } from '../../../lib/api/lazy-toast';
import { formatBytes } from '../../../components/downloads/byte-size';
import { useStorageEstimate } from './use-storage-estimate';

/**
 * The top of the Downloads page: what the downloads take, what the browser says the site uses of
 * what it may, and whether the browser promised to keep it (with a way to ask, where it can).
 */
export function StorageCard({
  downloadedBytes,
  settledBytes,
}: {
  downloadedBytes: number;
  settledBytes: number;
}) {
  const { t, i18n } = useTranslation();
  // Read again when a download completes or goes, not at every file of one in progress.
  const { figures, persist, canPersist } = useStorageEstimate(settledBytes);
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const { usage, quota, persisted } = figures;

  const askToKeep = async () => {
    if (!(await persist())) showBottomToast(t('downloads.persistRefused'));
  };

  return (
    <section className="downloads-storage" data-testid="downloads-storage">
      <p className="downloads-storage__total" data-testid="downloads-storage-total">
        {t('downloads.usedByDownloads', { size: size(downloadedBytes) })}
      </p>
      {usage !== null && quota !== null ? (
        <>
          <div
            className="downloads-storage__meter"
            role="meter"
            aria-valuemin={0}
            aria-valuemax={quota}
            aria-valuenow={usage}
            aria-label={t('downloads.browserStorage')}
          >
            <span style={{ width: `${quota > 0 ? Math.min(100, (usage / quota) * 100) : 0}%` }} />
          </div>
          <p className="downloads-storage__line" data-testid="downloads-storage-browser">
            {t('downloads.browserUsage', {
              used: size(usage),
              quota: size(quota),
              free: size(Math.max(0, quota - usage)),
            })}
          </p>
        </>
      ) : (
        <p className="downloads-storage__line">{t('downloads.browserUnknown')}</p>
      )}
      {persisted !== null && (
        <div
          className="downloads-storage__persist"
          data-testid="downloads-persisted"
          data-persisted={persisted}
        >
          <span>{persisted ? t('downloads.persisted') : t('downloads.notPersisted')}</span>
          {!persisted && canPersist && (
            <button
              type="button"
              className="downloads-button"
              data-testid="downloads-persist"
              onClick={() => void askToKeep()}
            >
              {t('downloads.persistAction')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
