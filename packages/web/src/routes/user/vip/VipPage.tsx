import type { VipPlan } from '@dm51/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { EntryGlyph } from '../../../components/icons/EntryGlyph';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { PageLoading } from '../../../components/page-state/PageLoading';
import { QueryError } from '../../../components/query-state/QueryError';
import { formatMoney, localDate, perDayFen } from '../../../lib/money';
import { ASSIST_PATH, payHref } from '../../../lib/money-paths';
import { useProducts } from '../../../state/queries/money';
import type { PageProps } from '../../page-props';
import { bestValuePlanId, planBadge } from './best-value';
import { ProductBadge, useProductNames } from './product-labels';
import { useBack } from './use-back';
import { MoneyButton } from '../../../components/money/MoneyButton';
import '../../../components/money/money.css';
import './vip.css';

/** What VIP gives, and nothing it does not: no early access, no ad-free promise. */
const BENEFITS = [
  { key: 'benefitComics', glyph: 'grid' },
  { key: 'benefitNovels', glyph: 'log' },
  { key: 'benefitAnime', glyph: 'play' },
  { key: 'benefitBadge', glyph: 'follow' },
] as const;

function PlanCard({
  plan,
  currency,
  selected,
  onSelect,
  bestId,
}: {
  plan: VipPlan;
  currency: string;
  /** The computed best-value plan (best-value.ts). */
  bestId: number | null;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const names = useProductNames();
  const badge = planBadge(plan, bestId);
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      className={`product-tile${selected ? ' vip-plan--on' : ''}`}
      data-testid={`vip-plan-${plan.code}`}
      onClick={onSelect}
    >
      <ProductBadge badge={badge} />
      <span className="vip-plan__name">{names.plan(plan)}</span>
      <span className="vip-plan__price" data-testid={`vip-plan-price-${plan.code}`}>
        {formatMoney(plan.price_fen, currency)}
      </span>
      {/* The struck list price, or an empty line of the same height so the three cards align. */}
      {plan.first_offer === 1 && plan.list_price_fen > plan.price_fen ? (
        <s className="vip-plan__list">{formatMoney(plan.list_price_fen, currency)}</s>
      ) : (
        <span className="vip-plan__list" aria-hidden="true">
          {'\u00a0'}
        </span>
      )}
      <span className="vip-plan__day">
        {t('vip.perDay', { price: formatMoney(perDayFen(plan.price_fen, plan.days), currency) })}
      </span>
    </button>
  );
}

/** VIP (/pages/user/vip/vip; guarded): status, plans, what VIP gives, and the way to pay. */
export default function VipPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const back = useBack();
  const products = useProducts();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const data = products.data;
  const plans = data?.vip_plans ?? [];
  const bestId = bestValuePlanId(plans);
  // Preselect the best-value plan, as the stores do; else the first.
  const chosen =
    plans.find((plan) => plan.id === chosenId) ?? plans.find((plan) => plan.id === bestId) ?? plans[0];
  const wallet = data?.wallet;
  const active = !!wallet && wallet.vip === 1;

  let body;
  if (products.isError) body = <QueryError onRetry={() => void products.refetch()} />;
  else if (!data || !wallet) body = <PageLoading />;
  else
    body = (
      <>
        <section className={`vip-hero${active ? ' vip-hero--on' : ''}`} data-testid="vip-status">
          <div className="vip-hero__crown" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="28" height="28">
              <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" fill="currentColor" />
            </svg>
          </div>
          <div className="vip-hero__text">
            <strong data-testid="vip-status-title">
              {t(active ? 'vip.activeTitle' : 'vip.inactiveTitle')}
            </strong>
            <span data-testid="vip-status-detail">
              {active
                ? t('vip.activeDetail', {
                    date: localDate(wallet.viptime, i18n.language),
                    count: wallet.vipday,
                  })
                : t('vip.inactiveHint')}
            </span>
          </div>
        </section>

        <section className="money-card">
          <h2 className="money-card__title">{t('vip.plansTitle')}</h2>
          <div className="product-grid" role="radiogroup" aria-label={t('vip.plansTitle')}>
            {plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                currency={data.currency}
                selected={plan === chosen}
                bestId={bestId}
                onSelect={() => setChosenId(plan.id)}
              />
            ))}
          </div>
          {chosen?.first_offer === 1 && (
            <p className="vip-note" data-testid="vip-first-offer">
              {t('vip.firstOfferNote', { price: formatMoney(chosen.list_price_fen, data.currency) })}
            </p>
          )}
        </section>

        <section className="money-card">
          <h2 className="money-card__title">{t('vip.benefitsTitle')}</h2>
          <ul className="vip-benefits">
            {BENEFITS.map((benefit) => (
              <li key={benefit.key}>
                <span className="vip-benefits__icon">
                  <EntryGlyph name={benefit.glyph} size={20} />
                </span>
                {t(`vip.${benefit.key}`)}
              </li>
            ))}
          </ul>
        </section>

        <button
          type="button"
          className="vip-assist"
          data-testid="vip-assist"
          onClick={() => navigate(ASSIST_PATH)}
        >
          <EntryGlyph name="gift" size={20} />
          <span>{t('vip.assistLink')}</span>
          <span aria-hidden="true">›</span>
        </button>

        {chosen && (
          <div className="money-dock">
            <MoneyButton
              testId="vip-buy"
              variant="vip"
              onClick={() => navigate(payHref('vip', chosen.id, back))}
            >
              {t(active ? 'vip.renew' : 'vip.buy', { price: formatMoney(chosen.price_fen, data.currency) })}
            </MoneyButton>
          </div>
        )}
      </>
    );

  return (
    <div className="page money-page" data-testid="vip-page">
      <NavBar title={t(route.titleKey)} />
      {body}
    </div>
  );
}
