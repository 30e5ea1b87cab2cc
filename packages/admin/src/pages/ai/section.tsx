/** AI: providers and prices, usage, and moderation of generated images. */
import { RobotOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import type { ConsoleSection } from '../../section-types';
import { AiResultsPage } from './AiResultsPage';
import { AiSettingsPage } from './AiSettingsPage';
import { AiUsagePage } from './AiUsagePage';

export const aiSection: ConsoleSection = {
  resources: (t) => [
    { name: 'ai', meta: { label: t('sysai.menu.ai'), icon: <RobotOutlined /> } },
    { name: 'ai/settings', list: '/ai/settings', meta: { parent: 'ai', label: t('sysai.menu.aiSettings') } },
    { name: 'ai/usage', list: '/ai/usage', meta: { parent: 'ai', label: t('sysai.menu.aiUsage') } },
    { name: 'ai/results', list: '/ai/results', meta: { parent: 'ai', label: t('sysai.menu.aiResults') } },
  ],
  routes: (
    <Route path="ai" key="ai">
      <Route path="settings" element={<AiSettingsPage />} />
      <Route path="usage" element={<AiUsagePage />} />
      <Route path="results" element={<AiResultsPage />} />
    </Route>
  ),
};
