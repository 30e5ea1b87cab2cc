import { lazy } from 'react';
import { pageMessagesReady } from '../../i18n';

/**
 * The download sheet, fetched when first opened: the detail pages and the readers (a launch page,
 * whose English ships without the sheet's texts) need it only on a tap.
 */
export const LazyDownloadSheet = lazy(() =>
  Promise.all([import('./DownloadSheet'), pageMessagesReady()]).then(([module]) => ({
    default: module.DownloadSheet,
  })),
);
