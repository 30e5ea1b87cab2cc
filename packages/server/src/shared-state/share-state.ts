/**
 * Moves the state several instances must share into Redis (scale-out), once the services exist:
 * the cache invalidation channel and the view and ad counters. The rate counters are chosen while
 * the services are made (rate-counters.ts). Without Redis (the embedded default) nothing changes.
 */
import type { Services } from '../services/index.js';
import { shareCaches } from './cache-bus.js';
import { RedisCounterBuffer } from './redis-counter-buffer.js';
import type { SharedRedis } from './redis.js';

const START_WAIT_MS = 3_000;

export async function shareState(services: Services, redis: SharedRedis | null): Promise<void> {
  if (!redis) return;
  // Start-up waits a moment for Redis; an instance whose Redis is down still starts (and falls back).
  if (!(await redis.waitUsable(START_WAIT_MS)))
    redis.log.error('Redis not reachable at start-up; falling back');
  services.views.useShared(new RedisCounterBuffer(redis, 'views'));
  services.adsUpdates.adStats.useShared(new RedisCounterBuffer(redis, 'ad-stats'));
  await shareCaches(services, redis);
}
