import { ALL_CALLS, API_CODES } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

interface Doc {
  openapi: string;
  info: { description: string };
  paths: Record<
    string,
    { post: { description: string; requestBody: unknown; responses: Record<string, unknown> } }
  >;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; allOf?: unknown[] }> };
}

describe('the OpenAPI description', () => {
  let doc: Doc;
  beforeAll(async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    doc = response.json<Doc>();
  });

  it('lists every call, including /v3/app/init, /v3/app/start and /v3/user/index', () => {
    expect(doc.openapi).toMatch(/^3\./);
    // The console's /admin/api paths are checked by admin/admin-api.test.ts.
    const clientPaths = Object.keys(doc.paths).filter((path) => path.startsWith('/v3/'));
    expect(clientPaths.sort()).toEqual(ALL_CALLS.map((call) => call.path).sort());
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v3/app/init', '/v3/app/start', '/v3/user/index']),
    );
  });

  it('documents the opened payloads from the zod schemas', () => {
    const { schemas } = doc.components;
    expect(schemas['AppInitRequest']?.allOf).toHaveLength(2);
    expect(JSON.stringify(schemas['AppInitRequest'])).toContain('deviceid');
    expect(Object.keys(schemas['AppInitResponse']?.properties ?? {})).toEqual(
      expect.arrayContaining(['token', 'is_guest', 'guest', 'user']),
    );
    expect(Object.keys(schemas['UserIndexResponse']?.properties ?? {})).toEqual(['guest', 'user']);
    expect(Object.keys(schemas['MergedFields']?.properties ?? {})).toEqual(
      expect.arrayContaining([
        'user_token',
        'user_id',
        'facility',
        'deviceid',
        'apikey',
        'is_guest',
        'timestamp',
      ]),
    );
  });

  it('explains the envelope, the merged fields and the error codes', () => {
    expect(doc.info.description).toMatch(/application\/x-www-form-urlencoded/);
    expect(doc.info.description).toMatch(/AES-CFB/);
    expect(doc.info.description).toMatch(/\| 1005 \| PARAMS_INVALID/);
    const userIndex = doc.paths['/v3/user/index']!.post;
    expect(userIndex.description).toMatch(/`401` SESSION_INVALID/);
    expect(userIndex.responses).toHaveProperty('401');
    expect(doc.paths['/v3/app/start']!.post.responses).not.toHaveProperty('401');
  });

  it('lists every response code of the catalogue, with its meaning', () => {
    for (const [name, { code, meaning }] of Object.entries(API_CODES)) {
      expect(doc.info.description).toContain(`| ${code} | ${name} | ${meaning} |`);
    }
  });

  it('serves Swagger UI at /docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/swagger/i);
  });
});
