import { WorkType } from '@dm51/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComicPagedView } from '../../components/reader/ComicPagedView';
import { ComicScrollView } from '../../components/reader/ComicScrollView';
import { ReaderAiHelpers } from '../../components/ai-chat/ReaderAiHelpers';
import { ChapterEnd } from '../../components/reader/ChapterEnd';
import { NEXT_CHAPTER_PRELOAD } from '../../components/reader/page-window';
import { ChoiceRow, ReaderChrome, ScrollOrPagedRow } from '../../components/reader/ReaderChrome';
import { ReaderGate } from '../../components/reader/ReaderGate';
import { ReaderRoute, type ReaderProps } from '../../components/reader/ReaderRoute';
import { ReaderSheets } from '../../components/reader/ReaderSheets';
import { loadComicPrefs, saveComicPrefs } from '../../components/reader/reader-prefs';
import { resolveMode } from '../../components/reader/tap-zones';
import { useReaderChapter } from '../../components/reader/use-reader-chapter';
import { useReaderPrefs } from '../../components/reader/use-reader-prefs';
import { preloadImage } from '../../components/xfile-image/use-xfile-image';
import { useReadingClock } from '../../lib/reading-clock';
import { saveComicPlace } from '../../state/queries/history';
import { prefetchComicChapter, useComicChapter } from '../../state/queries/reader';
import '../../components/reader/comic-reader.css';

/** Comic reader (/pages/cartoon/reader?column=WORK&chapter=CHAPTER[&page=N]). */
export default function ReaderPage() {
  return <ReaderRoute startParam="page" reader={ComicReader} />;
}

function ComicReader({ workId, chapterId, start: startPage }: ReaderProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const reader = useReaderChapter({ workId, chapterId }, WorkType.COMIC, useComicChapter, saveComicPlace);
  const { chapter, info, locked, nextLocked, saver } = reader;
  useReadingClock({ kind: 'comic', workId, chapterId: locked ? 0 : chapterId });

  const [prefs, setPref] = useReaderPrefs(loadComicPrefs, saveComicPrefs);
  // Only the page shows on screen; the percent goes straight to the saver, so scrolling through a
  // page does not re-render the reader once per percent.
  const [currentPage, setCurrentPage] = useState(startPage);
  const warmed = useRef(0);

  const mode = resolveMode(prefs.layout, prefs.direction, chapter.data?.rtl ?? 0);
  const prevId = info?.prev_chapter_id ?? 0;
  const nextId = info?.next_chapter_id ?? 0;

  const onPosition = useCallback(
    (current: number, percent: number) => {
      setCurrentPage(current);
      if (workId > 0 && chapterId > 0) saver.update({ workId, chapterId, pageIndex: current, percent });
    },
    [saver, workId, chapterId],
  );

  // Near the end: fetch the next chapter's page list and its first pages, so "next" is instant.
  const onNearEnd = useCallback(() => {
    if (nextId <= 0 || nextLocked || warmed.current === nextId) return;
    warmed.current = nextId;
    void prefetchComicChapter(client, nextId).then((next) => {
      for (const page of next?.pages.slice(0, NEXT_CHAPTER_PRELOAD) ?? []) preloadImage(page.url);
    });
  }, [client, nextId, nextLocked]);

  const end = (
    <ChapterEnd
      chapterName={info?.name ?? ''}
      nextId={nextId}
      nextLabel={reader.nextLabel}
      onNext={() => reader.goChapter(nextId)}
      onBackToDetail={reader.backToDetail}
    />
  );

  const count = chapter.data?.pages.length ?? 0;
  return (
    <div className="comic-reader" data-testid="comic-reader" data-mode={mode} data-chapter-id={chapterId}>
      <ReaderGate reader={reader} chapterId={chapterId} className="comic-reader__locked">
        {(data) =>
          mode === 'scroll' ? (
            <ComicScrollView
              key="scroll"
              pages={data.pages}
              startPage={Math.min(currentPage, Math.max(0, data.pages.length - 1))}
              onPosition={onPosition}
              onTap={reader.toggleBars}
              onScrollDown={reader.hideBars}
              onNearEnd={onNearEnd}
              end={end}
            />
          ) : (
            <ComicPagedView
              key={mode}
              pages={data.pages}
              startPage={currentPage}
              mode={mode}
              onPosition={onPosition}
              onToggleBars={reader.toggleBars}
              onNearEnd={onNearEnd}
              end={end}
            />
          )
        }
      </ReaderGate>
      <ReaderChrome
        {...reader.chrome}
        progress={count > 0 ? `${Math.min(currentPage + 1, count)} / ${count}` : ''}
        // A locked chapter has no reader answer: take prev/next from the chapter list instead.
        prevId={prevId || (locked ? reader.listNeighbours.prev : 0)}
        nextId={nextId || (locked ? reader.listNeighbours.next : 0)}
      />
      <ReaderAiHelpers chapterId={chapterId} visible={reader.chrome.visible} />
      <ReaderSheets reader={reader} chapterId={chapterId}>
        <ScrollOrPagedRow
          label={t('reader.layout')}
          value={prefs.layout}
          onChange={(layout) => setPref('layout', layout)}
          testId="reader-layout"
        />
        {prefs.layout === 'paged' && (
          <ChoiceRow
            label={t('reader.direction')}
            value={prefs.direction}
            options={[
              { value: 'auto', label: t('reader.directionAuto') },
              { value: 'ltr', label: t('reader.directionLtr') },
              { value: 'rtl', label: t('reader.directionRtl') },
            ]}
            onChange={(direction) => setPref('direction', direction)}
            testId="reader-direction"
          />
        )}
      </ReaderSheets>
    </div>
  );
}
