import type { Order } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { OrderStatusTag } from '../../components/money/OrderStatusTag';
import { formatMoney } from '../../lib/money';
import { orderHref } from '../../lib/money-paths';
import { useRelativeTime } from '../../lib/relative-time';
import { useOrderLog } from '../../state/queries/money';
import type { PageProps } from '../page-props';
import { MoneyLogPage } from './MoneyLogPage';

function OrderRow({ order, onOpen }: { order: Order; onOpen: (() => void) | null }) {
  const when = useRelativeTime();
  const content = (
    <>
      <span className="money-row__body">
        <span className="money-row__title">{order.title}</span>
        <span className="money-row__meta">{when(order.created_time)}</span>
      </span>
      <span className="money-row__side">
        {formatMoney(order.amount_fen, order.currency)}
        <OrderStatusTag status={order.status} testId="order-status" />
      </span>
    </>
  );
  // Only a waiting order has somewhere to go: its pay page (continue paying or cancel).
  return onOpen ? (
    <button
      type="button"
      className="money-row"
      data-testid="order-row"
      data-order={order.order_no}
      onClick={onOpen}
    >
      {content}
    </button>
  ) : (
    <div className="money-row" data-testid="order-row" data-order={order.order_no}>
      {content}
    </div>
  );
}

/** Orders (/pages/quest/orderLog): top-ups and VIP purchases, newest first. */
export default function OrderLogPage({ route }: PageProps) {
  const { t } = useTranslation();
  const list = useOrderLog();
  const navigate = useNavigate();
  return (
    <MoneyLogPage
      route={route}
      list={list}
      testId="order-log-page"
      listTestId="order-list"
      empty={{ title: t('moneyLog.ordersEmpty'), hint: t('moneyLog.ordersEmptyHint') }}
    >
      {(items) =>
        items.map((order) => (
          <OrderRow
            key={order.order_no}
            order={order}
            onOpen={order.status === 'created' ? () => navigate(orderHref(order.order_no)) : null}
          />
        ))
      }
    </MoneyLogPage>
  );
}
