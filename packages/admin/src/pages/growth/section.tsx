/** Growth (so far): the app's update config. Tasks, invites, ads, start-up settings and texts are still to come. */
import { RiseOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import type { ConsoleSection } from '../../sections';
import { UpdateConfigPage } from './UpdateConfigPage';

export const growthSection: ConsoleSection = {
  resources: (t) => [
    { name: 'growth', meta: { label: t('growth.menu'), icon: <RiseOutlined /> } },
    {
      name: 'growth/update-config',
      list: '/growth/update',
      meta: { parent: 'growth', label: t('growth.update') },
    },
  ],
  routes: (
    <Route path="growth" key="growth">
      <Route path="update" element={<UpdateConfigPage />} />
    </Route>
  ),
};
