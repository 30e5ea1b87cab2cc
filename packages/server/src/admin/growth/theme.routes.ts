/**
 * Growth → Themes (/admin/api/growth/theme): the brand colours of the app's light and dark themes.
 * Reads viewer, changes admin. A change replaces both themes' overrides (a field left out or empty
 * is the built-in colour), is refused unless every colour is #RRGGBB and keeps its contrast (white
 * button text ≥ 4.5:1, the primary ≥ 3:1 against the page), is audited `theme.update` with before
 * and after, and drops the app's cache so the next /v3/app/theme answers it.
 */
import {
  BUILTIN_THEME_COLORS,
  formatContrast,
  HEX_COLOR,
  THEME_COLOR_FIELDS,
  themeContrastChecks,
  type AppThemeOverrides,
  type ThemeColorOverrides,
} from '@dm51/shared';
import { z } from 'zod';
import { SettingsRepository } from '../../repositories/settings.repository.js';
import { parseThemeOverrides, THEME_SETTING_KEY } from '../../services/theme-settings.service.js';
import { nowSeconds, type Database } from '../../db/database.js';
import { AdminErrors } from '../admin-errors.js';
import { defineAdminRoute, type Audit } from '../admin-route.js';

const tag = 'console-growth';

/** '' = the built-in colour. */
const colour = z.union([z.literal(''), z.string().regex(HEX_COLOR, 'A colour is #RRGGBB')]);
const themeInput = z
  .object(
    Object.fromEntries(THEME_COLOR_FIELDS.map((field) => [field, colour])) as Record<
      (typeof THEME_COLOR_FIELDS)[number],
      typeof colour
    >,
  )
  .partial()
  .strict();
const themeBody = z.object({ light: themeInput, dark: themeInput }).strict();

async function readOverrides(db: Database): Promise<AppThemeOverrides> {
  const raw = (await new SettingsRepository(db).getMany([THEME_SETTING_KEY])).get(THEME_SETTING_KEY);
  return parseThemeOverrides(raw);
}

/** Empty fields dropped, colours upper-cased, and the same as the built-in dropped too. */
function normalise(name: 'light' | 'dark', input: Partial<Record<string, string>>): ThemeColorOverrides {
  const out: ThemeColorOverrides = {};
  for (const field of THEME_COLOR_FIELDS) {
    const value = input[field]?.toUpperCase();
    if (value && value !== BUILTIN_THEME_COLORS[name][field]) out[field] = value;
  }
  return out;
}

const LABEL = { primary: 'primary colour', button: 'button colour' } as const;

async function saveTheme(
  trx: Database,
  audit: Audit,
  body: z.infer<typeof themeBody>,
  unchanged: () => void,
) {
  const after: AppThemeOverrides = {
    light: normalise('light', body.light),
    dark: normalise('dark', body.dark),
  };
  for (const name of ['light', 'dark'] as const) {
    for (const check of themeContrastChecks(name, after[name])) {
      if (check.ok) continue;
      const what =
        check.field === 'button'
          ? `white button text on ${check.color}`
          : `${check.color} against the page background ${check.against}`;
      throw AdminErrors.invalid(
        `${name}.${check.field}: the ${name} theme's ${LABEL[check.field]} contrast is ${formatContrast(check.ratio)} (${what}); at least ${check.min}:1 is needed`,
      );
    }
  }
  const before = await readOverrides(trx);
  if (JSON.stringify(before) === JSON.stringify(after)) {
    unchanged();
    return after;
  }
  await new SettingsRepository(trx).set(THEME_SETTING_KEY, JSON.stringify(after), nowSeconds());
  await audit({ action: 'theme.update', targetType: 'setting', targetId: THEME_SETTING_KEY, before, after });
  return after;
}

export const THEME_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/growth/theme',
    role: 'viewer',
    tag,
    summary:
      'The operator’s theme colours (only fields changed from the built-in ones) and the built-in colours of the light and dark themes.',
    async handler({ request }) {
      return { data: { overrides: await readOverrides(request.server.db), builtin: BUILTIN_THEME_COLORS } };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/growth/theme',
    role: 'admin',
    tag,
    summary:
      'Set both themes’ colours: {light, dark}, each {primary, button, headerTop} as #RRGGBB or "" for the built-in. Refused when white button text would read below 4.5:1 or the primary below 3:1 against the page. The app applies it from its next launch.',
    body: themeBody,
    async handler({ body, change, unchanged, request }) {
      const overrides = await change((trx, audit) => saveTheme(trx, audit, body, unchanged));
      request.server.services.adsUpdates.theme.invalidate();
      return { data: { overrides, builtin: BUILTIN_THEME_COLORS } };
    },
  }),
];
