import type { CoinPackage, VipPlan } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { groupThousands } from '../../../lib/money';

const KNOWN_BADGES = ['first_offer', 'best_value', 'popular'];
const KNOWN_PLANS = ['monthly', 'quarterly', 'yearly'];

/** A plan's or package's marketing badge: our codes translated, an operator's own text as written. */
export function ProductBadge({ badge }: { badge: string }) {
  const { t } = useTranslation();
  if (!badge) return null;
  return (
    <span className="product-badge">{KNOWN_BADGES.includes(badge) ? t(`vip.badge.${badge}`) : badge}</span>
  );
}

/** Names for plans and packages in the reader's language (the server's `name` for an operator's own plan). */
export function useProductNames() {
  const { t } = useTranslation();
  const plan = (p: Pick<VipPlan, 'code' | 'name'>) =>
    KNOWN_PLANS.includes(p.code) ? t(`vip.plan.${p.code}`) : p.name;
  return {
    plan,
    vipTitle: (p: Pick<VipPlan, 'code' | 'name'>) => t('pay.productVip', { name: plan(p) }),
    coinsTitle: (p: Pick<CoinPackage, 'coins' | 'bonus'>) =>
      p.bonus > 0
        ? t('pay.productCoinsBonus', { coins: groupThousands(p.coins), bonus: groupThousands(p.bonus) })
        : t('pay.productCoins', { coins: groupThousands(p.coins) }),
  };
}
