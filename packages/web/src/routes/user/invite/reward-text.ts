import type { InviteReward } from '@dm51/shared';
import { useTranslation } from 'react-i18next';

/** '50 coins + 24 VIP hours' (in the reader's language), or 'no reward' when a rule pays nothing. */
export function useRewardText(): (reward: InviteReward) => string {
  const { t } = useTranslation();
  return (reward) => {
    const parts = [
      reward.coins > 0 ? t('invite.coins', { count: reward.coins }) : '',
      reward.vip_hours > 0 ? t('invite.vipHours', { count: reward.vip_hours }) : '',
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(t('invite.joiner')) : t('invite.nothing');
  };
}
