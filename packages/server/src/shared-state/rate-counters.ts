/** Picks where the rate limiter counts: Redis when the app has it, else the database (as before). */
import type { Database } from '../db/database.js';
import type { RateCounterStore } from '../rate-limit/rate-counter-store.js';
import { RateLimitRepository } from '../repositories/rate-limit.repository.js';
import { RedisRateCounters } from './redis-rate-counters.js';
import type { SharedRedis } from './redis.js';

export function rateCounters(db: Database, redis: SharedRedis | undefined): RateCounterStore {
  const database = new RateLimitRepository(db);
  return redis ? new RedisRateCounters(redis, database, redis.log.child({ module: 'rate-limit' })) : database;
}
