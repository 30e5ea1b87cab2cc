/** Wires the OPDS domain (e-reader apps): app tokens, feed builders and the downloads behind them. */
import type { Database } from '../db/database.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { CatalogueRepository } from '../repositories/catalogue.repository.js';
import { rateCounters } from '../shared-state/rate-counters.js';
import type { CatalogueService } from '../services/catalogue.service.js';
import type { SearchService } from '../services/search.service.js';
import type { ServiceDeps } from '../services/service-deps.js';
import type { UnlockService } from '../services/unlock.service.js';
import { AppTokenRepository } from './app-token.repository.js';
import { AppTokenService } from './app-token.service.js';
import { OpdsFeeds } from './opds-feeds.service.js';
import { OpdsMediaService } from './opds-media.service.js';
import { OpdsRepository } from './opds.repository.js';

export interface OpdsServices {
  tokens: AppTokenService;
  feeds: OpdsFeeds;
  /** Null when the app was wired without a media store (some service-level tests). */
  media: OpdsMediaService | null;
}

export function createOpdsServices(
  db: Database,
  deps: ServiceDeps,
  uses: { catalogue: CatalogueService; search: SearchService; unlocks: UnlockService },
): OpdsServices {
  const works = new OpdsRepository(db);
  return {
    tokens: new AppTokenService(new AppTokenRepository(db), new RateLimiter(rateCounters(db, deps.redis))),
    feeds: new OpdsFeeds(uses.catalogue, uses.search, works),
    media:
      deps.media && deps.config
        ? new OpdsMediaService(
            new CatalogueRepository(db),
            uses.catalogue,
            uses.unlocks,
            works,
            deps.media,
            deps.config.imageXorKey,
          )
        : null,
  };
}
