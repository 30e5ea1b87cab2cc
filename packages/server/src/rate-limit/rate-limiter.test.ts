/**
 * The fixed-window rules of the rate limiter, with its counters in the database (the embedded
 * default) and in Redis (REDIS_URL, issue 17): both stores must refuse, wait and reset alike, and
 * the Redis counters are the same for two app instances.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { RateLimitRepository } from '../repositories/rate-limit.repository.js';
import { RedisRateCounters } from '../shared-state/redis-rate-counters.js';
import { SharedRedis } from '../shared-state/redis.js';
import { dropRedisKeys, testRedisConfig } from '../testing/redis.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { RateLimiter, type RateCounterStore } from './rate-limiter.js';

const redisConfig = testRedisConfig();
let ctx: TestApp;
let redis: SharedRedis;

beforeAll(async () => {
  ctx = await buildTestApp({ redis: redisConfig });
  redis = new SharedRedis(redisConfig, ctx.app.log);
}, 60_000);
afterAll(async () => {
  await redis.close();
  await ctx.close();
  await dropRedisKeys(redisConfig);
});

const stores: [string, () => RateCounterStore][] = [
  ['database', () => new RateLimitRepository(ctx.db)],
  ['redis', () => new RedisRateCounters(redis, new RateLimitRepository(ctx.db), ctx.app.log)],
];

let seq = 0;
describe.each(stores)('rate limits counted in the %s', (_name, store) => {
  it('allows `limit` hits per window, then says how long to wait, and starts over when it ends', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(store(), () => now);
    const rule = { key: `test:window:${(seq += 1)}`, limit: 3, windowS: 60, message: 'Wait {wait}' };
    for (let i = 0; i < 3; i += 1) await limiter.consume([rule]);
    now += 20;
    await expect(limiter.consume([rule])).rejects.toMatchObject({ message: 'Wait 40 seconds' });
    expect(await limiter.waitFor(rule)).toBe(40);
    now += 40; // the window [1_000_000, 1_000_060) is over
    expect(await limiter.waitFor(rule)).toBe(0);
    await limiter.consume([rule]);
    await limiter.consume([rule]);
    await limiter.consume([rule]);
    await expect(limiter.consume([rule])).rejects.toMatchObject({ message: 'Wait 60 seconds' });
  });

  it('a refused attempt is not counted, and a reset lifts a lock-out at once', async () => {
    const now = 2_000_000;
    const limiter = new RateLimiter(store(), () => now);
    const rule = { key: `test:reset:${(seq += 1)}`, limit: 1, windowS: 900, message: 'Locked for {wait}' };
    await limiter.consume([rule]);
    await expect(limiter.consume([rule])).rejects.toMatchObject({ message: 'Locked for 15 minutes' });
    await limiter.reset(rule.key);
    await limiter.consume([rule]);
  });

  it('parallel hits are all counted', async () => {
    const limiter = new RateLimiter(store(), () => 3_000_000);
    const rule = { key: `test:parallel:${(seq += 1)}`, limit: 25, windowS: 60, message: 'No' };
    await Promise.all(Array.from({ length: 25 }, () => limiter.hit([rule])));
    expect(await limiter.waitFor(rule)).toBe(60);
  });
});

describe('rate limits with Redis across instances', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp(ctx.config, { db: ctx.db });
    await other.ready();
  }, 60_000);
  afterAll(async () => other.close());

  it('a lock-out counted on one instance holds on another, and is not kept in the database', async () => {
    const rule = { key: `test:instances:${(seq += 1)}`, limit: 4, windowS: 60, message: 'Wait {wait}' };
    const onA = new RateLimiter(
      new RedisRateCounters(ctx.app.redis!, new RateLimitRepository(ctx.db), ctx.app.log),
    );
    const onB = new RateLimiter(
      new RedisRateCounters(other.redis!, new RateLimitRepository(ctx.db), other.log),
    );
    await onA.consume([rule]);
    await onB.consume([rule]);
    await onA.consume([rule]);
    await onB.consume([rule]);
    await expect(onA.consume([rule])).rejects.toMatchObject({ code: expect.any(Number) });
    await expect(onB.consume([rule])).rejects.toMatchObject({ code: expect.any(Number) });
    const row = await ctx.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', rule.key)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
