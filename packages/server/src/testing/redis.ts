/**
 * Redis for tests (shared state): the server at TEST_REDIS_URL (default redis://127.0.0.1:6379/0) with
 * a key prefix of its own per call, so test files running at once never see each other's keys.
 * Setting TEST_REDIS_URL also makes every buildTestApp use Redis (the suite's Redis leg); the keys
 * of a prefix are deleted by `dropRedisKeys`, never by FLUSHALL/FLUSHDB.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RedisConfig } from '../shared-state/redis-config.js';

export function testRedisConfig(): RedisConfig {
  return {
    url: process.env['TEST_REDIS_URL'] || 'redis://127.0.0.1:6379/0',
    keyPrefix: `dm51-test:${randomBytes(6).toString('hex')}:`,
  };
}

/** The suite's Redis leg: a fresh prefix when TEST_REDIS_URL is set, else nothing (embedded). */
export function suiteRedisConfig(): { redis?: RedisConfig } {
  return process.env['TEST_REDIS_URL'] ? { redis: testRedisConfig() } : {};
}

/** Deletes every key under the config's prefix. */
export async function dropRedisKeys(config: RedisConfig): Promise<void> {
  const redis = new Redis(config.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {}); // a Redis made unreachable on purpose (outage tests) has nothing to drop
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${config.keyPrefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch {
    // nothing to clean where nothing was reachable
  } finally {
    redis.disconnect();
  }
}
