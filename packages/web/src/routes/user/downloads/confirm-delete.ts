import Dialog from 'antd-mobile/es/components/dialog';
import type { TFunction } from 'i18next';

/** Asks before deleting what was downloaded: bringing it back takes a connection and time. */
export function confirmDelete(t: TFunction, content: string): Promise<boolean> {
  return Dialog.confirm({
    content,
    confirmText: t('downloads.delete'),
    cancelText: t('downloads.keep'),
  });
}
