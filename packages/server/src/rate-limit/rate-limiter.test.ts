/**
 * The fixed-window and back-off rules of the rate limiter, with its counters in the database (the embedded
 * default) and in Redis (REDIS_URL, scale-out): both stores must refuse, wait and reset alike, and
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
import { backoffDelay, type RateCounterStore } from './rate-counter-store.js';
import { RateLimiter } from './rate-limiter.js';

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
  it('allows `limit` attempts per window, then says how long to wait, and starts over when it ends', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(store(), () => now);
    const rule = { key: `test:window:${(seq += 1)}`, limit: 3, windowS: 60, message: 'Wait {wait}' };
    for (let i = 0; i < 3; i += 1) await limiter.reserve([rule]);
    now += 20;
    await expect(limiter.reserve([rule])).rejects.toMatchObject({ message: 'Wait 40 seconds' });
    expect(await limiter.waitFor(rule)).toBe(40);
    now += 40; // the window [1_000_000, 1_000_060) is over
    expect(await limiter.waitFor(rule)).toBe(0);
    await limiter.reserve([rule]);
    await limiter.reserve([rule]);
    await limiter.reserve([rule]);
    await expect(limiter.reserve([rule])).rejects.toMatchObject({ message: 'Wait 60 seconds' });
  });

  it('a refused attempt is not kept, a released one is taken back, and a reset lifts a lock-out', async () => {
    const now = 2_000_000;
    const counters = store();
    const limiter = new RateLimiter(counters, () => now);
    const rule = { key: `test:reset:${(seq += 1)}`, limit: 1, windowS: 900, message: 'Locked for {wait}' };
    const first = await limiter.reserve([rule]);
    await expect(limiter.reserve([rule])).rejects.toMatchObject({ message: 'Locked for 15 minutes' });
    expect((await counters.get(rule.key))?.hits).toBe(1);
    await first.release();
    await first.release(); // a second release takes nothing more back
    expect((await counters.get(rule.key))?.hits).toBe(0);
    await limiter.reserve([rule]);
    await limiter.reset(rule.key);
    await limiter.reserve([rule]);
  });

  it('of a parallel burst, exactly `limit` attempts are allowed', async () => {
    const limiter = new RateLimiter(store(), () => 3_000_000);
    const rule = { key: `test:parallel:${(seq += 1)}`, limit: 5, windowS: 60, message: 'No' };
    const results = await Promise.all(Array.from({ length: 60 }, () => limiter.tryReserve([rule])));
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    expect(await limiter.waitFor(rule)).toBe(60);
  });

  it('a refusal by a later rule takes back what the earlier rules counted', async () => {
    const counters = store();
    const limiter = new RateLimiter(counters, () => 3_500_000);
    const wide = { key: `test:wide:${(seq += 1)}`, limit: 100, windowS: 60, message: 'No' };
    const narrow = { key: `test:narrow:${(seq += 1)}`, limit: 2, windowS: 60, message: 'No' };
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.tryReserve([wide, narrow])));
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    expect((await counters.get(wide.key))?.hits).toBe(2);
  });

  it('a back-off rule allows `limit` attempts, then one per doubling delay up to its cap, never locked longer', async () => {
    let now = 4_000_000;
    const limiter = new RateLimiter(store(), () => now);
    const rule = {
      key: `test:backoff:${(seq += 1)}`,
      limit: 3,
      windowS: 900,
      backoff: { capS: 8 },
      message: 'Wait {wait}',
    };
    // A parallel burst: the 3 free attempts and the first delayed one get through, no more.
    const burst = await Promise.all(Array.from({ length: 50 }, () => limiter.tryReserve([rule])));
    expect(burst.filter((result) => result.ok)).toHaveLength(4);
    await expect(limiter.reserve([rule])).rejects.toMatchObject({ message: 'Wait 1 seconds' });
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      now += await limiter.waitFor(rule);
      await limiter.reserve([rule]);
      waits.push(await limiter.waitFor(rule));
    }
    expect(waits).toEqual([2, 4, 8, 8, 8, 8]);
    expect(backoffDelay(100, { limit: 3, capS: 8 })).toBe(8);
    now += 900; // the window is over: free attempts again
    for (let i = 0; i < 3; i += 1) await limiter.reserve([rule]);
    expect(await limiter.waitFor(rule)).toBe(0);
  });

  it('a free back-off attempt whose clock was read a second earlier than the last one is still counted', async () => {
    // Parallel requests read the clock before they queue for the store, so they arrive out of order.
    let now = 5_000_001;
    const limiter = new RateLimiter(store(), () => now);
    const rule = {
      key: `test:skew:${(seq += 1)}`,
      limit: 3,
      windowS: 900,
      backoff: { capS: 8 },
      message: 'No',
    };
    await limiter.reserve([rule]);
    now = 5_000_000;
    await limiter.reserve([rule]);
    await limiter.reserve([rule]);
    expect(await limiter.waitFor(rule)).toBe(0);
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
    await onA.reserve([rule]);
    await onB.reserve([rule]);
    await onA.reserve([rule]);
    await onB.reserve([rule]);
    await expect(onA.reserve([rule])).rejects.toMatchObject({ code: expect.any(Number) });
    await expect(onB.reserve([rule])).rejects.toMatchObject({ code: expect.any(Number) });
    const row = await ctx.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', rule.key)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
