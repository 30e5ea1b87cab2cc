import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state/EmptyState';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { PageLoading } from '../../../components/page-state/PageLoading';
import { useDownloads } from '../../../components/downloads/use-downloads';
import { readerHref } from '../../../components/work-detail/reader-href';
import { downloadManager } from '../../../lib/offline/download-manager';
import type { DownloadRecord } from '../../../lib/offline/download-types';
import { useNavigate } from '../../../lib/router';
import type { PageProps } from '../../page-props';
import { confirmDelete } from './confirm-delete';
import { groupByWork, totalBytes } from './download-status';
import { DownloadWorkGroup } from './DownloadWorkGroup';
import { StorageCard } from './StorageCard';
import './downloads-page.css';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => globalThis.navigator?.onLine !== false);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * /pages/user/downloads: what this account downloaded, by work, with its state, and the room it
 * takes. Everything here comes from IndexedDB, so it works with no connection at all.
 */
export default function DownloadsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const downloads = useDownloads();
  const online = useOnline();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void downloadManager.ready().finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  const works = useMemo(() => groupByWork(downloads), [downloads]);
  const bytes = totalBytes(downloads);
  const settledBytes = totalBytes(downloads.filter((record) => record.state !== 'downloading'));

  const open = (record: DownloadRecord) =>
    navigate(readerHref(downloadManager.workType(record.kind), record.workId, record.chapterId, null));

  const deleteAll = async () => {
    if (await confirmDelete(t, t('downloads.deleteAllConfirm'))) await downloadManager.removeAll();
  };

  return (
    <div className="page downloads-page" data-testid="downloads-page">
      <NavBar
        title={t(route.titleKey)}
        right={
          downloads.length > 0 && (
            <button
              type="button"
              className="downloads-page__nav-action"
              data-testid="downloads-delete-all"
              onClick={() => void deleteAll()}
            >
              {t('downloads.deleteAll')}
            </button>
          )
        }
      />
      {!ready ? (
        <PageLoading />
      ) : (
        <>
          <StorageCard downloadedBytes={bytes} settledBytes={settledBytes} />
          {!online && (
            <p className="downloads-page__offline" data-testid="downloads-offline">
              {t('downloads.offline')}
            </p>
          )}
          {works.length === 0 ? (
            <EmptyState
              kind="comics"
              title={t('downloads.empty')}
              hint={t('downloads.emptyHint')}
              testId="downloads-empty"
            />
          ) : (
            <div className="downloads-page__works" data-testid="downloads-list">
              {works.map((work) => (
                <DownloadWorkGroup key={work.key} work={work} onOpen={open} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
