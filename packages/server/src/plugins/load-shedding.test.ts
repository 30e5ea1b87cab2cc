/**
 * Overload and an unreachable database are answered at once with HTTP 503, SERVICE_UNAVAILABLE and
 * Retry-After, never with a generic 500 or a request left hanging; the health check is not shed.
 */
import { ApiCode } from '@dm51/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseInputError, isDatabaseUnavailable } from '../db/database.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

let ctx: TestApp | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // a stall, as a slow synchronous task would cause
  }
}

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, and recovers', async () => {
    ctx = await buildTestApp({ shedEventLoopDelayMs: 50 });
    const app = ctx.app;
    const unknownCall = () => app.inject({ method: 'GET', url: '/no-such-page' });
    const served = () =>
      expect.poll(async () => (await unknownCall()).statusCode, { timeout: 10_000, interval: 50 }).toBe(404);
    // Building the app (migrations) stalls the loop too: start from a served request.
    await served();

    // Keep the loop stalling, as sustained overload does, until a request is shed: a single stall
    // raced the sampler on a loaded machine (the request could run before the sample that saw it).
    const stall = setInterval(() => blockEventLoop(150), 5);
    let shed: Awaited<ReturnType<typeof unknownCall>> | undefined;
    let health: Awaited<ReturnType<typeof unknownCall>>;
    try {
      await expect
        .poll(
          async () => {
            const answer = await unknownCall();
            if (answer.statusCode === 503) shed = answer;
            return answer.statusCode;
          },
          { timeout: 10_000, interval: 20 },
        )
        .toBe(503);
      health = await app.inject({ method: 'GET', url: '/healthz' });
    } finally {
      clearInterval(stall);
    }
    expect(shed!.headers['retry-after']).toBe('2');
    expect(shed!.json()).toMatchObject({ code: ApiCode.SERVICE_UNAVAILABLE, data: null });
    expect(health.statusCode).toBe(200);

    // Once the loop is idle again, requests are served.
    await served();
  });

  it('is off with SHED_EVENT_LOOP_DELAY_MS=0', async () => {
    ctx = await buildTestApp({ shedEventLoopDelayMs: 0 });
    blockEventLoop(300);
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect((await ctx.app.inject({ method: 'GET', url: '/no-such-page' })).statusCode).toBe(404);
  });
});

describe('an unreachable database', () => {
  it('is told apart from other failures', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    // PostgreSQL refusing a client's value is bad input (400), not an outage.
    expect(isDatabaseInputError(Object.assign(new Error('invalid byte sequence'), { code: '22021' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('invalid byte sequence'), { code: '22021' }))).toBe(
      false,
    );
    expect(
      isDatabaseInputError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(false);
  });

  it('is answered 503 SERVICE_UNAVAILABLE with Retry-After, not 500', async () => {
    ctx = await buildTestApp(
      {},
      {
        beforeReady: async (app) => {
          app.get('/test/db-down', async () => {
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          });
          app.get('/test/bug', async () => {
            throw new TypeError('a bug');
          });
        },
      },
    );
    const down = await ctx.app.inject({ method: 'GET', url: '/test/db-down' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('2');
    expect(down.json()).toMatchObject({ code: ApiCode.SERVICE_UNAVAILABLE });
    expect(down.body).not.toContain('5432');
    expect((await ctx.app.inject({ method: 'GET', url: '/test/bug' })).statusCode).toBe(500);
  });
});
