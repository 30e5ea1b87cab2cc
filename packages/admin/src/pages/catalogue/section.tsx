/** Catalogue: works search / filter and the work editor (cover, authors, tags), home banners, merge. */
import { BookOutlined } from '@ant-design/icons';
import { Route } from 'react-router';
import type { ConsoleSection } from '../../section-types';
import { CataloguePage } from './CataloguePage';
import { HomePicksPage } from './HomePicksPage';
import { MergePage } from './MergePage';

export const catalogueSection: ConsoleSection = {
  resources: (t) => [
    { name: 'catalogue', meta: { label: t('libcat.menuCatalogue'), icon: <BookOutlined /> } },
    {
      name: 'catalogue/works',
      list: '/catalogue',
      meta: { parent: 'catalogue', label: t('catmore.menuWorks') },
    },
    {
      name: 'catalogue/home',
      list: '/catalogue/home',
      meta: { parent: 'catalogue', label: t('catmore.menuHome') },
    },
    {
      name: 'catalogue/merge',
      list: '/catalogue/merge',
      meta: { parent: 'catalogue', label: t('catmore.menuMerge') },
    },
  ],
  routes: (
    <Route path="catalogue" key="catalogue">
      <Route index element={<CataloguePage />} />
      <Route path="home" element={<HomePicksPage />} />
      <Route path="merge" element={<MergePage />} />
    </Route>
  ),
};
