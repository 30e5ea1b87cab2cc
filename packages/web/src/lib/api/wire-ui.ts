import { TOAST_MS } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { i18next } from '../../i18n';
import { INDEX_PATH } from '../../routes/route-table';
import { configureApiClient } from './client';

/** Connects the API client's reactions to the UI (spec §8). */
export function wireApiClientUi(): void {
  configureApiClient({
    showMessage: (msg) => Toast.show({ content: msg, position: 'bottom', duration: TOAST_MS.product }),
    showTransportFailure: () =>
      Toast.show({ content: i18next.t('common.loadFailed'), position: 'bottom', duration: TOAST_MS.product }),
    onUnauthorized: () => {
      globalThis.location.hash = `#${INDEX_PATH}`;
    },
  });
}
