/**
 * The console's sections, in menu order. A section is a folder under pages/ with a `section.tsx`
 * exporting its Refine resources (the sider menu entries) and its routes; adding one is adding it
 * here (docs/develop/add-a-console-section.md). Sections not built yet are not
 * listed: the menu never shows a page that does nothing. The `ConsoleSection` type the sections
 * implement lives in section-types.ts, so no section imports this list.
 */
import { DashboardOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { aiSection } from './pages/ai/section';
import { communitySection } from './pages/community/section';
import { moneySection } from './pages/money/section';
import { growthSection } from './pages/growth/section';
import { catalogueSection } from './pages/catalogue/section';
import { librarySection } from './pages/library/section';
import { systemSection } from './pages/system/section';
import { usersSection } from './pages/users/section';
import type { ConsoleSection } from './section-types';

const BUILT: readonly ConsoleSection[] = [
  librarySection,
  catalogueSection,
  communitySection,
  usersSection,
  moneySection,
  growthSection,
  aiSection,
  systemSection,
];

export const SECTIONS = {
  dashboardIcon: <DashboardOutlined />,
  resources: (t: TFunction) => BUILT.flatMap((section) => section.resources(t)),
  routes: () => BUILT.map((section) => section.routes),
};
