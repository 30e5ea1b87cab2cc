import { bookBuyCall } from '@dm51/shared/call-refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../../lib/api/client';
import './vip-locked.css';

export const VIP_PATH = '/pages/user/vip/vip';

interface VipLockedPanelProps {
  chapterName: string;
  /** Coin price of this chapter alone; 0 hides the buy button (the monetization seam). */
  priceCoins: number;
  chapterId: number;
}

/**
 * A VIP chapter (pay 2) the session may not open: says so plainly and leads to the VIP page (the
 * guard sends guests to login first). Chapters with a coin price also offer buying them alone.
 */
export function VipLockedPanel({ chapterName, priceCoins, chapterId }: VipLockedPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const buy = useMutation({
    mutationFn: () => callApi(bookBuyCall, { chapter_id: chapterId }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reader'] }),
  });
  return (
    <div className="vip-locked" data-testid="vip-locked">
      <div className="vip-locked__badge" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="40" height="40">
          <rect x="11" y="21" width="26" height="20" rx="4" fill="currentColor" />
          <path d="M16 21v-5a8 8 0 0 1 16 0v5" fill="none" stroke="currentColor" strokeWidth="4" />
          <circle cx="24" cy="31" r="3" fill="#fff" />
        </svg>
      </div>
      <h2 className="vip-locked__title">{t('reader.vipTitle')}</h2>
      <p className="vip-locked__chapter">{chapterName}</p>
      <p className="vip-locked__text">{t('reader.vipText')}</p>
      <button
        type="button"
        className="vip-locked__cta"
        data-testid="vip-locked-cta"
        onClick={() => navigate(VIP_PATH)}
      >
        {t('reader.vipCta')}
      </button>
      {priceCoins > 0 && (
        <button
          type="button"
          className="vip-locked__buy"
          data-testid="vip-locked-buy"
          disabled={buy.isPending}
          onClick={() => buy.mutate()}
        >
          {t('reader.buyChapter', { coins: priceCoins })}
        </button>
      )}
    </div>
  );
}
