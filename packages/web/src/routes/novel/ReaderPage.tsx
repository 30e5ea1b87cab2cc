import { WorkType } from '@dm51/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReaderAiHelpers } from '../../components/ai-chat/ReaderAiHelpers';
import { ChapterEnd } from '../../components/reader/ChapterEnd';
import { NovelView } from '../../components/reader/NovelView';
import { ChoiceRow, ReaderChrome, ScrollOrPagedRow } from '../../components/reader/ReaderChrome';
import { ReaderGate } from '../../components/reader/ReaderGate';
import { ReaderRoute, type ReaderProps } from '../../components/reader/ReaderRoute';
import { ReaderSheets } from '../../components/reader/ReaderSheets';
import {
  clampFontSize,
  FONT_SIZES,
  LINE_HEIGHTS,
  loadNovelPrefs,
  novelPageTheme,
  saveNovelPrefs,
} from '../../components/reader/reader-prefs';
import { useReaderChapter } from '../../components/reader/use-reader-chapter';
import { useReaderPrefs } from '../../components/reader/use-reader-prefs';
import { saveNovelPlace } from '../../state/queries/history';
import { useReadingClock } from '../../lib/reading-clock';
import { prefetchNovelChapter, useNovelChapter } from '../../state/queries/reader';
import { useThemeName } from '../../theme/use-theme';
import '../../components/reader/novel-reader.css';

/** Novel reader (/pages/novel/reader?column=WORK&chapter=CHAPTER[&pos=OFFSET]). */
export default function ReaderPage() {
  return <ReaderRoute startParam="pos" reader={NovelReader} />;
}

function NovelReader({ workId, chapterId, start: startPosition }: ReaderProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const reader = useReaderChapter({ workId, chapterId }, WorkType.NOVEL, useNovelChapter, saveNovelPlace);
  const { chapter, info, nextLocked, saver } = reader;
  useReadingClock({ kind: 'novel', workId, chapterId: reader.locked ? 0 : chapterId });

  const [prefs, setPref] = useReaderPrefs(loadNovelPrefs, saveNovelPrefs);
  const theme = novelPageTheme(prefs, useThemeName());
  const [percent, setPercent] = useState(0);

  const prevId = info?.prev_chapter_id ?? reader.listNeighbours.prev;
  const nextId = info?.next_chapter_id ?? reader.listNeighbours.next;

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

  return (
    <div
      className={`novel-reader novel-reader--${theme}`}
      data-testid="novel-reader"
      data-theme={theme}
      data-chapter-id={chapterId}
    >
      <ReaderGate reader={reader} chapterId={chapterId} className="novel-reader__state">
        {(data) => (
          <NovelView
            title={data.chapter.name}
            html={data.html}
            textLength={data.text.length}
            prefs={prefs}
            startPosition={startPosition}
            onPosition={onPosition}
            onToggleBars={reader.toggleBars}
            onScrollDown={reader.hideBars}
            end={
              <ChapterEnd
                chapterName={data.chapter.name}
                nextId={nextId}
                nextLabel={reader.nextLabel}
                onNext={() => reader.goChapter(nextId)}
                onBackToDetail={reader.backToDetail}
              />
            }
          />
        )}
      </ReaderGate>
      <ReaderChrome
        {...reader.chrome}
        progress={chapter.data ? `${percent}%` : ''}
        prevId={prevId}
        nextId={nextId}
        theme={theme}
      />
      <ReaderAiHelpers chapterId={chapterId} visible={reader.chrome.visible} summary />
      <ReaderSheets reader={reader} chapterId={chapterId} theme={theme}>
        <div className="reader-choice">
          <span className="reader-choice__label">{t('reader.fontSize')}</span>
          <div className="reader-choice__options">
            <button
              type="button"
              className="reader-choice__option"
              data-testid="reader-font-smaller"
              disabled={prefs.fontSize <= FONT_SIZES.min}
              onClick={() => setPref('fontSize', clampFontSize(prefs.fontSize - FONT_SIZES.step))}
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
              onClick={() => setPref('fontSize', clampFontSize(prefs.fontSize + FONT_SIZES.step))}
            >
              A+
            </button>
          </div>
        </div>
        <ChoiceRow
          label={t('reader.lineSpacing')}
          value={prefs.lineHeight}
          options={LINE_HEIGHTS.map((value) => ({ value, label: String(value) }))}
          onChange={(lineHeight) => setPref('lineHeight', lineHeight)}
          testId="reader-line"
        />
        <ChoiceRow
          label={t('reader.theme')}
          value={theme}
          options={[
            { value: 'light', label: t('reader.themeLight') },
            { value: 'sepia', label: t('reader.themeSepia') },
            { value: 'dark', label: t('reader.themeDark') },
          ]}
          onChange={(choice) => setPref('theme', choice)}
          testId="reader-theme"
        />
        <ScrollOrPagedRow
          label={t('reader.flow')}
          value={prefs.flow}
          onChange={(flow) => setPref('flow', flow)}
          testId="reader-flow"
        />
      </ReaderSheets>
    </div>
  );
}
