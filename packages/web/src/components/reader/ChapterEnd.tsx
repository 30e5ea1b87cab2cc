import { useTranslation } from 'react-i18next';

interface ChapterEndProps {
  chapterName: string;
  nextId: number;
  nextLocked: boolean;
  onNext: () => void;
  onBackToDetail: () => void;
}

/** After the last page: the chapter is done, go on (or say this was the last one). */
export function ChapterEnd({ chapterName, nextId, nextLocked, onNext, onBackToDetail }: ChapterEndProps) {
  const { t } = useTranslation();
  return (
    <div className="chapter-end" data-testid="chapter-end" onClick={(event) => event.stopPropagation()}>
      <p className="chapter-end__done">{t('reader.chapterDone', { chapter: chapterName })}</p>
      {nextId > 0 ? (
        <button type="button" className="chapter-end__next" data-testid="chapter-end-next" onClick={onNext}>
          {nextLocked ? t('reader.nextChapterVip') : t('reader.nextChapter')}
        </button>
      ) : (
        <>
          <p className="chapter-end__last">{t('reader.lastChapter')}</p>
          <button
            type="button"
            className="chapter-end__next"
            data-testid="chapter-end-detail"
            onClick={onBackToDetail}
          >
            {t('reader.backToDetail')}
          </button>
        </>
      )}
    </div>
  );
}
