/** Wiring of the anime services, kept out of services/index.ts so that file stays a registry. */
import { DEFAULT_JOBS_CONFIG } from '../jobs/jobs-config.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { createMediaStore } from '../media/create-media-store.js';
import { AnimeRepository } from '../repositories/anime.repository.js';
import { CatalogueRepository } from '../repositories/catalogue.repository.js';
import { HistoryRepository } from '../repositories/history.repository.js';
import { TranscodeRepository } from '../repositories/transcode.repository.js';
import { TRANSCODE_DISABLED } from '../transcode/transcode-config.js';
import { AnimeService } from './anime.service.js';
import type { CatalogueService } from './catalogue.service.js';
import type { HistoryService } from './history.service.js';
import type { ServiceDeps } from './service-deps.js';
import { TranscodeJobService } from './transcode-job.service.js';
import { ServerSecrets } from './server-secrets.js';
import { VideoAccessService } from './video-access.service.js';
import type { UnlockService } from './unlock.service.js';

export interface AnimeServices {
  anime: AnimeService;
  transcode: TranscodeJobService;
  videoAccess: VideoAccessService;
}

export function createAnimeServices(
  db: Database,
  log: FastifyBaseLogger,
  deps: ServiceDeps,
  discovery: { catalogue: CatalogueService; history: HistoryService; unlocks: UnlockService },
): AnimeServices {
  const jobs = new TranscodeRepository(db);
  // Signed with a generated server secret shared through the database, never with ENVELOPE_KEY.
  const access = new VideoAccessService(new ServerSecrets(db), jobs);
  const dataDir = deps.config?.dataDir ?? join(tmpdir(), 'dm51-transcode');
  const media =
    deps.media ??
    createMediaStore({ dataDir, ...(deps.config?.mediaStore ? { mediaStore: deps.config.mediaStore } : {}) });
  return {
    anime: new AnimeService(
      discovery.catalogue,
      new CatalogueRepository(db),
      new AnimeRepository(db),
      jobs,
      discovery.history,
      new HistoryRepository(db),
      access,
      discovery.unlocks,
    ),
    transcode: new TranscodeJobService(
      jobs,
      media,
      deps.config?.transcode ?? TRANSCODE_DISABLED,
      join(dataDir, 'transcode-work'),
      log.child({ module: 'transcode' }),
      // Scale-out: on PostgreSQL several instances share transcode_jobs.
      deps.config?.databaseUrl ? (deps.config.jobs?.leaseS ?? DEFAULT_JOBS_CONFIG.leaseS) : null,
    ),
    videoAccess: access,
  };
}
