/** Tags beside an order's status: a payment that arrived after it closed, and a first-purchase price. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { latePaymentKey, type AdminOrder } from './types';

export function OrderFlags({ order }: { order: Pick<AdminOrder, 'latePayment' | 'status' | 'firstPrice'> }) {
  const { t } = useTranslation();
  const late = latePaymentKey(order);
  return (
    <>
      {late ? (
        <Tag color="volcano" data-testid="order-late-payment">
          {t(late)}
        </Tag>
      ) : null}
      {order.firstPrice === 1 ? (
        <Tag data-testid="order-first-price">{t('money.firstPriceOrder')}</Tag>
      ) : null}
    </>
  );
}
