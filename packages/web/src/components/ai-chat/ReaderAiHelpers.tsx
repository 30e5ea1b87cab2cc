/**
 * The readers' AI helpers: "previously on" (the chapters before this one, for comics and
 * novels) and, in the novel reader, this chapter's summary. Shown as chips under the top bar while
 * the bars are; the text opens in a bottom sheet. Both are free and cached per chapter.
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

export function ReaderAiHelpers({
  chapterId,
  visible,
  summary = false,
}: {
  chapterId: number;
  visible: boolean;
  /** Novels: offer the chapter summary too. */
  summary?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpenState] = useState<'recap' | 'summary' | null>(null);
  const [tapped, setTapped] = useState(false);
  const setOpen = (kind: 'recap' | 'summary' | null) => {
    if (kind) setTapped(true);
    setOpenState(kind);
  };
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
        </div>
      )}
      {/* Mounted from the first tap on, so closing it still plays antd's closing animation. */}
      {tapped && (
        <Suspense fallback={null}>
          <ReaderAiSheet open={open} onClose={() => setOpen(null)} data={shown.data} />
        </Suspense>
      )}
    </>
  );
}
