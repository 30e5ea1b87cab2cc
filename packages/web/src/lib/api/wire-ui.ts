import { i18next } from '../../i18n';
import { INDEX_PATH } from '../../routes/route-table';
import { configureApiClient } from './client';
import { showBottomToast } from './lazy-toast';
import { localizedServerText } from './localized-message';

/** Connects the API client's reactions to the UI (spec §8). */
export function wireApiClientUi(): void {
  configureApiClient({
    showMessage: (msg) =>
      showBottomToast(
        localizedServerText(
          msg,
          (key, params) => i18next.t(key, params),
          (key) => i18next.exists(key),
        ),
      ),
    showTransportFailure: () => showBottomToast(i18next.t('common.loadFailed')),
    onUnauthorized: () => {
      globalThis.location.hash = `#${INDEX_PATH}`;
    },
  });
}
