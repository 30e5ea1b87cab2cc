/** Community: moderation queue, reports, word filter, feedback, broadcast notices. */
import { CommentOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import type { ConsoleSection } from '../../section-types';
import { FeedbackPage } from './FeedbackPage';
import { ModerationPage } from './ModerationPage';
import { NoticePage } from './NoticePage';
import { ReportsPage } from './ReportsPage';
import { WordFilterPage } from './WordFilterPage';

export const communitySection: ConsoleSection = {
  resources: (t) => [
    { name: 'community', meta: { label: t('menu.community'), icon: <CommentOutlined /> } },
    {
      name: 'community/comments',
      list: '/community/moderation',
      meta: { parent: 'community', label: t('menu.moderation') },
    },
    {
      name: 'community/reports',
      list: '/community/reports',
      meta: { parent: 'community', label: t('menu.reports') },
    },
    {
      name: 'community/words',
      list: '/community/words',
      meta: { parent: 'community', label: t('menu.words') },
    },
    {
      name: 'community/feedback',
      list: '/community/feedback',
      meta: { parent: 'community', label: t('menu.feedback') },
    },
    {
      name: 'community/notices',
      list: '/community/notices',
      meta: { parent: 'community', label: t('menu.notices') },
    },
  ],
  routes: (
    <Route path="community" key="community">
      <Route path="moderation" element={<ModerationPage />} />
      <Route path="reports" element={<ReportsPage />} />
      <Route path="words" element={<WordFilterPage />} />
      <Route path="feedback" element={<FeedbackPage />} />
      <Route path="notices" element={<NoticePage />} />
    </Route>
  ),
};
