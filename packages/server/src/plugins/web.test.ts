import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { RUNTIME_CONFIG_GLOBAL, RUNTIME_CONFIG_PATH } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeTestConfig, type TestApp } from '../testing/test-app.js';

describe('without a web build', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp({ apiHosts: ['https://a.example', 'https://b.example'] });
  });
  afterAll(async () => ctx.close());

  it('GET /healthz answers 200 {status: ok} once the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /app-config.js sets the runtime config global, uncached', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: RUNTIME_CONFIG_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const window: Record<string, unknown> = {};
    runInNewContext(response.body, { window });
    expect(window[RUNTIME_CONFIG_GLOBAL]).toEqual({
      envelopeKey: ctx.config.envelopeKey,
      apiKey: ctx.config.apiKey,
      imageXorKey: ctx.config.imageXorKey,
      apiHosts: ['https://a.example', 'https://b.example'],
      version: '1.4.1',
    });
  });

  it('GET / explains that the web app is not built, instead of failing', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/web app is not built/);
  });
});

describe('with a web build in WEB_DIR', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    const base = makeTestConfig();
    const webDir = join(base.dataDir, 'web');
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>51</title><div id="root"></div>');
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(join(webDir, 'manifest.webmanifest'), '{"name":"51"}');
    ctx = await buildTestApp({ ...base, webDir });
  });
  afterAll(async () => ctx.close());

  it('serves index.html at / and never lets it be cached stale', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files with no-cache, and 404 for missing ones', async () => {
    const manifest = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('still routes the API, the docs and the runtime config', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: RUNTIME_CONFIG_PATH })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const unknown = await ctx.app.inject({ method: 'POST', url: '/v3/none' });
    expect(unknown.json()).toMatchObject({ code: 404 });
  });
});
