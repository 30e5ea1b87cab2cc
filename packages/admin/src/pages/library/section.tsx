/** Library: folders, scans with live progress, import history, transcode queue. */
import { DatabaseOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import type { ConsoleSection } from '../../section-types';
import { LibraryPage } from './LibraryPage';

export const librarySection: ConsoleSection = {
  resources: (t) => [
    {
      name: 'library',
      list: '/library',
      meta: { label: t('libcat.menuLibrary'), icon: <DatabaseOutlined /> },
    },
  ],
  routes: (
    <Route path="library" key="library">
      <Route index element={<LibraryPage />} />
    </Route>
  ),
};
