import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { useOnline } from '../../lib/offline/use-online';
import './offline-banner.css';

const DOWNLOADS_PATH = '/pages/user/downloads';

/**
 * Shown on every page while the device has no connection: what still works (downloads, and the
 * shelf and history as last seen) instead of pages that spin.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const navigate = useNavigate();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <span>{t('connection.offlineBanner')}</span>
      <button type="button" className="offline-banner__link" onClick={() => navigate(DOWNLOADS_PATH)}>
        {t('connection.openDownloads')}
      </button>
    </div>
  );
}
