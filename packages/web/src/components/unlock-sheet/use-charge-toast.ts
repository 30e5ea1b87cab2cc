import type { ChargeNotice } from '@dm51/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showBottomToast } from '../../lib/api/lazy-toast';
import { groupThousands } from '../../lib/money';

/** Chapters whose auto-unlock charge was already announced in this tab (the answer is cached and refetched). */
const announced = new Set<number>();

/**
 * When a read or play answer says auto-unlock charged coins to open it, say so once:
 * "Auto-unlocked: −N coins (balance M)". Once per chapter, however often the answer is read again.
 */
export function useChargeToast(chapterId: number, charged: ChargeNotice | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!charged || announced.has(chapterId)) return;
    announced.add(chapterId);
    showBottomToast(
      t('unlock.charged', {
        coins: groupThousands(charged.coins),
        balance: groupThousands(charged.cion + charged.ticket),
      }),
    );
  }, [chapterId, charged, t]);
}
