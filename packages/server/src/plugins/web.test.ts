import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_GLOBAL, RUNTIME_CONFIG_PATH } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeTestConfig, type TestApp } from '../testing/test-app.js';
import { DOCUMENT_ONLY_HEADERS } from './web.js';

/** The web build's post-build step, run on the tests' tiny builds so they get real .br/.gz copies. */
const COMPRESS_DIST = join(dirname(fileURLToPath(import.meta.url)), '../../../web/scripts/compress-dist.mjs');

const INDEX_HTML = '<!doctype html><title>51</title><div id="root"></div>';
/** Big enough that compression shows, like a real chunk. */
const APP_JS = `console.log("app");\n${'export const page = () => "page";\n'.repeat(200)}`;
const SW_JS = `self.addEventListener("install", () => self.skipWaiting());\n${'// precache\n'.repeat(100)}`;

/** A tiny web build in `dataDir/web`: index.html, one hashed chunk, sw.js, a manifest and an icon. */
function writeWebBuild(dataDir: string, { compressed }: { compressed: boolean }): string {
  const webDir = join(dataDir, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  mkdirSync(join(webDir, 'icons'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), APP_JS);
  writeFileSync(join(webDir, 'sw.js'), SW_JS);
  writeFileSync(join(webDir, 'manifest.webmanifest'), '{"name":"51"}');
  writeFileSync(join(webDir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  if (compressed) execFileSync(process.execPath, [COMPRESS_DIST, webDir], { stdio: 'ignore' });
  return webDir;
}

describe('without a web build', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp({ apiHosts: ['https://a.example', 'https://b.example'] });
  });
  afterAll(async () => ctx.close());

  it('GET /healthz answers 200 {status: ok} (the process is live)', async () => {
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
    const webDir = writeWebBuild(base.dataDir, { compressed: true });
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

  it('sends hashed assets without the document-only security headers, which the page and sw.js keep', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(asset.headers[name]).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-site');
    for (const url of ['/', '/sw.js']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Off on purpose: it made Chrome start the page in a cold process (security-headers.ts).
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    }
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

  it('sends a hashed asset as its build-time brotli copy to a client that accepts br', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(APP_JS.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(APP_JS);
  });

  it('falls back to the gzip copy, then to the file itself', async () => {
    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(APP_JS);

    const identity = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    // The plain answer still varies on Accept-Encoding, or a shared cache could hand it to everyone.
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.body).toBe(APP_JS);
  });

  it.each(['/', '/index.html'])('sends %s compressed and never cached stale', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(INDEX_HTML);
  });

  it('sends the service worker compressed and no-cache, so a new release is found at once', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(SW_JS);
  });

  it('sends images as they are', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/icons/icon-192.png',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/png');
  });
});

describe('with a web build and COMPRESSION=off', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    const base = makeTestConfig({ compression: false });
    ctx = await buildTestApp({ ...base, webDir: writeWebBuild(base.dataDir, { compressed: true }) });
  });
  afterAll(async () => ctx.close());

  it('sends the plain files, ignoring the compressed copies', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(APP_JS);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('with a web build that has no compressed copies', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    const base = makeTestConfig();
    ctx = await buildTestApp({ ...base, webDir: writeWebBuild(base.dataDir, { compressed: false }) });
  });
  afterAll(async () => ctx.close());

  it('still serves every file, compressing per request instead', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(APP_JS);
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).body).toBe(INDEX_HTML);
  });
});

describe('index.html with the runtime config written in as a JSON data block', () => {
  const PAGE =
    '<!doctype html><title>51</title><div id="root"></div>\n' +
    '<script src="./app-config.js"></script>\n<script type="module" src="./assets/index-abc123.js"></script>';
  /** A mirror host that tries to close the element: it must stay inside the JSON. */
  const HOSTILE_HOST = 'https://a.example/</script><script>alert(1)</script><!--';
  let ctx: TestApp;
  beforeAll(async () => {
    const base = makeTestConfig();
    const webDir = writeWebBuild(base.dataDir, { compressed: false });
    writeFileSync(join(webDir, 'index.html'), PAGE);
    ctx = await buildTestApp({ ...base, webDir, apiHosts: [HOSTILE_HOST] });
  });
  afterAll(async () => ctx.close());

  const navigate = (url: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
    });

  it('a page load gets the config as a JSON data block instead of the /app-config.js script', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await navigate(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/sec-fetch-dest/i);
      expect(response.body).not.toContain('app-config.js');
      // The page's script policy is unchanged: the block is data, not a script that runs.
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
      const block = new RegExp(
        `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">([^<]*)</script>`,
      ).exec(response.body);
      expect(block).not.toBeNull();
      expect(JSON.parse(block![1]!)).toEqual({
        envelopeKey: ctx.config.envelopeKey,
        apiKey: ctx.config.apiKey,
        imageXorKey: ctx.config.imageXorKey,
        apiHosts: [HOSTILE_HOST],
        version: '1.4.1',
      });
      // The hostile value did not end the element or open another one.
      expect(response.body.match(/<script/g)).toHaveLength(2);
      expect(response.body).toContain('<script type="module" src="./assets/index-abc123.js"></script>');
    }
  });

  it('anything else (the service worker precaching index.html) gets the file as built', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(PAGE);
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).body).toBe(PAGE);
    // And /app-config.js still answers for it.
    expect((await ctx.app.inject({ method: 'GET', url: RUNTIME_CONFIG_PATH })).statusCode).toBe(200);
  });
});
