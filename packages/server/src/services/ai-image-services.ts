/** Wiring of AI cos: image generation jobs, providers and the gallery. */
import { DEFAULT_JOBS_CONFIG } from '../jobs/jobs-config.js';
import type { FastifyBaseLogger } from 'fastify';
import { AiMedia } from '../ai-images/ai-media.js';
import { DEFAULT_AI_IMAGE_CONFIG } from '../ai-images/ai-image-config.js';
import type { ImageProvider } from '../ai-images/image-provider.js';
import { createImageProvider } from '../ai-images/providers.js';
import type { Database } from '../db/database.js';
import { AiJobRepository } from '../repositories/ai-job.repository.js';
import { AiLogRepository } from '../repositories/ai-log.repository.js';
import { CatalogueRepository } from '../repositories/catalogue.repository.js';
import type { AiChargesService } from './ai-charges.service.js';
import { AiImageService } from './ai-image.service.js';
import { AiJobRunner } from './ai-job-runner.js';
import type { MoneyServices } from './money-services.js';
import type { ServiceDeps } from './service-deps.js';

export interface AiImageServices {
  images: AiImageService;
  runner: AiJobRunner | null;
  provider: ImageProvider;
}

export function createAiImageServices(
  db: Database,
  log: FastifyBaseLogger,
  deps: ServiceDeps,
  { money, charges }: { money: MoneyServices; charges: AiChargesService },
): AiImageServices {
  const config = deps.config?.aiImages ?? DEFAULT_AI_IMAGE_CONFIG;
  const provider = createImageProvider(config);
  const media = deps.media && deps.config ? new AiMedia(deps.media, deps.config.imageXorKey) : null;
  const jobs = new AiJobRepository(db);
  const aiLog = new AiLogRepository(db);
  let runner: AiJobRunner | null = null;
  const images = new AiImageService(
    db,
    money.ledger,
    money.wallet,
    charges,
    jobs,
    aiLog,
    new CatalogueRepository(db),
    media,
    { provider: provider.name, maxJobsPerUser: config.maxJobsPerUser, kick: () => runner?.kick() },
  );
  if (media)
    runner = new AiJobRunner(
      jobs,
      aiLog,
      media,
      provider,
      (job, error) => images.fail(job, error),
      {
        concurrency: config.concurrency,
        timeoutS: config.jobTimeoutS,
        // Scale-out: on PostgreSQL several instances share ai_jobs.
        ...(deps.config?.databaseUrl
          ? { sharedLeaseS: deps.config.jobs?.leaseS ?? DEFAULT_JOBS_CONFIG.leaseS }
          : {}),
      },
      log,
    );
  return { images, runner, provider };
}
