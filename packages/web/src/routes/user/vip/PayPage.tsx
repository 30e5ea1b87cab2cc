import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../lib/router';
import { EmptyState } from '../../../components/empty-state/EmptyState';
import { NavBar } from '../../../components/nav-bar/NavBar';
import type { PageProps } from '../../page-props';
import { PayIntent } from './PayIntent';
import { PayOrder } from './PayOrder';
import '../../../components/money/money.css';
import './vip.css';

/**
 * Pay (/pages/user/vip/pay; the spec's default navigation bar). Two moments of one purchase:
 * `?type=vip|coins&id=N` shows the product and the methods and sends the browser to the payment
 * page; the payment page sends it back with `?order=ORDER_NO`, which confirms and shows the result.
 */
export default function PayPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('order') ?? '';
  const type = params.get('type');
  const id = Number(params.get('id') ?? 0);

  let body;
  if (orderNo) body = <PayOrder key={orderNo} orderNo={orderNo} />;
  else if ((type === 'vip' || type === 'coins') && Number.isInteger(id) && id > 0)
    body = <PayIntent type={type} id={id} />;
  else body = <EmptyState kind="soon" title={t('pay.productMissing')} testId="pay-missing" />;

  return (
    <div className="page money-page" data-testid="pay-page">
      <NavBar title={t(route.titleKey)} />
      {body}
    </div>
  );
}
