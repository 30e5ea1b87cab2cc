/** What some services need beyond the database (a leaf module, so wiring modules never import the root). */
import type { Config } from '../config.js';
import type { MediaStore } from '../media/media-store.js';

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
        | 'mediaStore'
      >
    >;
  media?: MediaStore;
}
