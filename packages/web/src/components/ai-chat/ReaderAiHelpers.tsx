/**
 * The readers' AI helpers (issue 14): "previously on" (the chapters before this one, for comics and
 * novels) and, in the novel reader, this chapter's summary. Shown as chips under the top bar while
 * the bars are; the text opens in a bottom sheet. Both are free and cached per chapter.
 */
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiHelper } from '../../state/queries/ai-chat';
import './ai-chat.css';

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
  const [open, setOpen] = useState<'recap' | 'summary' | null>(null);
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
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        bodyStyle={{ borderRadius: '14px 14px 0 0' }}
      >
        <div className="reader-ai-sheet" data-testid="reader-ai-sheet">
          <h3>{open === 'summary' ? t('aiChat.summary') : t('aiChat.recap')}</h3>
          {!shown.data ? (
            <p>{t('aiChat.loading')}</p>
          ) : (
            <>
              <p data-testid="reader-ai-text">{shown.data.text || t('aiChat.recapEmpty')}</p>
              {shown.data.sources.length > 0 && (
                <small>{t('aiChat.sources', { list: shown.data.sources.join(' · ') })}</small>
              )}
            </>
          )}
        </div>
      </Popup>
    </>
  );
}
