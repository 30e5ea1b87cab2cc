/** Wiring of ad statistics and the update config. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { AdStatsRepository } from '../repositories/ad-stats.repository.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import { AdStatsCounter } from './ad-stats.service.js';
import type { ServiceDeps } from './service-deps.js';
import { ThemeSettingsService } from './theme-settings.service.js';
import { UpdateConfigService } from './update-config.service.js';

export interface AdUpdateServices {
  /** Buffered impression and click counts, flushed as daily roll-ups (routes/ad/ad-stats-lifecycle.ts). */
  adStats: AdStatsCounter;
  updateConfig: UpdateConfigService;
  /** The operator's theme colours (/v3/app/theme, console Growth → Themes). */
  theme: ThemeSettingsService;
}

export function createAdUpdateServices(
  db: Database,
  log: FastifyBaseLogger,
  _deps: ServiceDeps,
): AdUpdateServices {
  return {
    adStats: new AdStatsCounter(new AdStatsRepository(db), log.child({ module: 'ad-stats' })),
    updateConfig: new UpdateConfigService(new SettingsRepository(db), log.child({ module: 'update' })),
    theme: new ThemeSettingsService(new SettingsRepository(db), log.child({ module: 'theme' })),
  };
}
