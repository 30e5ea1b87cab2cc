/** Users: search, and a user's page (profile, devices, sessions, wallet, orders, ledger, comments). */
import { TeamOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import type { ConsoleSection } from '../../section-types';
import { UserListPage } from './UserListPage';
import { UserShowPage } from './UserShowPage';

export const usersSection: ConsoleSection = {
  resources: (t) => [
    {
      name: 'users',
      list: '/users',
      show: '/users/:id',
      meta: { label: t('menu.users'), icon: <TeamOutlined /> },
    },
  ],
  routes: (
    <Route path="users" key="users">
      <Route index element={<UserListPage />} />
      <Route path=":id" element={<UserShowPage />} />
    </Route>
  ),
};
