/** System: health, versions, sizes, configuration, the audit log, lock-outs and operators. */
import { SettingOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import type { ConsoleSection } from '../../section-types';
import { AuditLogPage } from './AuditLogPage';
import { ConfigPage } from './ConfigPage';
import { HealthPage } from './HealthPage';
import { LockoutsPage } from './LockoutsPage';
import { OperatorsPage } from './OperatorsPage';
import { SizesPage } from './SizesPage';
import { VersionsPage } from './VersionsPage';

export const systemSection: ConsoleSection = {
  resources: (t) => [
    { name: 'system', meta: { label: t('menu.system'), icon: <SettingOutlined /> } },
    {
      name: 'system/health',
      list: '/system/health',
      meta: { parent: 'system', label: t('sysai.menu.health') },
    },
    {
      name: 'system/versions',
      list: '/system/versions',
      meta: { parent: 'system', label: t('sysai.menu.versions') },
    },
    { name: 'system/sizes', list: '/system/sizes', meta: { parent: 'system', label: t('sysai.menu.sizes') } },
    {
      name: 'system/config',
      list: '/system/config',
      meta: { parent: 'system', label: t('sysai.menu.config') },
    },
    { name: 'audit', list: '/system/audit', meta: { parent: 'system', label: t('menu.audit') } },
    // Admins and owners only (api/access-control.ts): operator security.
    { name: 'lockouts', list: '/system/lockouts', meta: { parent: 'system', label: t('lockouts.menu') } },
    // Owners only: hidden from others by the access control provider (api/access-control.ts).
    { name: 'operators', list: '/system/operators', meta: { parent: 'system', label: t('menu.operators') } },
  ],
  routes: (
    <Route path="system" key="system">
      <Route path="health" element={<HealthPage />} />
      <Route path="versions" element={<VersionsPage />} />
      <Route path="sizes" element={<SizesPage />} />
      <Route path="config" element={<ConfigPage />} />
      <Route path="audit" element={<AuditLogPage />} />
      <Route path="lockouts" element={<LockoutsPage />} />
      <Route path="operators" element={<OperatorsPage />} />
    </Route>
  ),
};
