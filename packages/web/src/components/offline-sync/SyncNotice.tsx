import { TOAST_MS } from '@dm51/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeOutbox } from '../../lib/offline/outbox';
import { startOutboxSync } from '../../lib/offline/outbox-sync';
import { syncedText } from './synced-text';

/**
 * Sends what was done offline (reading places, favourites, likes) once the connection returns,
 * and says so when the last of it has reached the server: "Synced 3 reading places".
 */
export function SyncNotice() {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const unsubscribe = subscribeOutbox((event) => {
      if (event.type !== 'synced') return;
      const content = syncedText(event.synced, t, i18n.language);
      // antd-mobile's Toast on first use only: imported here it would bring antd-mobile's `ui` chunk
      // into the shell's extras, fetched on every landing before its first picture.
      if (content)
        void import('antd-mobile/es/components/toast').then(({ default: toast }) =>
          toast.show({ content, duration: TOAST_MS.product, maskClassName: 'sync-notice' }),
        );
    });
    startOutboxSync();
    return unsubscribe;
  }, [t, i18n]);
  return null;
}
