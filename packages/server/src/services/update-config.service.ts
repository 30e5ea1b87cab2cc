/**
 * The update config (spec §3), kept as `settings` rows `update.<field>` holding JSON values, so the
 * console edits one field at a time. A missing row takes its default; a broken one (wrong type) also
 * falls back to its default and is logged. Every launch reads it, so it is cached for a few seconds.
 * The notes (`describe`) are HTML shown as rich text in the app, so they are sanitised here, on the
 * way out, whatever the console or a hand-edited row stored: no script, no event handler, no style,
 * links only to http(s) and opening outside the app.
 */
import { TimedCache } from './timed-cache.js';
import type { UpdateConfig } from '@dm51/shared';
import type { FastifyBaseLogger } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { SettingsRepository } from '../repositories/settings.repository.js';

export const UPDATE_SETTING_PREFIX = 'update.';

export const DEFAULT_UPDATE_CONFIG: UpdateConfig = {
  describe: '',
  updateLink: '',
  versionName: '',
  force: 0,
  maskClickClose: 1,
  downloadingText: '',
  successText: '',
  errorText: '',
  uninstallPrompt: 0,
};

const text = (max: number) => z.string().max(max);
const flag = z.union([z.literal(0), z.literal(1)]);
export const UPDATE_FIELD_SCHEMAS: { [K in keyof UpdateConfig]: z.ZodType<UpdateConfig[K]> } = {
  describe: text(20_000),
  updateLink: text(2_048),
  versionName: text(64),
  force: flag,
  maskClickClose: flag,
  downloadingText: text(200),
  successText: text(200),
  errorText: text(200),
  uninstallPrompt: flag,
};
/** Text formatting and lists; what release notes need and nothing that runs or restyles the app. */
const NOTES_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h3', 'h4', 'span', 'a'],
  // target and rel are only ever the ones transformTags sets (transforms run before the filter).
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function sanitizeNotes(html: string): string {
  return sanitizeHtml(html, NOTES_HTML);
}

/** An http(s) link's origin, as a one-entry list for a policy; nothing for anything else. */
function downloadOriginOf(link: string): readonly string[] {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

const FIELDS = Object.keys(DEFAULT_UPDATE_CONFIG) as (keyof UpdateConfig)[];
const CACHE_MS = 5_000;

export class UpdateConfigService {
  private readonly cache: TimedCache<UpdateConfig>;
  private refreshing: Promise<unknown> | null = null;
  /** downloadOrigins() runs on every request: the origins of the config they were computed from. */
  private origins: { of: UpdateConfig; origins: readonly string[] } | null = null;

  constructor(
    private readonly settings: SettingsRepository,
    private readonly log: FastifyBaseLogger,
    clock: () => number = () => Date.now(),
  ) {
    this.cache = new TimedCache(CACHE_MS, clock);
  }

  current(): Promise<UpdateConfig> {
    return this.cache.get(() => this.readConfig());
  }

  private async readConfig(): Promise<UpdateConfig> {
    const stored = await this.settings.getMany(FIELDS.map((field) => UPDATE_SETTING_PREFIX + field));
    const value = { ...DEFAULT_UPDATE_CONFIG };
    for (const field of FIELDS) {
      const raw = stored.get(UPDATE_SETTING_PREFIX + field);
      if (raw !== undefined) Object.assign(value, { [field]: this.read(field, raw) });
    }
    value.describe = sanitizeNotes(value.describe);
    return value;
  }

  /**
   * The origin of the update's download link, for the page's connect-src: answered at once from
   * the last config kept (a header hook cannot wait), refreshed in the background when that is
   * older than the cache. Same origin or no link: nothing to add.
   */
  downloadOrigins(): readonly string[] {
    if (!this.cache.isFresh()) {
      this.refreshing ??= this.current()
        .catch((error: unknown) => this.log.warn({ err: error }, 'could not read the update config'))
        .finally(() => {
          this.refreshing = null;
        });
    }
    const last = this.cache.last();
    if (!last) return [];
    if (this.origins?.of !== last) this.origins = { of: last, origins: downloadOriginOf(last.updateLink) };
    return this.origins.origins;
  }

  /** Drops the cached config (after the console saves it; tests). */
  invalidate(): void {
    this.cache.invalidate();
    this.refreshing = null;
  }

  private read<K extends keyof UpdateConfig>(field: K, raw: string): UpdateConfig[K] {
    try {
      return UPDATE_FIELD_SCHEMAS[field].parse(JSON.parse(raw));
    } catch {
      this.log.warn({ key: UPDATE_SETTING_PREFIX + field }, 'update setting is not valid; using the default');
      return DEFAULT_UPDATE_CONFIG[field];
    }
  }
}
