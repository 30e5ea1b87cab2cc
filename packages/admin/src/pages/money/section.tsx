/** Money: payment orders and refunds, VIP plans and coin packages with chapter prices, revenue. */
import { PayCircleOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import type { ConsoleSection } from '../../section-types';
import { OrderListPage } from './OrderListPage';
import { OrderShowPage } from './OrderShowPage';
import { ProductsPage } from './ProductsPage';
import { RevenuePage } from './RevenuePage';

export const moneySection: ConsoleSection = {
  resources: (t) => [
    { name: 'money', meta: { label: t('money.menu'), icon: <PayCircleOutlined /> } },
    {
      name: 'money/orders',
      list: '/money/orders',
      show: '/money/orders/:id',
      meta: { parent: 'money', label: t('money.orders') },
    },
    {
      name: 'money/vip-plans',
      list: '/money/products',
      meta: { parent: 'money', label: t('money.products') },
    },
    { name: 'money/revenue', list: '/money/revenue', meta: { parent: 'money', label: t('money.revenue') } },
  ],
  routes: (
    <Route path="money" key="money">
      <Route path="orders" element={<OrderListPage />} />
      <Route path="orders/:id" element={<OrderShowPage />} />
      <Route path="products" element={<ProductsPage />} />
      <Route path="revenue" element={<RevenuePage />} />
    </Route>
  ),
};
