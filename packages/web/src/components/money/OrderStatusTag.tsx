import type { OrderStatus } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import './money.css';

/** An order's state as a small coloured tag with a short word (order log rows). */
export function OrderStatusTag({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`status-tag status-tag--${status}`} data-testid={testId} data-status={status}>
      {t(`moneyLog.status.${status}`)}
    </span>
  );
}
