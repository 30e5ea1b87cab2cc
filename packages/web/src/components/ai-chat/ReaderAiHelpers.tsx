/**
 * The readers' AI helpers: "previously on" (the chapters before this one, for comics and
 * novels) and, in the novel reader, this chapter's summary and "who is" a name. Shown as chips under
 * the top bar while the bars are; the text opens in a bottom sheet. All are free and cached per
 * chapter.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageMessagesReady } from '../../i18n';
import { useAiHelper } from '../../state/queries/ai-chat';
import './ai-chat.css';

// Opened from the reader, which does not wait for the rest of English (routes/pages.ts): the sheet does.
const ReaderAiSheet = lazy(() =>
  Promise.all([import('./ReaderAiSheet'), pageMessagesReady()]).then(([module]) => ({
    default: module.ReaderAiSheet,
  })),
);
const ReaderWhoSheet = lazy(() =>
  Promise.all([import('./ReaderWhoSheet'), pageMessagesReady()]).then(([module]) => ({
    default: module.ReaderWhoSheet,
  })),
);

type Helper = 'recap' | 'summary' | 'who';

export function ReaderAiHelpers({
  chapterId,
  visible,
  summary = false,
}: {
  chapterId: number;
  visible: boolean;
  /** Novels: offer the chapter summary and "who is" too. */
  summary?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpenState] = useState<Helper | null>(null);
  const [tapped, setTapped] = useState<Set<Helper>>(new Set());
  const setOpen = (kind: Helper | null) => {
    if (kind) setTapped((before) => new Set(before).add(kind));
    setOpenState(kind);
  };
  const textTapped = tapped.has('recap') || tapped.has('summary');
  const recap = useAiHelper('recap', chapterId, open === 'recap');
  const chapterSummary = useAiHelper('summary', chapterId, open === 'summary');
  const shown = open === 'summary' ? chapterSummary : recap;
  return (
    <>
      {visible && (
        <div className="reader-ai">
          <button type="button" data-testid="reader-recap" onClick={() => setOpen('recap')}>
            {t('aiChat.recap')}
          </button>
          {summary && (
            <button type="button" data-testid="reader-summary" onClick={() => setOpen('summary')}>
              {t('aiChat.summary')}
            </button>
          )}
          {summary && (
            <button type="button" data-testid="reader-who" onClick={() => setOpen('who')}>
              {t('aiChat.who')}
            </button>
          )}
        </div>
      )}
      {/* Mounted from the first tap on, so closing it still plays antd's closing animation. */}
      {textTapped && (
        <Suspense fallback={null}>
          <ReaderAiSheet
            open={open === 'who' ? null : open}
            onClose={() => setOpen(null)}
            data={shown.data}
          />
        </Suspense>
      )}
      {tapped.has('who') && (
        <Suspense fallback={null}>
          {/* Keyed by chapter: a name picked in one chapter is not asked about in the next. */}
          <ReaderWhoSheet
            key={chapterId}
            chapterId={chapterId}
            open={open === 'who'}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </>
  );
}
