import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../../lib/router';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { PageLoading } from '../../../components/page-state/PageLoading';
import { QueryError } from '../../../components/query-state/QueryError';
import { formatMoney, groupThousands, localDate } from '../../../lib/money';
import { EXPENSE_LOG_PATH, ORDER_LOG_PATH, payHref } from '../../../lib/money-paths';
import { useProducts } from '../../../state/queries/money';
import type { PageProps } from '../../page-props';
import { ProductBadge } from './product-labels';
import { useBack } from './use-back';
import '../../../components/money/money.css';
import './vip.css';

/**
 * Balance (/pages/user/vip/balance; guarded): paid coins, bonus coins and when the soonest bonus
 * expires, the coin packages (tap one to pay), and the order and spending logs.
 */
export default function BalancePage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const back = useBack();
  const products = useProducts();
  const data = products.data;

  let body;
  if (products.isError) body = <QueryError onRetry={() => void products.refetch()} />;
  else if (!data) body = <PageLoading />;
  else {
    const { wallet } = data;
    body = (
      <>
        <section className="balance-hero" data-testid="balance-wallet" aria-busy={products.isFetching}>
          <div className="balance-hero__main">
            <span>{t('balance.paid')}</span>
            <strong data-testid="balance-coins">{groupThousands(wallet.cion)}</strong>
          </div>
          <div className="balance-hero__main">
            <span>{t('balance.bonus')}</span>
            <strong data-testid="balance-bonus">{groupThousands(wallet.ticket)}</strong>
          </div>
          {wallet.bonus_expiring && (
            <p className="balance-hero__note" data-testid="balance-expiring">
              {t('balance.bonusExpiring', {
                count: wallet.bonus_expiring.coins,
                n: groupThousands(wallet.bonus_expiring.coins),
                date: localDate(wallet.bonus_expiring.expires_time, i18n.language),
              })}
            </p>
          )}
        </section>

        <section className="money-card">
          <h2 className="money-card__title">{t('balance.packagesTitle')}</h2>
          <div className="product-grid">
            {data.coin_packages.map((pkg) => (
              <button
                key={pkg.id}
                type="button"
                className="product-tile"
                data-testid={`balance-package-${pkg.id}`}
                onClick={() => navigate(payHref('coins', pkg.id, back))}
              >
                <ProductBadge badge={pkg.badge} />
                <strong className="balance-package__coins">{groupThousands(pkg.coins)}</strong>
                <span className="balance-package__unit">{t('balance.coinsUnit', { count: pkg.coins })}</span>
                <span className="balance-package__bonus">
                  {pkg.bonus > 0 ? t('balance.plusBonus', { n: groupThousands(pkg.bonus) }) : '\u00a0'}
                </span>
                <span className="balance-package__days">
                  {pkg.bonus > 0 ? t('balance.bonusDays', { count: pkg.bonus_days }) : '\u00a0'}
                </span>
                <span className="balance-package__price">{formatMoney(pkg.price_fen, data.currency)}</span>
              </button>
            ))}
          </div>
          <p className="vip-note">{t('balance.bonusRule')}</p>
        </section>

        <nav className="money-links">
          <Link to={ORDER_LOG_PATH} data-testid="balance-orders">
            {t('user.entryOrders')}
          </Link>
          <Link to={EXPENSE_LOG_PATH} data-testid="balance-expenses">
            {t('user.entryExpenses')}
          </Link>
        </nav>
      </>
    );
  }

  return (
    <div className="page money-page" data-testid="balance-page">
      <NavBar title={t(route.titleKey)} />
      {body}
    </div>
  );
}
