/**
 * Every /admin/api route, by section. The plugin registers exactly these, the OpenAPI document
 * describes exactly these, and the role matrix test walks exactly these: a new section adds its
 * `*.routes.ts` array here and is covered by all three.
 */
import type { AdminRoute } from './admin-route.js';
import { AI_ROUTES } from './ai/ai.routes.js';
import { AUDIT_ROUTES } from './audit/audit.routes.js';
import { AUTH_ROUTES } from './auth/auth.routes.js';
import { CATALOGUE_ROUTES } from './catalogue/catalogue.routes.js';
import { CATALOGUE_MORE_ROUTES } from './catalogue/catalogue-more.routes.js';
import { LIBRARY_ROUTES } from './library/library.routes.js';
import { COMMUNITY_ROUTES } from './community/community.routes.js';
import { MONEY_ROUTES } from './money/money.routes.js';
import { GROWTH_ROUTES } from './growth/growth.routes.js';
import { ADS_ROUTES } from './growth/ads.routes.js';
import { DASHBOARD_ROUTES } from './dashboard/dashboard.routes.js';
import { OPERATORS_ROUTES } from './operators/operators.routes.js';
import { SYSTEM_ROUTES } from './system/system.routes.js';
import { USERS_ROUTES } from './users/users.routes.js';
import { LOCKOUTS_ROUTES } from './lockouts/lockouts.routes.js';
import { GROWTH_SETTINGS_ROUTES } from './growth/growth-settings.routes.js';
import { THEME_ROUTES } from './growth/theme.routes.js';

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  ...AUTH_ROUTES,
  ...DASHBOARD_ROUTES,
  ...COMMUNITY_ROUTES,
  ...USERS_ROUTES,
  ...MONEY_ROUTES,
  ...GROWTH_ROUTES,
  ...ADS_ROUTES,
  ...LIBRARY_ROUTES,
  ...CATALOGUE_ROUTES,
  ...CATALOGUE_MORE_ROUTES,
  ...AUDIT_ROUTES,
  ...OPERATORS_ROUTES,
  ...SYSTEM_ROUTES,
  ...LOCKOUTS_ROUTES,
  ...AI_ROUTES,
  ...GROWTH_SETTINGS_ROUTES,
  ...THEME_ROUTES,
];
