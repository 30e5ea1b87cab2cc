import { ApiCode, WorkType } from '@dm51/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ChapterList } from '../../components/chapter-list/ChapterList';
import { PageLoading } from '../../components/page-state/PageLoading';
import { QueryError } from '../../components/query-state/QueryError';
import { ComicPagedView } from '../../components/reader/ComicPagedView';
import { ComicScrollView } from '../../components/reader/ComicScrollView';
import { ChapterEnd } from '../../components/reader/ChapterEnd';
import { NEXT_CHAPTER_PRELOAD } from '../../components/reader/page-window';
import { ChoiceRow, ReaderChrome, ReaderSheet } from '../../components/reader/ReaderChrome';
import { loadComicPrefs, saveComicPrefs, type ComicPrefs } from '../../components/reader/reader-prefs';
import { resolveMode } from '../../components/reader/tap-zones';
import { useProgressSaver } from '../../components/reader/use-progress-saver';
import { VipLockedPanel } from '../../components/reader/VipLockedPanel';
import { idParam } from '../../components/work-detail/WorkDetailRoute';
import { preloadImage } from '../../components/xfile-image/use-xfile-image';
import { isApiCode } from '../../lib/api/errors';
import { useChapters } from '../../state/queries/catalogue';
import { saveComicPlace, type ComicPlace } from '../../state/queries/history';
import { prefetchComicChapter, useComicChapter } from '../../state/queries/reader';
import '../../components/reader/comic-reader.css';

/** Comic reader (/pages/cartoon/reader?column=WORK&chapter=CHAPTER[&page=N]). */
export default function ReaderPage() {
  const [params] = useSearchParams();
  const workId = idParam(params, 'column');
  const chapterId = idParam(params, 'chapter');
  const startPage = Math.max(0, Math.floor(Number(params.get('page'))) || 0);
  // One instance per chapter: position, bars and warm-up state start fresh in the next chapter.
  return <ComicReader key={chapterId} workId={workId} chapterId={chapterId} startPage={startPage} />;
}

function ComicReader({
  workId,
  chapterId,
  startPage,
}: {
  workId: number;
  chapterId: number;
  startPage: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();

  const chapters = useChapters(WorkType.COMIC, workId);
  const listed = chapters.data?.find((chapter) => chapter.id === chapterId);
  const lockedByList = listed?.locked === 1;
  const chapter = useComicChapter(chapterId, !lockedByList);
  const locked = lockedByList || isApiCode(chapter.error, ApiCode.VIP_REQUIRED);

  const [prefs, setPrefs] = useState<ComicPrefs>(loadComicPrefs);
  const [bars, setBars] = useState(true);
  const [sheet, setSheet] = useState<'chapters' | 'settings' | null>(null);
  const [position, setPosition] = useState({ current: startPage, percent: 0 });
  const warmed = useRef(0);

  const saver = useProgressSaver<ComicPlace>(`comic:${chapterId}`, saveComicPlace, {
    type: WorkType.COMIC,
    id: workId,
  });

  const info = chapter.data?.chapter;
  const mode = resolveMode(prefs.layout, prefs.direction, chapter.data?.rtl ?? 0);
  const prevId = info?.prev_chapter_id ?? 0;
  const nextId = info?.next_chapter_id ?? 0;
  const nextLocked = info?.next_locked === 1;

  const onPosition = useCallback(
    (current: number, percent: number) => {
      setPosition((previous) =>
        previous.current === current && previous.percent === percent ? previous : { current, percent },
      );
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

  const goChapter = (id: number) => {
    if (id <= 0) return;
    saver.flush();
    setSheet(null);
    navigate(`/pages/cartoon/reader?column=${workId}&chapter=${id}`, { replace: true });
  };

  const updatePrefs = (next: ComicPrefs) => {
    setPrefs(next);
    saveComicPrefs(next);
  };

  const end = (
    <ChapterEnd
      chapterName={info?.name ?? ''}
      nextId={nextId}
      nextLocked={nextLocked}
      onNext={() => goChapter(nextId)}
      onBackToDetail={() => navigate(`/pages/cartoon/details?column=${workId}`, { replace: true })}
    />
  );

  let body;
  if (locked)
    body = (
      <div className="comic-reader__locked">
        <VipLockedPanel
          chapterName={listed?.name ?? info?.name ?? ''}
          priceCoins={listed?.price_coins ?? 0}
          chapterId={chapterId}
        />
      </div>
    );
  else if (chapter.isError)
    body = (
      <div className="comic-reader__locked">
        <QueryError onRetry={() => void chapter.refetch()} />
      </div>
    );
  else if (!chapter.data) body = <PageLoading />;
  else if (mode === 'scroll')
    body = (
      <ComicScrollView
        key="scroll"
        pages={chapter.data.pages}
        startPage={Math.min(position.current, Math.max(0, chapter.data.pages.length - 1))}
        onPosition={onPosition}
        onTap={() => setBars((shown) => !shown)}
        onScrollDown={() => setBars(false)}
        onNearEnd={onNearEnd}
        end={end}
      />
    );
  else
    body = (
      <ComicPagedView
        key={mode}
        pages={chapter.data.pages}
        startPage={position.current}
        mode={mode}
        onPosition={onPosition}
        onToggleBars={() => setBars((shown) => !shown)}
        onNearEnd={onNearEnd}
        end={end}
      />
    );

  const count = chapter.data?.pages.length ?? 0;
  return (
    <div className="comic-reader" data-testid="comic-reader" data-mode={mode} data-chapter-id={chapterId}>
      {body}
      <ReaderChrome
        visible={bars || locked || sheet !== null}
        title={info?.work_name ?? ''}
        subtitle={info?.name ?? listed?.name ?? ''}
        progress={count > 0 ? `${Math.min(position.current + 1, count)} / ${count}` : ''}
        prevId={prevId || (locked ? neighbour(chapters.data, chapterId, -1) : 0)}
        nextId={nextId || (locked ? neighbour(chapters.data, chapterId, 1) : 0)}
        nextLocked={nextLocked}
        onChapter={goChapter}
        onChapters={() => setSheet('chapters')}
        onSettings={() => setSheet('settings')}
      />
      <ReaderSheet
        open={sheet === 'chapters'}
        onClose={() => setSheet(null)}
        title={t('reader.chapters')}
        testId="reader-chapter-sheet"
      >
        <ChapterList
          chapters={chapters.data ?? []}
          currentId={chapterId}
          collapsible={false}
          onOpen={(item) => goChapter(item.id)}
          testId="reader-chapter-list"
        />
      </ReaderSheet>
      <ReaderSheet
        open={sheet === 'settings'}
        onClose={() => setSheet(null)}
        title={t('reader.settings')}
        testId="reader-settings-sheet"
      >
        <ChoiceRow
          label={t('reader.layout')}
          value={prefs.layout}
          options={[
            { value: 'scroll', label: t('reader.layoutScroll') },
            { value: 'paged', label: t('reader.layoutPaged') },
          ]}
          onChange={(layout) => updatePrefs({ ...prefs, layout })}
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
            onChange={(direction) => updatePrefs({ ...prefs, direction })}
            testId="reader-direction"
          />
        )}
      </ReaderSheet>
    </div>
  );
}

/** A locked chapter has no reader answer: take prev/next from the chapter list instead. */
function neighbour(
  list: readonly { id: number; sort: number }[] | undefined,
  id: number,
  step: -1 | 1,
): number {
  if (!list) return 0;
  const sorted = [...list].sort((a, b) => a.sort - b.sort);
  const i = sorted.findIndex((item) => item.id === id);
  return i < 0 ? 0 : (sorted[i + step]?.id ?? 0);
}
