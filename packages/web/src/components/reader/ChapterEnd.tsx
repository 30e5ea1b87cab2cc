import { useTranslation } from 'react-i18next';

interface ChapterEndProps {
  chapterName: string;
  nextId: number;
  /** The next button's i18n key (next-label.ts): plain, or how a locked next chapter opens. */
  nextLabel: string;
  onNext: () => void;
  onBackToDetail: () => void;
}

/** After the last page: the chapter is done, go on (or say this was the last one). */
export function ChapterEnd({ chapterName, nextId, nextLabel, onNext, onBackToDetail }: ChapterEndProps) {
  const { t } = useTranslation();
  return (
    <div className="chapter-end" data-testid="chapter-end" onClick={(event) => event.stopPropagation()}>
      <p className="chapter-end__done">{t('reader.chapterDone', { chapter: chapterName })}</p>
      {nextId > 0 ? (
        <button type="button" className="chapter-end__next" data-testid="chapter-end-next" onClick={onNext}>
          {t(nextLabel)}
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
