/**
 * Wiring of first-party analytics: ingestion with its roll-ups, the dashboard's
 * aggregates and, when configured, the forwarder to a self-hosted PostHog.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_ANALYTICS_CONFIG } from '../analytics/analytics-config.js';
import { AnalyticsForwarder } from '../analytics/analytics-forwarder.js';
import { PostHogTarget } from '../analytics/posthog-target.js';
import type { Database } from '../db/database.js';
import { AnalyticsDashboardRepository } from '../repositories/analytics-dashboard.repository.js';
import { AnalyticsRepository } from '../repositories/analytics.repository.js';
import { AnalyticsDashboardService } from './analytics-dashboard.service.js';
import { AnalyticsService } from './analytics.service.js';
import type { ServiceDeps } from './service-deps.js';

export interface AnalyticsServices {
  events: AnalyticsService;
  dashboard: AnalyticsDashboardService;
  /** Null unless ANALYTICS_FORWARD is set; started and flushed by routes/analytics/analytics-lifecycle.ts. */
  forwarder: AnalyticsForwarder | null;
}

export function createAnalyticsServices(
  db: Database,
  log: FastifyBaseLogger,
  deps: ServiceDeps,
): AnalyticsServices {
  const config = deps.config?.analytics ?? DEFAULT_ANALYTICS_CONFIG;
  const forwarder = config.forward
    ? new AnalyticsForwarder(new PostHogTarget(config.forward), log.child({ module: 'analytics' }))
    : null;
  return {
    events: new AnalyticsService(
      new AnalyticsRepository(db),
      config.retentionDays,
      forwarder ? (events) => forwarder.offer(events) : null,
    ),
    dashboard: new AnalyticsDashboardService(new AnalyticsDashboardRepository(db)),
    forwarder,
  };
}
