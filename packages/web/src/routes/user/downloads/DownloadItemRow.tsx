import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../components/downloads/byte-size';
import { downloadManager } from '../../../lib/offline/download-manager';
import type { DownloadRecord } from '../../../lib/offline/download-types';
import { confirmDelete } from './confirm-delete';
import { downloadStatus, pageCount, storedQuality, type DownloadAction } from './download-status';

/** One chapter or episode: its state, progress or size, and what can be done with it. */
export function DownloadItemRow({ record, onOpen }: { record: DownloadRecord; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const status = downloadStatus(record);
  const done = record.state === 'done';
  const pages = pageCount(record);

  const run = async (action: DownloadAction) => {
    if (action === 'pause') await downloadManager.pause(record.key);
    else if (action === 'resume' || action === 'retry') await downloadManager.resume(record.key);
    else if (action === 'cancel') await downloadManager.remove([record.key]);
    else if (await confirmDelete(t, t('downloads.deleteItemConfirm', { name: record.chapterName })))
      await downloadManager.remove([record.key]);
  };

  const facts = [
    done || record.bytes > 0 ? formatBytes(record.bytes, i18n.language) : '',
    done && pages !== null ? t('downloads.pages', { count: pages }) : '',
    storedQuality(record),
  ].filter(Boolean);

  return (
    <li
      className={`download-item download-item--${record.state}`}
      data-testid={`download-item-${record.chapterId}`}
      data-state={record.state}
      data-error={record.error ?? undefined}
      data-bytes={record.bytes}
      data-files={record.totalFiles}
      data-pages={pages ?? undefined}
      data-quality={storedQuality(record) || undefined}
    >
      <button
        type="button"
        className="download-item__open"
        disabled={!done}
        onClick={onOpen}
        data-testid={`download-open-${record.chapterId}`}
      >
        <span className="download-item__name">
          {record.chapterName}
          {record.vipOnly && <span className="download-item__vip">VIP</span>}
        </span>
        <span
          className={`download-item__status${status.problem ? ' download-item__status--problem' : ''}`}
          data-testid={`download-status-${record.chapterId}`}
        >
          {t(`downloads.state.${status.text}`)}
          {facts.length > 0 && <span className="download-item__facts"> · {facts.join(' · ')}</span>}
        </span>
        {status.progress && (
          <span className="download-item__progress">
            <span
              className="download-item__bar"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={status.progress.total}
              aria-valuenow={status.progress.done}
            >
              <span
                style={{
                  width: `${status.progress.total > 0 ? (status.progress.done / status.progress.total) * 100 : 0}%`,
                }}
              />
            </span>
            <span className="download-item__count" data-testid={`download-progress-${record.chapterId}`}>
              {status.progress.total > 0 ? `${status.progress.done}/${status.progress.total}` : ''}
            </span>
          </span>
        )}
      </button>
      <span className="download-item__actions">
        {status.actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`downloads-button${action === 'delete' || action === 'cancel' ? ' downloads-button--quiet' : ''}`}
            data-testid={`download-${action}-${record.chapterId}`}
            onClick={() => void run(action)}
          >
            {t(`downloads.${action}`)}
          </button>
        ))}
      </span>
    </li>
  );
}
