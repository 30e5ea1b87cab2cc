/**
 * Moves rate-limit windows for tests, in whichever store the app counts in: the rate_limits table
 * (the embedded default) and, when the app has Redis, its `rate:<key>` hashes. Tests use
 * it to let "a window pass" without waiting.
 */
import type { FastifyInstance } from 'fastify';

/** Forgets the counter of `key`, or every counter without one. */
export async function clearRateLimits(app: FastifyInstance, key?: string): Promise<void> {
  let query = app.db.deleteFrom('rate_limits');
  if (key !== undefined) query = query.where('key', '=', key);
  await query.execute();
  const redis = app.redis;
  if (!redis) return;
  if (key !== undefined) {
    await redis.client.del(redis.key(`rate:${key}`));
    return;
  }
  let cursor = '0';
  do {
    const [next, keys] = await redis.client.scan(cursor, 'MATCH', redis.key('rate:*'), 'COUNT', 500);
    if (keys.length) await redis.client.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** Sets the start of `key`'s current window (to make it end now, say). */
export async function setRateWindowStart(
  app: FastifyInstance,
  key: string,
  windowStart: number,
): Promise<void> {
  await app.db.updateTable('rate_limits').set({ window_start: windowStart }).where('key', '=', key).execute();
  const redis = app.redis;
  if (redis && (await redis.client.exists(redis.key(`rate:${key}`))))
    await redis.client.hset(redis.key(`rate:${key}`), 'start', windowStart);
}

/** Lets a back-off delay of `key` pass now (as if its seconds had gone by). */
export async function endBackoff(app: FastifyInstance, key: string): Promise<void> {
  await app.db.updateTable('rate_limits').set({ until_time: 0 }).where('key', '=', key).execute();
  const redis = app.redis;
  if (redis && (await redis.client.exists(redis.key(`rate:${key}`))))
    await redis.client.hset(redis.key(`rate:${key}`), 'until', 0);
}

/** The count of `key` in whichever store the app counts in (0 when it has none). */
export async function rateCount(app: FastifyInstance, key: string): Promise<number> {
  const redis = app.redis;
  if (redis) {
    const hits = await redis.client.hget(redis.key(`rate:${key}`), 'hits');
    if (hits !== null) return Number(hits);
  }
  const row = await app.db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst();
  return row?.hits ?? 0;
}
