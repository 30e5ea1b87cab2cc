/**
 * Path traversal and bad ranges on every GET route the server registers (the web build, media,
 * OPDS, docs, the cashier, health), read from Fastify's route table so a new route is covered
 * without anyone adding it here. Each route's parameters are replaced by traversal attempts
 * (encoded, double-encoded, backslashes, NUL), huge and negative numbers and very long values, and
 * a stored media object is asked for malformed, reversed, out-of-range and many-part byte ranges.
 * No answer may be a 5xx, and no answer may carry the database file, the server's source or
 * /etc/passwd.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMediaKey, mediaUrlPath } from '../media/media-key.js';
import { registeredRoutes } from '../testing/route-table.js';
import { buildTestApp, makeTestConfig, type TestApp } from '../testing/test-app.js';

let ctx: TestApp;
let mediaUrl: string;

const getRoutes = () => registeredRoutes(ctx.app, 'GET');

const HOSTILE_SEGMENTS = [
  '..',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fapp.db',
  '%252e%252e%252fapp.db',
  '..%5c..%5capp.db',
  '....//....//etc/passwd',
  'x%00.png',
  '99999999999999999999',
  '-1',
  '2147483648',
  'a'.repeat(4_000),
  '%ff%fe',
];

/** Whatever a leak would look like: the SQLite header, a password file, our own source. */
const LEAKS = ['SQLite format 3', 'root:x:0:0', 'import { ', 'ENVELOPE_KEY'];

beforeAll(async () => {
  const config = makeTestConfig();
  const webDir = join(config.dataDir, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>51</title><div id="root"></div>');
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log("app");');
  // A console build too: without one /admin answers a deliberate 503 "not built" notice.
  const adminDir = join(config.dataDir, 'admin');
  mkdirSync(join(adminDir, 'assets'), { recursive: true });
  writeFileSync(join(adminDir, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  writeFileSync(join(adminDir, 'assets', 'index-def456.js'), 'console.log("console");');
  ctx = await buildTestApp({ ...config, webDir, adminDir });
  const bytes = Buffer.alloc(4096, 7);
  const key = contentMediaKey(bytes, 'jpg', { xfile: false });
  await ctx.app.media.put(key, bytes);
  mediaUrl = mediaUrlPath(key);
});
afterAll(async () => ctx?.close());

describe('hostile paths on every GET route', () => {
  it('finds the routes', () => {
    const routes = getRoutes();
    expect(routes).toEqual(
      expect.arrayContaining(['/healthz', '/opds', '/opds/chapters/:id/pages/:page', '/*']),
    );
  });

  it('answers traversal and odd parameters without a 5xx or a leak', async () => {
    const tried: string[] = [];
    // Media answers under the catch-all; its folder is where a traversal would find app.db.
    for (const route of [...getRoutes(), '/media/*', '/assets/*', '/admin/assets/*']) {
      for (const segment of HOSTILE_SEGMENTS) {
        const url = route.replace(/:[^/]+/g, segment).replace(/\*$/, segment);
        const urls =
          url === route ? [`${route.replace(/\/$/, '')}/${segment}`, `${route}?id=${segment}`] : [url];
        for (const attempt of urls) {
          const response = await ctx.app.inject({ method: 'GET', url: attempt });
          tried.push(attempt);
          expect(response.statusCode, attempt).toBeLessThan(500);
          for (const leak of LEAKS)
            expect(response.body.includes(leak), `${attempt} leaks ${leak}`).toBe(false);
        }
      }
    }
    expect(tried.length).toBeGreaterThan(100);
  });

  it.each([
    ['bytes=abc', [416, 200]],
    ['bytes=500-100', [416, 200]],
    ['bytes=-0', [416, 200]],
    ['bytes=999999999999-', [416]],
    ['bytes=0-99999999999999999999', [206, 200, 416]],
    ['items=0-10', [200, 416]],
    [`bytes=${Array.from({ length: 500 }, (_, i) => `${i}-${i}`).join(',')}`, [200, 206, 416]],
    ['bytes=0-0,-1', [200, 206, 416]],
  ])('answers the media range %s sanely', async (range, allowed) => {
    const response = await ctx.app.inject({ method: 'GET', url: mediaUrl, headers: { range } });
    expect(allowed, `${range} → ${response.statusCode}`).toContain(response.statusCode);
    // Never more than the object, whatever the ranges ask for.
    expect(response.rawPayload.length).toBeLessThanOrEqual(4096);
  });
});
