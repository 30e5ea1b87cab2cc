import { Button } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../lib/router';
import { vipHref } from '../../lib/money-paths';
import { UnlockSheet } from './UnlockSheet';
import './locked-chapter.css';

export type LockReason = 'vip' | 'coins';

interface LockedChapterProps {
  /** WorkType of the chapter. */
  type: number;
  chapterId: number;
  chapterName: string;
  reason: LockReason;
  /** Smaller layout for the video stage. */
  compact?: boolean;
}

/**
 * A chapter or episode the session may not open: says why, and offers VIP (VIP chapters) and coins;
 * "Unlock with coins" opens the unlock sheet. The sheet is not opened by itself: a reader who only
 * came to look is not met by a purchase, and the panel's own buttons stay reachable under no mask.
 */
export function LockedChapter({ type, chapterId, chapterName, reason, compact = false }: LockedChapterProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [sheet, setSheet] = useState(false);
  const close = useCallback(() => setSheet(false), []);
  const vip = reason === 'vip';
  return (
    <div
      className={`locked-chapter${compact ? ' locked-chapter--compact' : ''}`}
      data-testid={vip ? 'vip-locked' : 'coin-locked'}
      data-reason={reason}
    >
      <div
        className={`locked-chapter__badge${vip ? '' : ' locked-chapter__badge--coins'}`}
        aria-hidden="true"
      >
        <svg viewBox="0 0 48 48" width="40" height="40">
          <rect x="11" y="21" width="26" height="20" rx="4" fill="currentColor" />
          <path d="M16 21v-5a8 8 0 0 1 16 0v5" fill="none" stroke="currentColor" strokeWidth="4" />
          <circle cx="24" cy="31" r="3" fill="#fff" />
        </svg>
      </div>
      <h2 className="locked-chapter__title">{t(vip ? 'reader.vipTitle' : 'unlock.lockedTitle')}</h2>
      {chapterName && <p className="locked-chapter__chapter">{chapterName}</p>}
      {!compact && <p className="locked-chapter__text">{t(vip ? 'reader.vipText' : 'unlock.lockedText')}</p>}
      <div className="locked-chapter__actions">
        {vip && (
          <Button
            block
            shape="rounded"
            size="large"
            className="locked-chapter__cta"
            data-testid="vip-locked-cta"
            // After buying VIP, the pay page's "Continue" comes back to this chapter.
            onClick={() => navigate(vipHref(`${location.pathname}${location.search}`))}
          >
            {t('reader.vipCta')}
          </Button>
        )}
        <Button
          block
          shape="rounded"
          size="large"
          // The secondary way on a VIP chapter is outlined; a coin chapter's only way is the theme colour.
          color={vip ? 'default' : 'primary'}
          fill={vip ? 'outline' : 'solid'}
          className={vip ? 'locked-chapter__buy' : undefined}
          data-testid="unlock-open"
          onClick={() => setSheet(true)}
        >
          {t('unlock.open')}
        </Button>
      </div>
      <UnlockSheet
        visible={sheet}
        onClose={close}
        type={type}
        chapterId={chapterId}
        chapterName={chapterName}
      />
    </div>
  );
}
