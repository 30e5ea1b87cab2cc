import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { useAiHelper } from '../../state/queries/ai-chat';
import { passagesByChapter } from './chat-availability';

interface ReaderAiSheetProps {
  /** Which helper's text the sheet shows, or null when it is closed. */
  open: 'recap' | 'summary' | null;
  onClose: () => void;
  /** The helper's answer once it has come in. */
  data: ReturnType<typeof useAiHelper>['data'];
}

/**
 * The bottom sheet with an AI helper's text. A module of its own: antd's Popup (with its animation
 * and gesture libraries) loads on the first tap on a chip, not with the reader. An extractive
 * answer (no model wrote it) is shown as what it is: "From the text", quotations, their chapter.
 */
export function ReaderAiSheet({ open, onClose, data }: ReaderAiSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={open !== null} onMaskClick={onClose} bodyStyle={{ borderRadius: '14px 14px 0 0' }}>
      <div className="reader-ai-sheet" data-testid="reader-ai-sheet">
        <h3>{open === 'summary' ? t('aiChat.summary') : t('aiChat.recap')}</h3>
        {!data ? (
          <p>{t('aiChat.loading')}</p>
        ) : (
          <>
            {data.extractive === 1 && data.passages.length > 0 ? (
              <div data-testid="reader-ai-text" data-extractive="1">
                <p className="reader-ai-sheet__label" data-testid="reader-ai-from-text">
                  {t('aiChat.fromText')}
                </p>
                {passagesByChapter(data.passages).map((group, index) => (
                  <blockquote key={`${group.chapter}-${index}`} data-testid="reader-ai-passage">
                    {/* The blockquote marks them as quotations; many already open with a quote mark. */}
                    {group.texts.map((text, i) => (
                      <p key={i}>{text}</p>
                    ))}
                    <cite>{t('aiChat.passageFrom', { chapter: group.chapter })}</cite>
                  </blockquote>
                ))}
                <p className="reader-ai-sheet__hint">{t('aiChat.fromTextHint')}</p>
              </div>
            ) : (
              <p data-testid="reader-ai-text">{data.text || t('aiChat.recapEmpty')}</p>
            )}
            {data.sources.length > 0 && (
              <small>{t('aiChat.sources', { list: data.sources.join(' · ') })}</small>
            )}
          </>
        )}
      </div>
    </Popup>
  );
}
