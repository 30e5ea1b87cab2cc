import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps } from './page-props';

type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

/**
 * Built pages by route name; every other route gets the coming-soon page. Each entry is its own
 * chunk, so a page's code loads only when it is visited.
 */
const BUILT: Record<string, PageComponent> = {
  entry: lazy(() => import('./entry/EntryPage')),
  index: lazy(() => import('./entry/EntryPage')),
  home: lazy(() => import('./home/HomePage')),
  user: lazy(() => import('./user/UserPage')),
  seting: lazy(() => import('./settings/SettingsPage')),
};

const ComingSoonPage: PageComponent = lazy(() => import('./common/ComingSoonPage'));

export function pageFor(name: string): PageComponent {
  return BUILT[name] ?? ComingSoonPage;
}
