import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { useAiHelper } from '../../state/queries/ai-chat';

interface ReaderAiSheetProps {
  /** Which helper's text the sheet shows, or null when it is closed. */
  open: 'recap' | 'summary' | null;
  onClose: () => void;
  /** The helper's answer once it has come in. */
  data: ReturnType<typeof useAiHelper>['data'];
}

/**
 * The bottom sheet with an AI helper's text. A module of its own: antd's Popup (with its animation
 * and gesture libraries) loads on the first tap on a chip, not with the reader.
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
            <p data-testid="reader-ai-text">{data.text || t('aiChat.recapEmpty')}</p>
            {data.sources.length > 0 && (
              <small>{t('aiChat.sources', { list: data.sources.join(' · ') })}</small>
            )}
          </>
        )}
      </div>
    </Popup>
  );
}
