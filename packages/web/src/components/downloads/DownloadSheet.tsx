import Popup from 'antd-mobile/es/components/popup';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadManager, type WorkContext } from '../../lib/offline/download-manager';
import {
  chooseChapters,
  downloadRequests,
  isDownloadable,
  type ChoosableChapter,
  type DownloadChoice,
  type DownloadWork,
} from './chapter-choice';
import { showQueuedToast } from './queued-toast';
import { useDownloads } from './use-downloads';
import './downloads.css';

type OptionId = 'this' | 'next5' | 'next10' | 'range' | 'all';
const OPTIONS: readonly OptionId[] = ['this', 'next5', 'next10', 'range', 'all'];

/**
 * The heights the sheet offers for episodes. The detail's episodes do not list their qualities;
 * the download takes the one asked for, or the closest below it the episode has
 * (lib/offline/episode-files.ts).
 */
export const EPISODE_QUALITIES = ['1080p', '720p', '480p', '360p'] as const;
const DEFAULT_QUALITY = '720p';

export interface DownloadSheetProps {
  visible: boolean;
  onClose: () => void;
  /** WorkType of the work. */
  type: number;
  work: DownloadWork;
  /** The work's whole chapter (episode) list in reading order; locked ones are never queued. */
  chapters: readonly ChoosableChapter[];
  /** The chapter being read, or where the detail page would start: "this" and "next N" count from it. */
  currentId: number;
  /** The work's detail and chapter list as the page has them, kept so the work opens offline. */
  context: Omit<WorkContext, 'type' | 'workId'>;
}

function choiceOf(option: OptionId, from: number, to: number): DownloadChoice {
  if (option === 'this') return { kind: 'this' };
  if (option === 'next5') return { kind: 'next', count: 5 };
  if (option === 'next10') return { kind: 'next', count: 10 };
  if (option === 'range') return { kind: 'range', fromId: from, toId: to };
  return { kind: 'all' };
}

/** Choose chapters or episodes to download: this one, the next 5 or 10, a range, or all unlocked. */
export function DownloadSheet(props: DownloadSheetProps) {
  return (
    <Popup
      visible={props.visible}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyClassName="download-sheet"
      destroyOnClose
      stopPropagation={['click']}
    >
      <DownloadSheetBody {...props} />
    </Popup>
  );
}

function DownloadSheetBody({ onClose, type, work, chapters, currentId, context }: DownloadSheetProps) {
  const { t } = useTranslation();
  const anime = work.kind === 'anime';
  const downloads = useDownloads();
  const offered = useMemo(() => chapters.filter(isDownloadable), [chapters]);
  const lockedCount = chapters.length - offered.length;
  const startId = offered.some((chapter) => chapter.id === currentId) ? currentId : (offered[0]?.id ?? 0);
  const [from, setFrom] = useState(startId);
  const [to, setTo] = useState(offered.at(-1)?.id ?? 0);
  const [quality, setQuality] = useState<string>(DEFAULT_QUALITY);
  const counts = Object.fromEntries(
    OPTIONS.map((option) => [option, chooseChapters(chapters, choiceOf(option, from, to), currentId).length]),
  ) as Record<OptionId, number>;
  const [option, setOption] = useState<OptionId>(() => OPTIONS.find((id) => counts[id] > 0) ?? 'all');
  const [busy, setBusy] = useState(false);

  const chosen = chooseChapters(chapters, choiceOf(option, from, to), currentId);
  // What is downloaded or on its way already is left as it is (a failed one is tried again).
  const present = new Set(
    downloads
      .filter((record) => record.kind === work.kind && record.state !== 'failed')
      .map((record) => record.chapterId),
  );
  const fresh = chosen.filter((chapter) => !present.has(chapter.id));
  const unit = anime ? 'Episodes' : 'Chapters';

  const start = async () => {
    if (fresh.length === 0 || busy) return;
    setBusy(true);
    try {
      const requests = downloadRequests(fresh, chapters, work, quality);
      const added = await downloadManager.enqueue(requests, { type, workId: work.workId, ...context });
      onClose();
      showQueuedToast(t(`downloads.queued${unit}`, { count: added }), t('downloads.view'));
    } finally {
      setBusy(false);
    }
  };

  const label = (id: OptionId) => {
    if (id === 'this') {
      const here = anime ? t('downloads.optionThisEpisode') : t('downloads.optionThis');
      // On a detail page "this" is where reading would start: say which one that is.
      const name = chapters.find((chapter) => chapter.id === currentId)?.name;
      return name ? `${here} · ${name}` : here;
    }
    if (id === 'next5') return t('downloads.optionNext', { count: 5 });
    if (id === 'next10') return t('downloads.optionNext', { count: 10 });
    if (id === 'range') return t('downloads.optionRange');
    return anime ? t('downloads.optionAllEpisodes') : t('downloads.optionAll');
  };

  return (
    <div data-testid="download-sheet" data-kind={work.kind}>
      <header className="download-sheet__head">
        <div>
          <h2>{t('downloads.sheetTitle')}</h2>
          <p>{work.workName}</p>
        </div>
        <button
          type="button"
          className="download-sheet__close"
          data-testid="download-sheet-close"
          aria-label={t('common.close')}
          onClick={onClose}
        >
          ×
        </button>
      </header>

      <div className="download-sheet__options" role="radiogroup" aria-label={t('downloads.sheetTitle')}>
        {OPTIONS.map((id) => (
          <button
            key={id}
            type="button"
            role="radio"
            aria-checked={option === id}
            className={`download-sheet__option${option === id ? ' download-sheet__option--on' : ''}`}
            data-testid={`download-option-${id}`}
            disabled={id !== 'range' && counts[id] === 0}
            onClick={() => setOption(id)}
          >
            <span>{label(id)}</span>
            <span className="download-sheet__count">{counts[id]}</span>
          </button>
        ))}
      </div>

      {option === 'range' && (
        <div className="download-sheet__range">
          {(
            [
              ['from', from, setFrom],
              ['to', to, setTo],
            ] as const
          ).map(([end, value, set]) => (
            <label key={end} className="download-sheet__picker">
              <span>{end === 'from' ? t('downloads.rangeFrom') : t('downloads.rangeTo')}</span>
              <select
                value={value}
                data-testid={`download-range-${end}`}
                onChange={(event) => set(Number(event.target.value))}
              >
                {offered.map((chapter) => (
                  <option key={chapter.id} value={chapter.id}>
                    {chapter.name}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}

      {anime && (
        <div className="download-sheet__quality" role="radiogroup" aria-label={t('downloads.quality')}>
          <span className="download-sheet__label">{t('downloads.quality')}</span>
          <div className="download-sheet__chips">
            {EPISODE_QUALITIES.map((name) => (
              <button
                key={name}
                type="button"
                role="radio"
                aria-checked={quality === name}
                className={`download-sheet__chip${quality === name ? ' download-sheet__chip--on' : ''}`}
                data-testid={`download-quality-${name}`}
                onClick={() => setQuality(name)}
              >
                {name}
              </button>
            ))}
          </div>
          <p className="download-sheet__note">{t('downloads.qualityHint')}</p>
        </div>
      )}

      {lockedCount > 0 && (
        <p className="download-sheet__note" data-testid="download-locked-note">
          {t(`downloads.lockedLeftOut${unit}`, { count: lockedCount })}
        </p>
      )}

      <button
        type="button"
        className="download-sheet__start"
        data-testid="download-start"
        data-count={fresh.length}
        disabled={fresh.length === 0 || busy}
        onClick={() => void start()}
      >
        {fresh.length > 0
          ? t(`downloads.start${unit}`, { count: fresh.length })
          : chosen.length > 0
            ? t('downloads.alreadyDownloaded')
            : t('downloads.nothingToDownload')}
      </button>
    </div>
  );
}
