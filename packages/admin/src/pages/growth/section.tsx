/** Growth: ads, the app's update config, tasks, invites, start-up settings, texts and themes. */
import { RiseOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import type { ConsoleSection } from '../../section-types';
import { AdEditPage } from './ads/AdEditPage';
import { AdsListPage } from './ads/AdsListPage';
import { UpdateConfigPage } from './UpdateConfigPage';
import { InvitesPage } from './InvitesPage';
import { StartupPage } from './StartupPage';
import { TasksPage } from './TasksPage';
import { TextsPage } from './TextsPage';
import { ThemePage } from './ThemePage';

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
    {
      name: 'growth/tasks',
      list: '/growth/tasks',
      meta: { parent: 'growth', label: t('growthset.tasks.menu') },
    },
    {
      name: 'growth/invitations',
      list: '/growth/invites',
      meta: { parent: 'growth', label: t('growthset.invites.menu') },
    },
    {
      name: 'growth/start-settings',
      list: '/growth/startup',
      meta: { parent: 'growth', label: t('growthset.startup.menu') },
    },
    {
      name: 'growth/texts',
      list: '/growth/texts',
      meta: { parent: 'growth', label: t('growthset.texts.menu') },
    },
    {
      name: 'growth/theme',
      list: '/growth/theme',
      meta: { parent: 'growth', label: t('apptheme.menu') },
    },
  ],
  routes: (
    <Route path="growth" key="growth">
      <Route path="ads" element={<AdsListPage />} />
      <Route path="ads/new" element={<AdEditPage />} />
      <Route path="ads/:id/edit" element={<AdEditPage key="edit" />} />
      <Route path="update" element={<UpdateConfigPage />} />
      <Route path="tasks" element={<TasksPage />} />
      <Route path="invites" element={<InvitesPage />} />
      <Route path="startup" element={<StartupPage />} />
      <Route path="texts" element={<TextsPage />} />
      <Route path="theme" element={<ThemePage />} />
    </Route>
  ),
};
