import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { EmptyState } from '../../../components/empty-state/EmptyState';
import { PageLoading } from '../../../components/page-state/PageLoading';
import { QueryError } from '../../../components/query-state/QueryError';
import { track } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api/errors';
import { clearIntentKey } from '../../../lib/intent-key';
import { formatMoney } from '../../../lib/money';
import { payPageUrl, type ProductType } from '../../../lib/money-paths';
import { useProducts } from '../../../state/queries/money';
import { isLoggedIn } from '../../../state/session';
import { useSession } from '../../../state/use-session';
import { LOGIN_PATH } from '../../route-table';
import { payScope, placeOrder, rememberOrder } from './pay-flow';
import { useProductNames } from './product-labels';
import { useBack } from './use-back';
import { MoneyButton } from '../../../components/money/MoneyButton';

const KNOWN_METHODS = ['cashier', 'stripe'];
const LEAVE_DELAY_MS = 400;

/** The product, the payment methods and the confirm button; confirming leaves for the payment page. */
export function PayIntent({ type, id }: { type: ProductType; id: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const back = useBack();
  const names = useProductNames();
  const products = useProducts();
  const [picked, setPicked] = useState<string | null>(null);
  // A double tap answers the same order twice: count it and leave for its payment page once (a
  // second navigation would abort the first one mid-load).
  const leavingFor = useRef<string | null>(null);
  const place = useMutation({
    mutationFn: (method: string) => placeOrder(type, id, method),
    onSuccess: ({ order, pay_url, scope }) => {
      if (leavingFor.current === order.order_no) return;
      leavingFor.current = order.order_no;
      rememberOrder(order.order_no, { scope, back });
      track('order_place', {
        label: order.order_no,
        params: { type, product_id: id, method: order.method, amount_fen: order.amount_fen },
        value: order.amount_fen,
      });
      // A short beat on "Opening the payment page…" before leaving: a double tap lands on this page
      // (same key, same order) instead of on the payment page that is loading.
      window.setTimeout(() => window.location.assign(payPageUrl(pay_url, i18n.language)), LEAVE_DELAY_MS);
    },
    onError: (error, method) => {
      // A refusal is final for this intent; after a lost answer the retry must reuse the key.
      if (!(error instanceof ApiError && (error.kind === 'transport' || error.kind === 'offline')))
        clearIntentKey(payScope(type, id, method));
    },
  });

  // Back from the payment page through the browser's page cache: the button must work again.
  const { reset } = place;
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      leavingFor.current = null;
      reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);

  const data = products.data;
  if (products.isError) return <QueryError onRetry={() => void products.refetch()} />;
  if (!data) return <PageLoading />;
  const plan = type === 'vip' ? data.vip_plans.find((p) => p.id === id) : undefined;
  const pkg = type === 'coins' ? data.coin_packages.find((p) => p.id === id) : undefined;
  const product = plan ?? pkg;
  if (!product) return <EmptyState kind="soon" title={t('pay.productMissing')} testId="pay-missing" />;

  const title = plan ? names.vipTitle(plan) : names.coinsTitle(pkg!);
  const method = data.methods.find((m) => m.id === picked) ?? data.methods[0];
  // Leaving for the payment page takes a moment: the button says so until the page unloads. It stays
  // tappable on purpose: a second tap sends the same idempotency key and gets the same order back.
  const busy = place.isPending || place.isSuccess;
  // Once the order exists, its own amount is the price: a first-purchase price already held by
  // another open order of this user makes this one the list price.
  const amountFen = place.data?.order.amount_fen ?? product.price_fen;

  return (
    <>
      <section className="money-card pay-product" data-testid="pay-product">
        <span className="pay-product__label">{t('pay.product')}</span>
        <strong className="pay-product__title" data-testid="pay-product-title">
          {title}
        </strong>
        {plan && <span className="pay-product__meta">{t('vip.planDays', { count: plan.days })}</span>}
        <span className="pay-product__amount" data-testid="pay-amount">
          {formatMoney(amountFen, data.currency)}
        </span>
        {plan?.first_offer === 1 && plan.list_price_fen > amountFen && (
          <s className="pay-product__list">{formatMoney(plan.list_price_fen, data.currency)}</s>
        )}
      </section>

      <section className="money-card">
        <h2 className="money-card__title">{t('pay.methodTitle')}</h2>
        {data.methods.length === 0 ? (
          <p className="vip-note" data-testid="pay-no-methods">
            {t('pay.noMethods')}
          </p>
        ) : (
          <div className="pay-methods" role="radiogroup" aria-label={t('pay.methodTitle')}>
            {data.methods.map((m) => (
              <button
                key={m.id}
                type="button"
                role="radio"
                aria-checked={m === method}
                className={`pay-method${m === method ? ' pay-method--on' : ''}`}
                data-testid={`pay-method-${m.id}`}
                onClick={() => setPicked(m.id)}
              >
                <span className="pay-method__icon" aria-hidden="true">
                  {m.id === 'stripe' ? '▭' : '¥'}
                </span>
                <span className="pay-method__name">
                  {KNOWN_METHODS.includes(m.id) ? t(`pay.method.${m.id}`) : m.name}
                </span>
                <span className="pay-method__dot" aria-hidden="true" />
              </button>
            ))}
          </div>
        )}
      </section>

      {method && (
        <div className="money-dock">
          <MoneyButton
            testId="pay-confirm"
            busy={busy}
            onClick={() => {
              // Orders belong to accounts: a guest logs in first (the server would refuse anyway).
              if (!isLoggedIn(session)) navigate(LOGIN_PATH);
              else place.mutate(method.id);
            }}
          >
            {busy
              ? t('pay.redirecting')
              : t('pay.confirm', { price: formatMoney(product.price_fen, data.currency) })}
          </MoneyButton>
        </div>
      )}
    </>
  );
}
