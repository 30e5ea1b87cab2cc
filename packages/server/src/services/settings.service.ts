/**
 * Start-up settings (spec §3) live in the `settings` table, one row per field under `start.<field>`,
 * so operators can change one value without touching the others. Missing rows are seeded from
 * DEFAULT_START_SETTINGS on first read; a row an operator broke falls back to its default (and is
 * logged) instead of breaking every client's start-up.
 *
 * Every app launch reads them, so the parsed record is cached for a few seconds: an edit through
 * this service applies at once on this process, a direct database edit (or another server process
 * sharing PostgreSQL) within `cacheTtlMs`.
 */
import { TimedCache } from './timed-cache.js';
import { DEFAULT_START_SETTINGS, startSettingsSchema, type StartSettings } from '@dm51/shared';
import type { FastifyBaseLogger } from 'fastify';
import { nowSeconds } from '../db/database.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';

export const START_SETTING_PREFIX = 'start.';
const START_FIELDS = Object.keys(DEFAULT_START_SETTINGS) as (keyof StartSettings)[];
const START_KEYS = START_FIELDS.map((field) => START_SETTING_PREFIX + field);

export const START_SETTINGS_CACHE_MS = 5_000;

export class SettingsService {
  private readonly cache: TimedCache<StartSettings>;

  constructor(
    private readonly settings: SettingsRepository,
    private readonly log: FastifyBaseLogger,
    cacheTtlMs = START_SETTINGS_CACHE_MS,
  ) {
    this.cache = new TimedCache(cacheTtlMs);
  }

  getStartSettings(): Promise<StartSettings> {
    return this.cache.get(() => this.readStartSettings());
  }

  /** Drops the cached record so the next read sees the database (after edits made around this service). */
  invalidate(): void {
    this.cache.invalidate();
  }

  private async readStartSettings(): Promise<StartSettings> {
    const stored = await this.settings.getMany(START_KEYS);
    if (stored.size < START_KEYS.length) await this.seedMissingStartSettings(stored);
    const result: Record<string, unknown> = {};
    for (const field of START_FIELDS) {
      const text = stored.get(START_SETTING_PREFIX + field);
      result[field] = text === undefined ? DEFAULT_START_SETTINGS[field] : this.parseField(field, text);
    }
    return startSettingsSchema.parse(result);
  }

  async setStartSetting<K extends keyof StartSettings>(field: K, value: StartSettings[K]): Promise<void> {
    startSettingsSchema.shape[field].parse(value);
    await this.settings.set(START_SETTING_PREFIX + field, JSON.stringify(value), nowSeconds());
    this.invalidate();
  }

  private parseField(field: keyof StartSettings, text: string): unknown {
    try {
      const value: unknown = JSON.parse(text);
      const checked = startSettingsSchema.shape[field].safeParse(value);
      if (checked.success) return checked.data;
    } catch {
      // falls through to the default below
    }
    this.log.warn({ key: START_SETTING_PREFIX + field }, 'invalid setting value; using the default');
    return DEFAULT_START_SETTINGS[field];
  }

  private async seedMissingStartSettings(stored: Map<string, string>): Promise<void> {
    const missing: Record<string, string> = {};
    for (const field of START_FIELDS) {
      const key = START_SETTING_PREFIX + field;
      if (!stored.has(key)) missing[key] = JSON.stringify(DEFAULT_START_SETTINGS[field]);
    }
    await this.settings.insertMissing(missing, nowSeconds());
  }
}
