/** Growth (so far): ads and the app's update config. Tasks, invites, start-up settings and texts are still to come. */
import { RiseOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import type { ConsoleSection } from '../../sections';
import { AdEditPage } from './ads/AdEditPage';
import { AdsListPage } from './ads/AdsListPage';
import { UpdateConfigPage } from './UpdateConfigPage';

export const growthSection: ConsoleSection = {
  resources: (t) => [
    { name: 'growth', meta: { label: t('growth.menu'), icon: <RiseOutlined /> } },
    {
      name: 'growth/ads',
      list: '/growth/ads',
      create: '/growth/ads/new',
      edit: '/growth/ads/:id/edit',
      meta: { parent: 'growth', label: t('ads.menu') },
    },
    {
      name: 'growth/update-config',
      list: '/growth/update',
      meta: { parent: 'growth', label: t('growth.update') },
    },
  ],
  routes: (
    <Route path="growth" key="growth">
      <Route path="ads" element={<AdsListPage />} />
      <Route path="ads/new" element={<AdEditPage />} />
      <Route path="ads/:id/edit" element={<AdEditPage key="edit" />} />
      <Route path="update" element={<UpdateConfigPage />} />
    </Route>
  ),
};
