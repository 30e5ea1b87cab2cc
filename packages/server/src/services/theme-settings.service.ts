/**
 * The operator's theme colours (console Growth → Themes), one `settings` row `theme.overrides`
 * holding JSON `{light: {...}, dark: {...}}` with only the fields changed from the built-in values.
 * /v3/app/theme answers it; cached for a few seconds like the update config, dropped by the console
 * after a change. A broken row (hand-edited) reads as no overrides, and a bad field is left out.
 */
import { TimedCache } from './timed-cache.js';
import { cleanThemeOverrides, type AppThemeOverrides } from '@dm51/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SettingsRepository } from '../repositories/settings.repository.js';

export const THEME_SETTING_KEY = 'theme.overrides';
const CACHE_MS = 5_000;

/** Reads a stored row: only valid `#RRGGBB` fields of the two themes survive. */
export function parseThemeOverrides(raw: string | undefined): AppThemeOverrides {
  let value: unknown = null;
  try {
    value = raw === undefined ? null : JSON.parse(raw);
  } catch {
    value = null;
  }
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { light: cleanThemeOverrides(record.light), dark: cleanThemeOverrides(record.dark) };
}

export class ThemeSettingsService {
  private readonly cache: TimedCache<AppThemeOverrides>;

  constructor(
    private readonly settings: SettingsRepository,
    private readonly log: FastifyBaseLogger,
    clock: () => number = () => Date.now(),
  ) {
    this.cache = new TimedCache(CACHE_MS, clock);
  }

  current(): Promise<AppThemeOverrides> {
    return this.cache.get(() => this.read());
  }

  private async read(): Promise<AppThemeOverrides> {
    const raw = (await this.settings.getMany([THEME_SETTING_KEY])).get(THEME_SETTING_KEY);
    const value = parseThemeOverrides(raw);
    if (raw !== undefined && JSON.stringify(value) !== JSON.stringify(safeParse(raw)))
      this.log.warn({ key: THEME_SETTING_KEY }, 'theme setting has invalid fields; they are left out');
    return value;
  }

  /** Drops the cached value (after the console saves it; tests). */
  invalidate(): void {
    this.cache.invalidate();
  }
}

function safeParse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
