import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Errors } from '../errors.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

type Line = Record<string, unknown>;

const SEALED_BODY = 'SEALED-PAYLOAD-THAT-MUST-NOT-BE-LOGGED';

function capturingLogger(level: pino.Level) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

async function testRoutes(app: FastifyInstance): Promise<void> {
  app.post('/test/boom', async () => {
    throw new Error('kaboom');
  });
  app.post('/test/app-error', async () => {
    throw Errors.internal();
  });
  app.get('/test/unavailable', async (_request, reply) => reply.status(503).send({ status: 'down' }));
}

describe('request logging', () => {
  let ctx: TestApp;
  let lines: Line[];

  beforeAll(async () => {
    const capture = capturingLogger('debug');
    lines = capture.lines;
    ctx = await buildTestApp({}, { loggerInstance: capture.logger, beforeReady: testRoutes });
  });
  afterAll(async () => ctx.close());
  beforeEach(() => {
    lines.length = 0;
  });

  const atOrAbove = (level: number) => lines.filter((line) => (line['level'] as number) >= level);

  it('logs a normal request once, at debug, without its query string', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/v3/anime/key?chapter_id=1&token=secret-play-token',
    });
    expect(response.statusCode).toBe(403);
    expect(atOrAbove(30)).toEqual([]);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 20,
        msg: 'request completed',
        method: 'GET',
        url: '/v3/anime/key',
        statusCode: 403,
        responseTime: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-play-token');
  });

  it('logs nothing at info for an answered API call', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(atOrAbove(30)).toEqual([]);
  });

  it('logs an unexpected error once, at error, with its stack and without the request body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/test/boom?token=query-secret',
      payload: { data: SEALED_BODY },
    });
    expect(response.statusCode).toBe(500);
    const errors = atOrAbove(50);
    expect(errors).toEqual([
      expect.objectContaining({
        msg: 'unexpected error',
        method: 'POST',
        url: '/test/boom',
        err: expect.objectContaining({ message: 'kaboom', stack: expect.stringContaining('kaboom') }),
      }),
    ]);
    // The request line itself stays at debug: the failure is not logged twice.
    expect(lines.filter((line) => line['msg'] === 'request completed')).toHaveLength(1);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(SEALED_BODY);
    expect(logged).not.toContain('query-secret');
  });

  it('logs a deliberate internal error once', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/test/app-error',
      payload: { data: SEALED_BODY },
    });
    expect(response.statusCode).toBe(500);
    expect(atOrAbove(50)).toEqual([
      expect.objectContaining({ msg: 'request failed', url: '/test/app-error' }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(SEALED_BODY);
  });

  it('logs a 5xx answered without an exception at error', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/test/unavailable' });
    expect(response.statusCode).toBe(503);
    expect(atOrAbove(50)).toEqual([
      expect.objectContaining({
        msg: 'request failed',
        method: 'GET',
        url: '/test/unavailable',
        statusCode: 503,
      }),
    ]);
  });
});

describe('request logging at the default level', () => {
  it('writes nothing for normal requests and one error line for a failure', async () => {
    const { logger, lines } = capturingLogger('info');
    const ctx = await buildTestApp({}, { loggerInstance: logger, beforeReady: testRoutes });
    try {
      lines.length = 0;
      for (const url of ['/healthz', '/app-config.js', '/no-such-page']) {
        await ctx.app.inject({ method: 'GET', url });
      }
      expect(lines).toEqual([]);
      await ctx.app.inject({ method: 'POST', url: '/test/boom', payload: { data: SEALED_BODY } });
      expect(lines).toEqual([
        expect.objectContaining({ level: 50, msg: 'unexpected error', url: '/test/boom' }),
      ]);
      expect(JSON.stringify(lines)).not.toContain(SEALED_BODY);
    } finally {
      await ctx.close();
    }
  });
});
