import { ApiCode, type Order, type Wallet } from '@dm51/shared';
import { payCancelCall } from '@dm51/shared/call-refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { EmptyState } from '../../../components/empty-state/EmptyState';
import { PageLoading } from '../../../components/page-state/PageLoading';
import { QueryError } from '../../../components/query-state/QueryError';
import { track } from '../../../lib/analytics';
import { callApi } from '../../../lib/api/client';
import { isApiCode } from '../../../lib/api/errors';
import { formatMoney, groupThousands, localDate } from '../../../lib/money';
import { BALANCE_PATH, payHref, payPageUrl, VIP_PATH } from '../../../lib/money-paths';
import { invalidateUnlocked } from '../../../state/queries/money';
import { moneyKeys } from '../../../state/queries/query-keys';
import { finishIntent, firstSuccessSighting, pendingOrder, placeOrder, rememberOrder } from './pay-flow';
import { isWaiting, useOrderPoll } from './use-order-poll';
import { MoneyButton } from '../../../components/money/MoneyButton';

function eventParams(order: Order) {
  return {
    type: order.product_type,
    product_id: order.product_id,
    method: order.method,
    amount_fen: order.amount_fen,
  };
}

/** What a fulfilled order added and where the wallet stands now. */
function Added({ order, wallet }: { order: Order; wallet: Wallet }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="pay-added" data-testid="pay-added">
      {order.coins > 0 && (
        <div>
          <dt>{t('balance.paid')}</dt>
          <dd className="money-plus">+{groupThousands(order.coins)}</dd>
        </div>
      )}
      {order.bonus > 0 && (
        <div>
          <dt>{t('balance.bonus')}</dt>
          <dd className="money-plus">+{groupThousands(order.bonus)}</dd>
        </div>
      )}
      {order.vip_days > 0 && (
        <div>
          <dt>VIP</dt>
          <dd className="money-plus">{t('pay.vipAdded', { count: order.vip_days })}</dd>
        </div>
      )}
      {order.product_type === 'vip' ? (
        <div data-testid="pay-new-expiry">
          <dt>{t('pay.newExpiry')}</dt>
          <dd>{localDate(wallet.viptime, i18n.language)}</dd>
        </div>
      ) : (
        <div data-testid="pay-new-balance">
          <dt>{t('pay.newBalance')}</dt>
          <dd>
            {t('unlock.balanceSplit', {
              cion: groupThousands(wallet.cion),
              ticket: groupThousands(wallet.ticket),
            })}
          </dd>
        </div>
      )}
    </dl>
  );
}

const ICONS: Record<'ok' | 'wait' | 'stop', string> = { ok: '✓', wait: '…', stop: '!' };

/** An order after the payment page: confirmed, polled while waiting, then its result. */
export function PayOrder({ orderNo }: { orderNo: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { query, timedOut, again } = useOrderPoll(orderNo);
  const order = query.data?.order;
  const status = order?.status;
  const pending = pendingOrder(orderNo);

  // The money is in (or the order is dead): close the intent, refresh balances, count the sale once.
  useEffect(() => {
    if (!order || isWaiting(order.status)) {
      if (order?.status === 'paid') finishIntent(order.order_no);
      return;
    }
    finishIntent(order.order_no);
    if (order.status !== 'fulfilled') return;
    // Coins or VIP time arrived; VIP opens chapters and a top-up may count for a task.
    invalidateUnlocked(client);
    if (firstSuccessSighting(order.order_no))
      track('pay_success', { label: order.order_no, params: eventParams(order), value: order.amount_fen });
    // Only the status matters here; the order object is new on every poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order?.order_no, order?.status, client]);

  const cancel = useMutation({
    mutationFn: () => callApi(payCancelCall, { order_no: orderNo }),
    onSuccess: ({ order: cancelled }) => {
      client.setQueryData(moneyKeys.order(orderNo), (old: typeof query.data) =>
        old ? { ...old, order: cancelled } : old,
      );
      void client.invalidateQueries({ queryKey: moneyKeys.orders });
      track('order_cancel', { label: orderNo, params: eventParams(cancelled), value: cancelled.amount_fen });
    },
    // ORDER_STATE: it was paid meanwhile; the fresh answer shows that.
    onError: () => void query.refetch(),
  });

  const resume = useMutation({
    mutationFn: (o: Order) => placeOrder(o.product_type, o.product_id, o.method),
    onSuccess: ({ order: placed, pay_url, scope }) => {
      rememberOrder(placed.order_no, { scope, back: pending?.back ?? null });
      window.location.assign(payPageUrl(pay_url, i18n.language));
    },
  });

  if (isApiCode(query.error, ApiCode.ORDER_NOT_FOUND))
    return <EmptyState kind="soon" title={t('pay.orderNotFound')} testId="pay-not-found" />;
  if (query.isError) return <QueryError onRetry={() => void query.refetch()} />;
  if (!order || !status || !query.data) return <PageLoading />;

  // Over without the money moving: the same purchase can be tried again.
  const dead = status === 'cancelled' || status === 'expired' || status === 'failed';
  const mood = status === 'fulfilled' ? 'ok' : isWaiting(status) ? 'wait' : 'stop';
  const productPath = order.product_type === 'vip' ? VIP_PATH : BALANCE_PATH;
  const back = pending?.back ?? productPath;
  const leave = (path: string) => navigate(path, { replace: true });

  return (
    <section className="money-card pay-result" data-testid="pay-result" data-status={status}>
      <div className={`pay-result__icon pay-result__icon--${mood}`} aria-hidden="true">
        {ICONS[mood]}
      </div>
      <h2 className="pay-result__status" data-testid="pay-result-status" data-status={status}>
        {timedOut ? t('pay.stillWaiting') : t(`pay.status.${status}`)}
      </h2>
      <p className="pay-result__hint">{t(`pay.statusHint.${status}`)}</p>
      {order.reason && (status === 'failed' || status === 'refunded') && (
        <p className="pay-result__reason" data-testid="pay-result-reason">
          {t('pay.reason', { reason: order.reason })}
        </p>
      )}

      <dl className="pay-summary">
        <div>
          <dt>{t('pay.product')}</dt>
          <dd data-testid="pay-result-title">{order.title}</dd>
        </div>
        <div>
          <dt>{t('pay.amount')}</dt>
          <dd>{formatMoney(order.amount_fen, order.currency)}</dd>
        </div>
        <div>
          <dt>{t('pay.orderNo')}</dt>
          <dd className="pay-summary__no">{order.order_no}</dd>
        </div>
      </dl>

      {status === 'fulfilled' && <Added order={order} wallet={query.data.wallet} />}

      <div className="pay-result__actions">
        {status === 'fulfilled' && (
          <>
            <MoneyButton testId="pay-back" onClick={() => leave(back)}>
              {pending?.back
                ? t('pay.continue')
                : t(order.product_type === 'vip' ? 'pay.toVip' : 'pay.toBalance')}
            </MoneyButton>
            {order.product_type === 'coins' && (
              <MoneyButton testId="pay-to-vip" variant="ghost" onClick={() => leave(VIP_PATH)}>
                {t('pay.toVip')}
              </MoneyButton>
            )}
          </>
        )}
        {status === 'created' && (
          <>
            <MoneyButton
              testId="pay-resume"
              disabled={resume.isPending}
              onClick={() =>
                pending ? resume.mutate(order) : navigate(payHref(order.product_type, order.product_id))
              }
            >
              {t('pay.continuePay')}
            </MoneyButton>
            <MoneyButton
              testId="pay-cancel"
              variant="ghost"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              {t('pay.cancelOrder')}
            </MoneyButton>
          </>
        )}
        {timedOut && (
          <MoneyButton testId="pay-refresh" variant="ghost" onClick={again}>
            {t('pay.refresh')}
          </MoneyButton>
        )}
        {dead && (
          <MoneyButton
            testId="pay-again"
            onClick={() => leave(payHref(order.product_type, order.product_id, pending?.back))}
          >
            {t('pay.payAgain')}
          </MoneyButton>
        )}
        {(dead || status === 'refunded') && (
          <MoneyButton testId="pay-back" variant="ghost" onClick={() => leave(back)}>
            {t('common.back')}
          </MoneyButton>
        )}
      </div>
    </section>
  );
}
