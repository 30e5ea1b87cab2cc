import { useTranslation } from 'react-i18next';
import { WorkCover } from '../../../components/generated-cover/WorkCover';
import { formatBytes } from '../../../components/downloads/byte-size';
import { downloadManager } from '../../../lib/offline/download-manager';
import type { DownloadRecord } from '../../../lib/offline/download-types';
import { confirmDelete } from './confirm-delete';
import type { DownloadedWork } from './download-status';
import { DownloadItemRow } from './DownloadItemRow';

const TYPE_KEYS = {
  comic: 'catalogue.typeComic',
  novel: 'catalogue.typeNovel',
  anime: 'catalogue.typeAnime',
} as const;

/** A work's cover, name and type, what its downloads take, and its chapters or episodes. */
export function DownloadWorkGroup({
  work,
  onOpen,
}: {
  work: DownloadedWork;
  onOpen: (record: DownloadRecord) => void;
}) {
  const { t, i18n } = useTranslation();
  const count =
    work.kind === 'anime'
      ? t('downloads.episodeCount', { count: work.items.length })
      : t('downloads.chapterCount', { count: work.items.length });

  const deleteWork = async () => {
    if (await confirmDelete(t, t('downloads.deleteWorkConfirm', { name: work.workName })))
      await downloadManager.remove(work.items.map((item) => item.key));
  };

  return (
    <section className="download-work" data-testid={`download-work-${work.kind}-${work.workId}`}>
      <header className="download-work__head">
        <WorkCover src={work.cover} title={work.workName} className="download-work__cover" />
        <div className="download-work__about">
          <h2 className="download-work__name">{work.workName}</h2>
          <span className="download-work__meta">
            {t(TYPE_KEYS[work.kind])} · {count} · {formatBytes(work.bytes, i18n.language)}
          </span>
        </div>
        <button
          type="button"
          className="downloads-button downloads-button--quiet"
          data-testid={`download-work-delete-${work.kind}-${work.workId}`}
          onClick={() => void deleteWork()}
        >
          {t('downloads.delete')}
        </button>
      </header>
      <ol className="download-work__items">
        {work.items.map((record) => (
          <DownloadItemRow key={record.key} record={record} onOpen={() => onOpen(record)} />
        ))}
      </ol>
    </section>
  );
}
