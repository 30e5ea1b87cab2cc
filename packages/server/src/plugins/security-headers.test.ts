import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient } from '../testing/test-client.js';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await buildTestApp({ apiHosts: ['https://api-mirror.example.com'] });
});
afterAll(() => ctx.close());

function expectHardened(headers: Record<string, unknown>): string {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  return csp;
}

describe('security headers', () => {
  it('are on API answers, errors, health checks and unknown paths', async () => {
    const client = createTestClient(ctx);
    const guest = await client.initGuest();
    const api = await ctx.app.inject({
      method: 'POST',
      url: '/v3/app/start',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `data=${client.envelope.seal(client.mergedFields(guest))}`,
    });
    expectHardened(api.headers);
    const refused = await ctx.app.inject({ method: 'POST', url: '/v3/app/start', payload: 'not a form' });
    expectHardened(refused.headers);
    expectHardened((await ctx.app.inject({ method: 'GET', url: '/healthz' })).headers);
    expectHardened((await ctx.app.inject({ method: 'GET', url: '/media/../../etc/passwd' })).headers);
  });

  it('let the app load only its own scripts, show blob images and video, and call its API mirrors', async () => {
    const csp = expectHardened((await ctx.app.inject({ method: 'GET', url: '/healthz' })).headers);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    // Images from anywhere on https (ads and banners on an operator's CDN) and the API mirrors.
    expect(csp).toMatch(/img-src 'self' blob: data: https: https:\/\/api-mirror\.example\.com/);
    expect(csp).toMatch(/media-src 'self' blob:/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api-mirror\.example\.com/);
    // A self-hosted server on plain http keeps loading its own files.
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it("give the API docs Swagger UI's own policy, without upgrading a plain-http server", async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/docs' });
    expect(docs.statusCode).toBe(200);
    const csp = String(docs.headers['content-security-policy'] ?? '');
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('Strict-Transport-Security', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';
  let behindBalancer: TestApp;
  beforeAll(async () => {
    // The balancer on loopback terminates TLS and says so in X-Forwarded-Proto.
    behindBalancer = await buildTestApp({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => behindBalancer.close());

  const healthz = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url: '/healthz', remoteAddress, headers });

  it('is sent when a trusted balancer says the request came over https', async () => {
    const answer = await healthz(behindBalancer, '127.0.0.1', { 'x-forwarded-proto': 'https' });
    expect(answer.headers['strict-transport-security']).toBe(HSTS);
    expectHardened(answer.headers);
  });

  it('is never sent over plain http, from the balancer or not', async () => {
    for (const answer of [
      await healthz(behindBalancer, '127.0.0.1'),
      await healthz(behindBalancer, '127.0.0.1', { 'x-forwarded-proto': 'http' }),
      await healthz(ctx, '127.0.0.1'),
    ])
      expect(answer.headers).not.toHaveProperty('strict-transport-security');
  });

  it('is not sent when a peer that is not a trusted balancer claims https', async () => {
    const spoofed = await healthz(behindBalancer, '203.0.113.9', { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers).not.toHaveProperty('strict-transport-security');
    // Nor by a server that trusts no balancer at all (TRUST_PROXY unset).
    const untrusting = await healthz(ctx, '127.0.0.1', { 'x-forwarded-proto': 'https' });
    expect(untrusting.headers).not.toHaveProperty('strict-transport-security');
  });
});
