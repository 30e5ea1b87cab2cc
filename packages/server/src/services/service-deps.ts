/** What some services need beyond the database (a leaf module, so wiring modules never import the root). */
import type { Config } from '../config.js';
import type { MediaStore } from '../media/media-store.js';
import type { SharedRedis } from '../shared-state/redis.js';

export interface ServiceDeps {
  config?: Pick<Config, 'delivery' | 'imageXorKey'> &
    Partial<
      Pick<
        Config,
        | 'dataDir'
        | 'databaseUrl'
        | 'sqlitePath'
        | 'envelopeKey'
        | 'transcode'
        | 'payments'
        | 'analytics'
        | 'aiImages'
        | 'aiChat'
        | 'libraryDir'
        | 'jobs'
        | 'mediaStore'
        | 'instanceId'
      >
    >;
  media?: MediaStore;
  /** Shared state across instances (scale-out): set when REDIS_URL is; absent, all stays in process. */
  redis?: SharedRedis;
}
