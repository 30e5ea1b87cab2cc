import { ApiCode, WorkType } from '@dm51/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ChapterList } from '../../components/chapter-list/ChapterList';
import { neighbours } from '../../components/chapter-list/chapter-order';
import { PageLoading } from '../../components/page-state/PageLoading';
import { QueryError } from '../../components/query-state/QueryError';
import { ChapterEnd } from '../../components/reader/ChapterEnd';
import { NovelView } from '../../components/reader/NovelView';
import { ChoiceRow, ReaderChrome, ReaderSheet } from '../../components/reader/ReaderChrome';
import {
  clampFontSize,
  FONT_SIZES,
  LINE_HEIGHTS,
  loadNovelPrefs,
  saveNovelPrefs,
  type NovelPrefs,
} from '../../components/reader/reader-prefs';
import { useProgressSaver } from '../../components/reader/use-progress-saver';
import { VipLockedPanel } from '../../components/reader/VipLockedPanel';
import { idParam } from '../../components/work-detail/WorkDetailRoute';
import { isApiCode } from '../../lib/api/errors';
import { useChapters } from '../../state/queries/catalogue';
import { saveNovelPlace, type NovelPlace } from '../../state/queries/history';
import { prefetchNovelChapter, useNovelChapter } from '../../state/queries/reader';
import '../../components/reader/novel-reader.css';

/** Novel reader (/pages/novel/reader?column=WORK&chapter=CHAPTER[&pos=OFFSET]). */
export default function ReaderPage() {
  const [params] = useSearchParams();
  const workId = idParam(params, 'column');
  const chapterId = idParam(params, 'chapter');
  const startPosition = Math.max(0, Math.floor(Number(params.get('pos'))) || 0);
  return <NovelReader key={chapterId} workId={workId} chapterId={chapterId} startPosition={startPosition} />;
}

function NovelReader({
  workId,
  chapterId,
  startPosition,
}: {
  workId: number;
  chapterId: number;
  startPosition: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const chapters = useChapters(WorkType.NOVEL, workId);
  const listed = chapters.data?.find((chapter) => chapter.id === chapterId);
  const lockedByList = listed?.locked === 1;
  const chapter = useNovelChapter(chapterId, !lockedByList);
  const locked = lockedByList || isApiCode(chapter.error, ApiCode.VIP_REQUIRED);

  const [prefs, setPrefs] = useState<NovelPrefs>(loadNovelPrefs);
  const [bars, setBars] = useState(true);
  const [sheet, setSheet] = useState<'chapters' | 'settings' | null>(null);
  const [percent, setPercent] = useState(0);
  const saver = useProgressSaver<NovelPlace>(`novel:${chapterId}`, saveNovelPlace, {
    type: WorkType.NOVEL,
    id: workId,
  });

  const info = chapter.data?.chapter;
  const fallback = neighbours(chapters.data ?? [], chapterId);
  const prevId = info?.prev_chapter_id ?? fallback.prev;
  const nextId = info?.next_chapter_id ?? fallback.next;
  const nextLocked = info?.next_locked === 1;

  // The next chapter's text is small: fetch it as soon as this one opens.
  useEffect(() => {
    if (nextId > 0 && !nextLocked) prefetchNovelChapter(client, nextId);
  }, [client, nextId, nextLocked]);

  const onPosition = useCallback(
    (position: number, at: number) => {
      setPercent(at);
      if (workId > 0 && chapterId > 0) saver.update({ workId, chapterId, position, percent: at });
    },
    [saver, workId, chapterId],
  );

  const goChapter = (id: number) => {
    if (id <= 0) return;
    saver.flush();
    setSheet(null);
    navigate(`/pages/novel/reader?column=${workId}&chapter=${id}`, { replace: true });
  };

  const updatePrefs = (next: NovelPrefs) => {
    setPrefs(next);
    saveNovelPrefs(next);
  };

  let body;
  if (locked)
    body = (
      <div className="novel-reader__state">
        <VipLockedPanel
          chapterName={listed?.name ?? ''}
          priceCoins={listed?.price_coins ?? 0}
          chapterId={chapterId}
        />
      </div>
    );
  else if (chapter.isError)
    body = (
      <div className="novel-reader__state">
        <QueryError onRetry={() => void chapter.refetch()} />
      </div>
    );
  else if (!chapter.data) body = <PageLoading />;
  else
    body = (
      <NovelView
        title={chapter.data.chapter.name}
        html={chapter.data.html}
        textLength={chapter.data.text.length}
        prefs={prefs}
        startPosition={startPosition}
        onPosition={onPosition}
        onToggleBars={() => setBars((shown) => !shown)}
        onScrollDown={() => setBars(false)}
        end={
          <ChapterEnd
            chapterName={chapter.data.chapter.name}
            nextId={nextId}
            nextLocked={nextLocked}
            onNext={() => goChapter(nextId)}
            onBackToDetail={() => navigate(`/pages/novel/cover?column=${workId}`, { replace: true })}
          />
        }
      />
    );

  const chrome = prefs.theme === 'dark' ? 'dark' : prefs.theme;
  return (
    <div
      className={`novel-reader novel-reader--${prefs.theme}`}
      data-testid="novel-reader"
      data-theme={prefs.theme}
      data-chapter-id={chapterId}
    >
      {body}
      <ReaderChrome
        visible={bars || locked || sheet !== null}
        title={info?.work_name ?? ''}
        subtitle={info?.name ?? listed?.name ?? ''}
        progress={chapter.data ? `${percent}%` : ''}
        prevId={prevId}
        nextId={nextId}
        nextLocked={nextLocked}
        onChapter={goChapter}
        onChapters={() => setSheet('chapters')}
        onSettings={() => setSheet('settings')}
        theme={chrome}
      />
      <ReaderSheet
        open={sheet === 'chapters'}
        onClose={() => setSheet(null)}
        title={t('reader.chapters')}
        testId="reader-chapter-sheet"
        theme={chrome}
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
        theme={chrome}
      >
        <div className="reader-choice">
          <span className="reader-choice__label">{t('reader.fontSize')}</span>
          <div className="reader-choice__options">
            <button
              type="button"
              className="reader-choice__option"
              data-testid="reader-font-smaller"
              disabled={prefs.fontSize <= FONT_SIZES.min}
              onClick={() =>
                updatePrefs({ ...prefs, fontSize: clampFontSize(prefs.fontSize - FONT_SIZES.step) })
              }
            >
              A−
            </button>
            <span className="reader-font-value" data-testid="reader-font-size">
              {prefs.fontSize}
            </span>
            <button
              type="button"
              className="reader-choice__option"
              data-testid="reader-font-larger"
              disabled={prefs.fontSize >= FONT_SIZES.max}
              onClick={() =>
                updatePrefs({ ...prefs, fontSize: clampFontSize(prefs.fontSize + FONT_SIZES.step) })
              }
            >
              A+
            </button>
          </div>
        </div>
        <ChoiceRow
          label={t('reader.lineSpacing')}
          value={prefs.lineHeight}
          options={LINE_HEIGHTS.map((value) => ({ value, label: String(value) }))}
          onChange={(lineHeight) => updatePrefs({ ...prefs, lineHeight })}
          testId="reader-line"
        />
        <ChoiceRow
          label={t('reader.theme')}
          value={prefs.theme}
          options={[
            { value: 'light', label: t('reader.themeLight') },
            { value: 'sepia', label: t('reader.themeSepia') },
            { value: 'dark', label: t('reader.themeDark') },
          ]}
          onChange={(theme) => updatePrefs({ ...prefs, theme })}
          testId="reader-theme"
        />
        <ChoiceRow
          label={t('reader.flow')}
          value={prefs.flow}
          options={[
            { value: 'scroll', label: t('reader.layoutScroll') },
            { value: 'paged', label: t('reader.layoutPaged') },
          ]}
          onChange={(flow) => updatePrefs({ ...prefs, flow })}
          testId="reader-flow"
        />
      </ReaderSheet>
    </div>
  );
}
