/**
 * What a service with a cache reports: one hit or miss per lookup (or `count` of them for a batch).
 * Services depend on this interface only, never on prom-client; the metrics plugin hands them the
 * app's counter (observability/metrics.ts), and a service nobody wires counts into the void.
 */
export interface CacheMetrics {
  record(cache: string, hit: boolean, count?: number): void;
}

export const NO_CACHE_METRICS: CacheMetrics = { record: () => undefined };
