/**
 * An instance whose Redis is unreachable keeps serving: rate limits and lock-outs are
 * counted in the database meanwhile, views and ad clicks are kept in memory and written by the next
 * flush (none lost), an operator's change still shows on this instance, and ping() says false.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { RateLimitRepository } from '../repositories/rate-limit.repository.js';
import { buildWork } from '../testing/catalogue-factory.js';
import { freeLoopbackPort } from '../testing/free-port.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { RedisRateCounters } from './redis-rate-counters.js';

let ctx: TestApp;

beforeAll(async () => {
  // A port nothing listens on: every command fails after one reconnect attempt.
  const port = await freeLoopbackPort();
  ctx = await buildTestApp({ redis: { url: `redis://127.0.0.1:${port}/0`, keyPrefix: 'dm51-test-down:' } });
}, 60_000);
afterAll(async () => ctx.close());

describe('Redis unreachable', () => {
  it('ping() answers false', async () => {
    expect(await ctx.app.redis!.ping()).toBe(false);
  });

  it('a lock-out is still enforced, counted in the database', async () => {
    const limiter = new RateLimiter(
      new RedisRateCounters(ctx.app.redis!, new RateLimitRepository(ctx.db), ctx.app.log),
    );
    const rule = { key: 'test:outage', limit: 2, windowS: 60, message: 'Wait {wait}' };
    await limiter.reserve([rule]);
    await limiter.reserve([rule]);
    await expect(limiter.reserve([rule])).rejects.toMatchObject({ message: expect.stringMatching(/^Wait/) });
    const row = await ctx.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', rule.key)
      .executeTakeFirst();
    expect(row?.hits).toBe(2);
  }, 30_000);

  it('views counted meanwhile are written by the flush, none lost', async () => {
    const work = await buildWork(ctx.db, null, { title: 'Counted offline' });
    for (let i = 0; i < 3; i += 1) ctx.app.services.views.count(work.id);
    await ctx.app.services.views.settled();
    expect(ctx.app.services.views.pendingViews).toBe(3);
    await ctx.app.services.views.flush();
    const row = await ctx.db
      .selectFrom('works')
      .select('views_total')
      .where('id', '=', work.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.views_total)).toBe(3);
  }, 30_000);
});
