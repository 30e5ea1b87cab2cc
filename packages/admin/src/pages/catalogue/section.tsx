/** Catalogue: works search / filter and the work editor. */
import { BookOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import type { ConsoleSection } from '../../sections';
import { CataloguePage } from './CataloguePage';

export const catalogueSection: ConsoleSection = {
  resources: (t) => [
    {
      name: 'catalogue/works',
      list: '/catalogue',
      meta: { label: t('libcat.menuCatalogue'), icon: <BookOutlined /> },
    },
  ],
  routes: (
    <Route path="catalogue" key="catalogue">
      <Route index element={<CataloguePage />} />
    </Route>
  ),
};
