/** Wires the recommendations domain: the read service behind the API and the builder job. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { instanceName } from '../observability/request-id.js';
import { CatalogueRepository } from '../repositories/catalogue.repository.js';
import { LeasesRepository } from '../repositories/leases.repository.js';
import { RecommendationBuildRepository } from '../repositories/recommendation-build.repository.js';
import { RecoHiddenRepository } from '../repositories/reco-hidden.repository.js';
import { RecommendationRepository } from '../repositories/recommendation.repository.js';
import type { CatalogueService } from './catalogue.service.js';
import { RecommendationBuilder } from './recommendation-builder.service.js';
import { RecommendationService } from './recommendation.service.js';
import type { ServiceDeps } from './service-deps.js';

export interface RecommendationServices {
  /** "For you", "readers of this also read" and the reader's "not interested" list. */
  reads: RecommendationService;
  /** The co-occurrence job (routes/recommendation/recommendation-lifecycle.ts schedules it). */
  builder: RecommendationBuilder;
}

export function createRecommendationServices(
  db: Database,
  log: FastifyBaseLogger,
  deps: ServiceDeps,
  catalogue: CatalogueService,
): RecommendationServices {
  return {
    reads: new RecommendationService(
      new RecommendationRepository(db),
      new CatalogueRepository(db),
      catalogue,
      new RecoHiddenRepository(db),
    ),
    builder: new RecommendationBuilder(
      new RecommendationBuildRepository(db),
      new LeasesRepository(db),
      instanceName(deps.config?.instanceId),
      log.child({ module: 'recommendations' }),
    ),
  };
}
