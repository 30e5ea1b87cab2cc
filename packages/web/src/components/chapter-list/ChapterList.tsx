import type { ChapterItem } from '@dm51/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadedMark } from '../downloads/DownloadedMark';
import { chapterLabels } from './chapter-labels';
import { chapterCount, orderChapters, visibleChapters, type ChapterOrder } from './chapter-order';
import './chapter-list.css';

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" className="chapter-list__lock">
      <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

interface ChapterListProps {
  chapters: readonly ChapterItem[];
  currentId: number | null;
  onOpen: (chapter: ChapterItem) => void;
  /** In a drawer everything shows at once; on the detail page long lists collapse. */
  collapsible?: boolean;
  testId?: string;
  /** Chapters downloaded for reading offline: marked. */
  downloadedIds?: ReadonlySet<number>;
}

/** Chapters with an asc/desc switch, VIP locks, the current chapter marked, and "show all". */
export function ChapterList({
  chapters,
  currentId,
  onOpen,
  collapsible = true,
  testId = 'chapter-list',
  downloadedIds,
}: ChapterListProps) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<ChapterOrder>('asc');
  const [expanded, setExpanded] = useState(!collapsible);
  const ordered = orderChapters(chapters, order);
  const shown = visibleChapters(ordered, expanded, currentId);
  // Numbered in reading order whatever the order shown; once per list (a novel may have thousands).
  const labels = useMemo(() => chapterLabels(orderChapters(chapters, 'asc')), [chapters]);

  return (
    <div className="chapter-list" data-testid={testId}>
      <div className="chapter-list__head">
        <span className="chapter-list__count">
          {t('catalogue.chapterCount', { count: chapterCount(chapters) })}
        </span>
        <button
          type="button"
          className="chapter-list__order"
          data-testid={`${testId}-order`}
          data-order={order}
          onClick={() => setOrder(order === 'asc' ? 'desc' : 'asc')}
        >
          {order === 'asc' ? t('catalogue.orderAsc') : t('catalogue.orderDesc')}
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path
              d="M8 4v16M8 20l-3-3M8 20l3-3M16 20V4M16 4l-3 3M16 4l3 3"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
      <div className="chapter-list__grid">
        {shown.map((chapter) => (
          <button
            key={chapter.id}
            type="button"
            className={`chapter-list__item${chapter.id === currentId ? ' chapter-list__item--current' : ''}${
              chapter.locked ? ' chapter-list__item--locked' : ''
            }${chapter.matter ? ' chapter-list__item--matter' : ''}`}
            data-testid={`chapter-${chapter.id}`}
            data-matter={chapter.matter || undefined}
            data-locked={chapter.locked}
            aria-current={chapter.id === currentId ? 'true' : undefined}
            // The full name, for a label that was shortened to what tells it apart.
            title={chapter.name}
            aria-label={labels.get(chapter.id) === chapter.name ? undefined : chapter.name}
            onClick={() => onOpen(chapter)}
          >
            <span className="chapter-list__name">{labels.get(chapter.id) ?? chapter.name}</span>
            {chapter.locked === 1 && <LockIcon />}
            {downloadedIds?.has(chapter.id) && <DownloadedMark testId={`chapter-downloaded-${chapter.id}`} />}
          </button>
        ))}
      </div>
      {!expanded && shown.length < ordered.length && (
        <button
          type="button"
          className="chapter-list__all"
          data-testid={`${testId}-all`}
          onClick={() => setExpanded(true)}
        >
          {t('catalogue.showAllChapters', { count: ordered.length })}
        </button>
      )}
    </div>
  );
}
